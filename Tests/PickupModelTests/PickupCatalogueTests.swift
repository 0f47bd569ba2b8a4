import Testing
import AppVocabulary
import PickupModel

/// The pickup app's catalogue: its own ids, each once, each carrying its name's fingerprint.
@Suite struct PickupCatalogueTests {
    @Test func eachIdIsThePickupAppsOnceWithItsNamesFingerprint() {
        let ids = PickupCatalogue.entries.map(\.mutant)
        #expect(Set(ids).count == ids.count && !ids.isEmpty)
        #expect(PickupCatalogue.entries.allSatisfy { $0.app == .pickup && $0.mutant.rawValue.hasPrefix("pickup-") })
        for mutant in ids { #expect(mutant.fingerprint == NameFingerprint.of(mutant.rawValue), "\(mutant)") }
        #expect(PickupCatalogue.entries.first { $0.mutant == .pickupDeadToken }?.source.contains("004") == true)
    }
}
