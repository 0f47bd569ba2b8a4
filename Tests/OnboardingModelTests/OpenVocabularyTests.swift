import Testing
import AppVocabulary
import OnboardingModel
import SimKernel

/// The vocabulary is open: an app outside the package names its own actions, endpoints, bugs and
/// id, and they behave like the bundled ones.
struct OpenVocabularyTests {
    @Test func everyNameOfTheFixPlansAppCarriesTheFingerprintOfItsName() {
        for action in FixPlanVocabulary.actions { #expect(action.fingerprint == NameFingerprint.of(action.rawValue), "\(action)") }
        for endpoint in FixPlanVocabulary.endpoints { #expect(endpoint.fingerprint == NameFingerprint.of(endpoint.rawValue), "\(endpoint)") }
        for mutant in FixPlanCatalogue.entries.map(\.mutant) { #expect(mutant.fingerprint == NameFingerprint.of(mutant.rawValue), "\(mutant)") }
        #expect(AppID.fixPlan.fingerprint == NameFingerprint.of(AppID.fixPlan.rawValue))
        #expect(FixPlanRoles.roles.role(of: UserAction("sign-out")) == .signOut, "the device's sign-out, declared by its name")
    }

    @Test func theFixPlansRequestsWriteWhatTheyCarryInTheirOwnWords() {
        func written(_ request: FixPlanRequest) -> String {
            var out = CanonicalText()
            BackendRequest.typed(request).writeCarried(to: &out)
            return out.text
        }
        #expect(written(.sendOTP(email: "a@b.co", shouldCreateUser: true)) == #"send-otp email="a@b.co" create-user=true"#)
        #expect(written(.verifyOTP(email: "a@b.co", code: "123456")) == #"verify-otp email="a@b.co" code="123456""#)
        #expect(written(.selectGoal(userID: "u1", option: "Run a 5k")) == #"select-goal option="Run a 5k""#)
        // What the user entered is on record for these three, and only these.
        #expect([FixPlanRequest.sendOTP(email: "a", shouldCreateUser: false), .verifyOTP(email: "a", code: "1"),
                 .selectGoal(userID: "u1", option: "x")].allSatisfy { BackendRequest.typed($0).carriesUserInput })
        #expect(!BackendRequest.typed(FixPlanRequest.journey(userID: "u1")).carriesUserInput)
        #expect(BackendRequest.typed(FixPlanRequest.selectGoal(userID: "u1", option: "Run")) == .typed(FixPlanRequest.selectGoal(userID: "u1", option: "Run")))
        #expect(BackendRequest.typed(FixPlanRequest.journey(userID: "u1")) != .typed(FixPlanRequest.program(userID: "u1")))
        #expect(BackendRequest.typed(FixPlanRequest.journey(userID: "u1")).sessionUser == "u1")
        #expect(FixPlanReply.of(.success(.typed(FixPlanReply.goalOptions(["Run"])))) == .success(.goalOptions(["Run"])))
        #expect(FixPlanReply.of(.success(.app(AppReply()))) == .failure(.status(500, "An answer the app cannot read")))
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

    @Test func mutantsSortByIdAndANumberByItsValue() {
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
