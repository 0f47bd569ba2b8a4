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

    @Test func everyNameOfThePickupAppCarriesTheFingerprintOfItsName() {
        for action in PickupVocabulary.actions { #expect(action.fingerprint == NameFingerprint.of(action.rawValue), "\(action)") }
        for endpoint in PickupVocabulary.endpoints { #expect(endpoint.fingerprint == NameFingerprint.of(endpoint.rawValue), "\(endpoint)") }
        #expect(AppID.pickup.fingerprint == NameFingerprint.of(AppID.pickup.rawValue))
        #expect(BackendRequest.typed(PickupRequest.bookings(userID: "p1")).sessionUser == "p1")
        #expect(BackendRequest.typed(PickupRequest.appleSignIn(appleUser: "a")).sessionUser == nil)
    }
}
