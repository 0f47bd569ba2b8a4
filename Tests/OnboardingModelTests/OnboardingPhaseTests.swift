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

@Suite struct RoutePhaseTests {
    @Test func everyPhaseRouteShowsItsPhaseAndNoOtherRouteShowsOne() {
        for phase in OnboardingPhase.allCases { #expect(Route.onboarding(phase).phase == phase) }
        #expect(Route.main.phase == nil)
        #expect(Route("onboarding(intro)", kind: .main).phase == nil)  // the name with another kind is another route
        #expect(Route("a-team's-screen-\(OnboardingPhase.allCases.count)", kind: .onboarding).phase == nil)
    }
}
