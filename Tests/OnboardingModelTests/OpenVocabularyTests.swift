import Testing
import AppVocabulary
import OnboardingModel

/// The vocabulary is open: an app outside the package names its own actions, endpoints, bugs and
/// id, and they behave like the bundled ones.
struct OpenVocabularyTests {
    @Test func everyBundledNameCarriesTheFingerprintOfItsName() {
        for action in UserAction.allCases { #expect(action.fingerprint == NameFingerprint.of(action.rawValue), "\(action)") }
        for endpoint in Endpoint.allCases { #expect(endpoint.fingerprint == NameFingerprint.of(endpoint.rawValue), "\(endpoint)") }
        for mutant in FixPlanCatalogue.entries.map(\.mutant) { #expect(mutant.fingerprint == NameFingerprint.of(mutant.rawValue), "\(mutant)") }
        for app in AppID.allCases { #expect(app.fingerprint == NameFingerprint.of(app.rawValue), "\(app)") }
    }

    @Test func aBundledActionsPositionIsItsPlaceInTheList() {
        for (position, action) in UserAction.allCases.enumerated() {
            #expect(action.bundledPosition == position, "\(action)")
            #expect(UserAction(action.rawValue).bundledPosition == position, "\(action) made from its name")
        }
        #expect(UserAction("allow-photos").bundledPosition == nil)
    }

    @Test func anAppsOwnNamesCompareByName() {
        let allowPhotos = UserAction("allow-photos")
        #expect(allowPhotos == UserAction(rawValue: "allow-photos"))
        #expect(allowPhotos != UserAction("allow-location"))
        #expect(UserAction("get-started") == .getStarted)
        #expect(Set([allowPhotos, UserAction("allow-photos"), .retry]).count == 2)
        #expect(Endpoint("upload-photo") == Endpoint(rawValue: "upload-photo"))
        #expect(Endpoint("upload-photo") != .program)
    }

    @Test func bundledNamesSortInTheirListedOrderBeforeAnAppsOwn() {
        #expect(UserAction.getStarted < .cancelAppleSheet)
        #expect(UserAction.cancelAppleSheet < UserAction("allow-location"))
        #expect(UserAction("allow-location") < UserAction("allow-photos"))
        #expect(!(UserAction("allow-photos") < UserAction("allow-photos")))
        // Mutants by id, a number by its value.
        let shared = Mutant("pickup-shared-cache")
        #expect([Mutant("trendy-b"), shared, Mutant("trendy-a"), .fix10, .fix2].sorted()
                    == [.fix2, .fix10, shared, Mutant("trendy-a"), Mutant("trendy-b")])
        #expect(Mutant("pit-2") < Mutant("pit-10") && Mutant("fix-1") < Mutant("fix-1a") && !(Mutant("fix-1a") < Mutant("fix-1")))
        #expect(!(Mutant.fix2 < .fix2))
    }

    @Test func theCatalogueKnowsItsOwnIdsOnlyAndEachOnce() {
        let ids = FixPlanCatalogue.entries.map(\.mutant.rawValue)
        #expect(Set(ids).count == ids.count)
        #expect(FixPlanCatalogue.entries.allSatisfy { $0.app == .fixPlan })
        #expect(FixPlanCatalogue.entries.first { $0.mutant == .fix3 }?.summary.contains("activation") == true)
        #expect(!ids.contains("trendy-lost-step") && !ids.contains("pickup-dead-token"))
    }
}
