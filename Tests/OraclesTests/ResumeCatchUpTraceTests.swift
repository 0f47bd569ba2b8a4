import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `resumeCatchesUpWithTheJourney`, on traces written by hand: a signed-in relaunch whose cache
/// says processOverview, while on another device the user already chose a goal.
@Suite struct ResumeCatchUpTraceTests {
    init() { ToolApps.register() }
    static let ahead = Journey(intakeComplete: true, goalsComplete: true, programStatus: .draft)

    func check(_ events: [(Int64, ModelEvent)], journey: Journey = ahead) -> [Violation] {
        var trace = Trace()
        let start: [(Int64, ModelEvent)] = [
            (0, .accountSeeded(user: "u1", email: "a@b.co", journey: journey.record)),
            (0, .launched(process: 1, cold: true)), (0, .launchContext(sessionUser: "u1", cacheHit: true)),
            (0, .signedIn(user: "u1")), (0, screen(.processOverview, actions: [.resume], gate: true)),
        ]
        for (ms, event) in start + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return ResumeCatchesUpWithTheJourney().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
    }

    func screen(_ phase: OnboardingPhase, actions: [UserAction] = [], gate: Bool = false) -> ModelEvent {
        var state = ScreenState(route: .onboarding(phase))
        state.actions = actions
        state.resumeGate = gate
        return .screen(state)
    }

    /// The journey asked at launch and answered `outcome` at 200 ms.
    var asked: [(Int64, ModelEvent)] {
        [(0, .requestSent(id: 1, timeoutMs: 3000, endpoint: .journey)), (150, .backendHandled(id: 1, endpoint: .journey, outcome: "ok")),
         (200, .responseReceived(id: 1, endpoint: .journey, outcome: "ok"))]
    }
    let resume: (Int64, ModelEvent) = (2_000, .userAction(.resume, detail: ""))

    @Test func resumeThatGoesBackOverStepsDoneElsewhereIsReported() {
        let found = check(asked + [resume, (2_000, screen(.processOverview, actions: [.selectGoal]))])
        #expect(found.map(\.message).contains { $0.contains("resumes at onboarding(programReview)") })
        // Never asking, while online, is no excuse: the app could have known.
        #expect(!check([resume, (2_000, screen(.processOverview))]).isEmpty)
    }

    @Test func resumeAtTheBackendsStepOrWithoutAnAnswerIsQuiet() {
        #expect(check(asked + [resume, (2_000, screen(.programReview, actions: [.activate]))]).isEmpty)
        // Asked, and the user tapped before the answer came: the app could not know yet.
        #expect(check([(0, .requestSent(id: 1, timeoutMs: 3000, endpoint: .journey)), (100, .userAction(.resume, detail: "")),
                       (100, screen(.processOverview))]).isEmpty)
        // Offline from the launch to the tap: nothing to ask.
        #expect(check([(0, .connectivity(online: false)), resume, (2_000, screen(.processOverview))]).isEmpty)
        // Nothing was done elsewhere.
        #expect(check(asked + [resume, (2_000, screen(.processOverview))], journey: Journey(intakeComplete: true)).isEmpty)
    }
}
