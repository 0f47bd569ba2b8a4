import Testing
@testable import AppVocabulary
@testable import OnboardingModel

@Suite struct OnboardingPhaseTests {
    @Test func aPhasesOrderIsItsPositionInTheFlow() {
        for (position, phase) in OnboardingPhase.allCases.enumerated() {
            #expect(phase.order == position, "\(phase) is at \(position) in allCases")
        }
    }

    @Test func phasesCompareByTheirPlaceInTheFlow() {
        #expect(OnboardingPhase.intro < .intake)
        #expect(OnboardingPhase.success < .complete)
        #expect(!(OnboardingPhase.goalReview < .auth))
        #expect(OnboardingPhase.auth.isEarlierThan(.authVerification))
    }
}
