import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `resumeGateColdLaunchOnly`'s other half (#64: "a cold launch into a middle step offers the
/// resume choice where the app promises one", 002 §13), on traces written by hand.
@Suite struct ResumeGateTraceTests {
    init() { ToolApps.register() }

    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        for (ms, event) in events + [(60_000, .note("end"))] { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return ResumeGateColdLaunchOnly().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
    }

    func screen(_ phase: OnboardingPhase, gate: Bool) -> ModelEvent {
        var state = ScreenState(route: .onboarding(phase))
        state.resumeGate = gate
        return .screen(state)
    }

    @Test func aColdLaunchStraightOntoAMiddleStepWithoutTheGateIsReported() {
        let found = check([(0, .launched(process: 1, cold: true)), (0, screen(.goalReview, gate: false))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("opened straight on goalReview") == true, "\(found.map(\.message))")
    }

    @Test func theGateTheStartOrTheBackendsWordIsQuiet() {
        #expect(check([(0, .launched(process: 1, cold: true)), (0, screen(.goalReview, gate: true))]).isEmpty)
        #expect(check([(0, .launched(process: 1, cold: true)), (0, screen(.intro, gate: false))]).isEmpty)
        var launch = ScreenState(route: .launch)
        launch.loadingScreen = "launch-screen"
        #expect(check([(0, .launched(process: 1, cold: true)), (0, .screen(launch)), (900, screen(.goalReview, gate: false))]).isEmpty,
                "routed by the backend's journey behind the launch screen")
    }
}
