import Testing
import AppVocabulary
import OnboardingModel
@testable import Scenarios

/// The budget watch looks a run's features up by `Swarm.Feature.key`: every kind of feature, and
/// every parameter that tells two features apart, gives its own key.
@Suite struct SwarmFeatureKeyTests {
    @Test func differentFeaturesHaveDifferentKeysAndTheSameFeatureTheSameKey() {
        var features: [Swarm.Feature] = [.unusualEmail, .slowLatency, .fastLatency, .offlineWindow, .onlyForward,
                                         .detour("skip"), .detour("repeat"), .accountLoss(.accountDeleted),
                                         .accountLoss(.sessionRevoked), .setting(.device, key: "reduceMotion", choice: "true"),
                                         .setting(.device, key: "reduceMotion", choice: "false"),
                                         .setting(.device, key: "reduceMotion", choice: nil),
                                         .setting(.backend, key: "reduceMotion", choice: "true")]
        for kind in [Swarm.Feature.FaultKind.drop, .error, .timeout, .delay, .goesOffline] {
            features += [.fault(kind, on: .sendOTP), .fault(kind, on: .verifyOTP)]
        }
        features += UserBehaviour.allCases.map(Swarm.Feature.user)
        features += CredentialSheetOutcome.allCases.map(Swarm.Feature.credentialSheet)
        let keys = features.map(\.key)
        #expect(Set(keys).count == features.count)
        #expect(features.map(\.key) == keys)
    }
}
