import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `relaunchSkipsNoStep` (#64 item 1) on traces written by hand for an app of no one's: killed on
/// a permission step the user had not answered, the relaunch does not take them past it.
@Suite struct RelaunchSkipsNoStepTraceTests {
    static let profile = Route.named(RouteName("profile", kind: .onboarding)), permission = Route.named(RouteName("permission", kind: .onboarding))
    static let done = Route.named(RouteName("done", kind: .onboarding)), home = Route.named(RouteName("home", kind: .main))
    static let next = UserAction("next"), enable = UserAction("enable"), notNow = UserAction("not-now")
    static let resume = UserAction("resume"), save = Endpoint("save")
    static let roles = AppRoles(actions: [(next, .forward), (enable, .forward), (notNow, .decline), (resume, .forward)],
                                requests: [(save, RequestRole(cause: .app))], stepOrder: [profile, permission, done])

    func screen(_ route: Route, _ actions: [UserAction], gate: Bool = false) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.resumeGate = gate
        return .screen(state)
    }

    /// The profile, Next to the permission step, a kill there, a relaunch; then `after`.
    func check(_ after: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        let before: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, screen(Self.profile, [Self.next])),
            (1_000, .userAction(Self.next, detail: "")), (1_000, screen(Self.permission, [Self.enable, Self.notNow])),
            (2_000, .killed(process: 1)), (2_000, .screen(.notRunning)), (3_000, .launched(process: 2, cold: true))]
        for (ms, event) in before + after + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return RelaunchSkipsNoStep().check(RunObservation(trace: trace, roles: Self.roles), settings: OracleSettings())
    }

    @Test func aRelaunchPastTheUnansweredPermissionStepIsReported() {
        let found = check([(3_000, screen(Self.done, [Self.next]))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("Killed on permission before the user finished it, the app relaunched them at 3000ms to done") == true,
                "\(found.map(\.message))")
        // Behind a resume choice the same: Resume goes past the step.
        let gated = check([(3_000, screen(Self.permission, [Self.resume], gate: true)), (4_000, .userAction(Self.resume, detail: "")),
                           (4_000, screen(Self.done, [Self.next]))])
        #expect(gated.count == 1, "\(gated.map(\.message))")
    }

    @Test func anAppThatDeclaresNoStepOrderIsNotJudged() {
        var trace = Trace()
        for (ms, event) in [(Int64(0), ModelEvent.launched(process: 1, cold: true)), (0, screen(Self.permission, [Self.enable])),
                            (1_000, .killed(process: 1)), (1_000, .screen(.notRunning)), (2_000, .launched(process: 2, cold: true)),
                            (2_000, screen(Self.done, [Self.next])), (9_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        let roles = AppRoles(actions: [(Self.enable, .forward), (Self.next, .forward)])
        #expect(RelaunchSkipsNoStep().check(RunObservation(trace: trace, roles: roles), settings: OracleSettings()).isEmpty)
    }

    @Test func aRelaunchOnTheStepOrBackOrVouchedByTheBackendIsQuiet() {
        #expect(check([(3_000, screen(Self.permission, [Self.enable, Self.notNow])), (4_000, .userAction(Self.notNow, detail: "")),
                       (4_000, screen(Self.done, [Self.next]))]).isEmpty)
        #expect(check([(3_000, screen(Self.permission, [Self.resume], gate: true)), (4_000, .userAction(Self.resume, detail: "")),
                       (4_000, screen(Self.permission, [Self.enable, Self.notNow])), (5_000, .userAction(Self.enable, detail: "")),
                       (5_000, screen(Self.done, [Self.next]))]).isEmpty)
        #expect(check([(3_000, screen(Self.profile, [Self.next]))]).isEmpty, "a step the user reached before")
        #expect(check([(3_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)),
                       (3_100, .responseReceived(id: 1, endpoint: Self.save, outcome: "ok")), (3_100, screen(Self.home, []))]).isEmpty,
                "the backend's answer vouches for more")
    }
}
