import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `goalsFollowTheIntake`, on traces written by hand: a returning user logs in, and the app asks
/// the backend to generate goals.
@Suite struct GoalsFollowTheIntakeTraceTests {
    init() { ToolApps.register() }

    func check(_ events: [(Int64, ModelEvent)], journey: Journey) -> [Violation] {
        var trace = Trace()
        let start: [(Int64, ModelEvent)] = [
            (0, .accountSeeded(user: "u1", email: "a@b.co", journey: journey.record)),
            (0, .launched(process: 1, cold: true)), (0, .launchContext(sessionUser: nil, cacheHit: false)),
            (0, screen(.intro)),
        ]
        for (ms, event) in start + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return GoalsFollowTheIntake().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
    }

    func screen(_ phase: OnboardingPhase) -> ModelEvent { .screen(ScreenState(route: .onboarding(phase))) }

    let logIn: [(Int64, ModelEvent)] = [(1_000, .userAction(.logIn, detail: "")), (9_000, .signedIn(user: "u1"))]
    let generate: (Int64, ModelEvent) = (9_000, .requestSent(id: 7, timeoutMs: 30_000, endpoint: .generateGoals))

    @Test func goalsGeneratedAtALogInWhoseIntakeIsPendingAreReported() {
        let found = check(logIn + [generate, (9_000, screen(.intake))], journey: Journey())
        #expect(found.map(\.oracle) == ["goalsFollowTheIntake"])
        #expect(found.first?.message.contains("intake=pending") == true)
        // An intake finished before a reinstall is gone with the app.
        let reinstalled: [(Int64, ModelEvent)] = [(500, screen(.intakeComplete)), (700, .reinstalled)]
        #expect(!check(reinstalled + logIn + [generate], journey: Journey()).isEmpty)
    }

    @Test func goalsAfterAnIntakeFinishedHereOrOnTheBackendAreQuiet() {
        #expect(check(logIn + [generate], journey: Journey(intakeComplete: true)).isEmpty)
        let signUp: [(Int64, ModelEvent)] = [(500, screen(.intake)), (800, screen(.intakeComplete)), (9_000, .signedIn(user: "u1"))]
        #expect(check(signUp + [generate], journey: Journey()).isEmpty)
        // Logging in and going back to the intake, without generating: nothing to judge.
        #expect(check(logIn + [(9_000, screen(.intake))], journey: Journey()).isEmpty)
    }
}
