import Testing
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// `flowGoesBackOnlyWhenAsked` on traces written by hand, for an app of any names: its steps by
/// their kinds, the user's taps by the roles the app declares.
@Suite struct FlowGoesBackTraceTests {
    static let welcome = Route.named(RouteName("welcome", kind: .onboarding))
    static let goals = Route.named(RouteName("goals", kind: .onboarding))
    static let signUp = Route.named(RouteName("sign-up", kind: .auth))
    static let home = Route.named(RouteName("home", kind: .main))
    static let next = UserAction("next"), retry = UserAction("retry"), back = UserAction("back")
    static let startOver = UserAction("start-over"), email = UserAction("email")
    static let roles = AppRoles(actions: [(next, .forward), (retry, .retry), (back, .back), (startOver, .startOver),
                                          (email, .input(.email))])

    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles)
    }

    func screen(_ route: Route, _ actions: [UserAction] = [next], error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.errorText = error
        return .screen(state)
    }

    func check(_ run: RunObservation) -> [Violation] { FlowGoesBackOnlyWhenAsked().check(run, settings: OracleSettings()) }

    /// Welcome, Next to goals, Next to sign-up; the sign-up check fails and Retry sends the user
    /// back to `after` (the symptom of #50's first rule when `after` is goals).
    func retryLeadsTo(_ after: Route, between: [(Int64, ModelEvent)] = []) -> RunObservation {
        trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.welcome)),
               (1_000, .userAction(Self.next, detail: "")), (1_000, screen(Self.goals)),
               (2_000, .userAction(Self.next, detail: "")), (2_000, screen(Self.signUp, [Self.email, Self.next])),
               (3_000, .userAction(Self.email, detail: "a@example.com")),
               (4_000, .userAction(Self.next, detail: "")), (5_000, screen(Self.signUp, [Self.retry], error: "Could not check"))]
              + between
              + [(6_000, .userAction(Self.retry, detail: "")), (6_500, screen(after)), (9_000, .note("end"))])
    }

    @Test func retryAfterAFailedCheckThatSendsTheUserBackToAFinishedStepFires() {
        let found = check(retryLeadsTo(Self.goals))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("The user finished goals ('next' took them on to sign-up)") == true, "\(found)")
        #expect(found.first?.at == SimulationInstant(nanoseconds: 6_500_000_000))
    }

    @Test func retryThatMovesTheUserOnIsQuiet() {
        #expect(check(retryLeadsTo(Self.home)).isEmpty)
    }

    @Test func aStepTheUserAskedForAgainIsQuiet() {
        // Back from sign-up to goals, then on: goals again is the user's own doing.
        let back = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.welcome)),
                          (1_000, .userAction(Self.next, detail: "")), (1_000, screen(Self.goals)),
                          (2_000, .userAction(Self.next, detail: "")), (2_000, screen(Self.signUp, [Self.back, Self.next])),
                          (3_000, .userAction(Self.back, detail: "")), (3_000, screen(Self.goals)),
                          (4_000, .userAction(Self.next, detail: "")), (4_000, screen(Self.signUp)), (9_000, .note("end"))])
        #expect(check(back).isEmpty)
        // Start over asks for the whole flow again.
        let again = retryLeadsTo(Self.welcome, between: [(5_500, .userAction(Self.startOver, detail: ""))])
        #expect(check(again).isEmpty)
    }

    @Test func aReasonASeedNamesOrANewLaunchIsQuiet() {
        // The session ended, the account went, the journey changed elsewhere: the flow may start earlier.
        for reason: ModelEvent in [.signedOut, .accountLost(user: "u1", deleted: true),
                                   .journeyChanged(user: "u1", journey: Journey().record)] {
            #expect(check(retryLeadsTo(Self.goals, between: [(5_500, reason)])).isEmpty, "\(reason)")
        }
        // A journey changed by this app's own request is no reason: the backend handled it at once.
        let own = retryLeadsTo(Self.goals, between: [(5_500, .journeyChanged(user: "u1", journey: Journey().record)),
                                                     (5_500, .backendHandled(id: 3, endpoint: Endpoint("goals"), outcome: "ok"))])
        #expect(check(own).count == 1)
        // A relaunch is judged by resuming's rules, not this one.
        let relaunch = retryLeadsTo(Self.goals, between: [(5_200, .killed(process: 1)), (5_400, .launched(process: 2, cold: true)),
                                                          (5_400, screen(Self.signUp, [Self.retry]))])
        #expect(check(relaunch).isEmpty)
    }

    @Test func onceTheMainAppShowsTheFlowIsOver() {
        // Finished goals, reached home, and a tap there led back into the flow: the main app's business.
        let fromHome = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.goals)),
                              (1_000, .userAction(Self.next, detail: "")), (1_000, screen(Self.home)),
                              (2_000, .userAction(Self.next, detail: "")), (2_000, screen(Self.goals)), (9_000, .note("end"))])
        #expect(check(fromHome).isEmpty)
    }

    @Test func typingOrAScreenChangeNoTapCausedFinishesNoStep() {
        // The app moved from welcome to goals on its own, and back: no step of the user's came back.
        let byItself = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.welcome, [Self.email])),
                              (500, .userAction(Self.email, detail: "a@example.com")),
                              (1_000, screen(Self.goals)), (2_000, screen(Self.welcome)), (9_000, .note("end"))])
        #expect(check(byItself).isEmpty)
    }
}
