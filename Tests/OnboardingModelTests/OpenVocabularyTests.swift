import Testing
import AppVocabulary

/// The vocabulary is open: an app outside the package names its own actions, endpoints, bugs and
/// id, and they behave like the bundled ones.
struct OpenVocabularyTests {
    @Test func everyBundledNameCarriesTheFingerprintOfItsName() {
        for action in UserAction.allCases { #expect(action.fingerprint == NameFingerprint.of(action.rawValue), "\(action)") }
        for endpoint in Endpoint.allCases { #expect(endpoint.fingerprint == NameFingerprint.of(endpoint.rawValue), "\(endpoint)") }
        for mutant in Mutant.allCases { #expect(mutant.fingerprint == NameFingerprint.of(mutant.rawValue), "\(mutant)") }
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
        #expect([Mutant("trendy-b"), .pickupSharedCache, Mutant("trendy-a"), .fix10, .fix2].sorted()
                    == [.fix2, .fix10, .pickupSharedCache, Mutant("trendy-a"), Mutant("trendy-b")])
    }

    @Test func theCatalogueKnowsItsOwnIdsOnlyAndEachOnce() {
        #expect(Set(Mutant.allCases.map(\.rawValue)).count == Mutant.allCases.count)
        #expect(Mutant.entry(named: "fix-3")?.summary.contains("activation") == true)
        #expect(Mutant.entry(named: "pickup-dead-token")?.app == .pickup)
        #expect(Mutant.entry(named: "trendy-lost-step") == nil)
        #expect(Mutant("trendy-lost-step").summary.isEmpty)
    }
}
