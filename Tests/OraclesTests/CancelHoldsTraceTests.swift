import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `cancelHolds` on traces written by hand, for an app of any names: the user's taps by the roles
/// the app declares, requests by theirs.
@Suite struct CancelHoldsTraceTests {
    static let signIn = Route.named(RouteName("sign-in", kind: .auth))
    static let home = Route.named(RouteName("home", kind: .main))
    static let apple = UserAction("apple"), cancel = UserAction("close-sheet"), back = UserAction("back")
    static let exchange = Endpoint("exchange"), ping = Endpoint("ping")
    static let roles = AppRoles(actions: [(apple, .forward), (cancel, .cancel), (back, .back)],
                                requests: [(ping, RequestRole(cause: .background))])

    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles)
    }

    func screen(_ route: Route, _ actions: [UserAction], spinner: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.spinner = spinner
        return .screen(state)
    }

    func check(_ run: RunObservation) -> [Violation] { CancelHolds().check(run, settings: OracleSettings()) }

    /// Sign in with Apple at 1 s, its exchange sent at 2 s, the sheet closed at `closedAt` (nil:
    /// never), and the exchange's answer at 5 s, followed by what the app did then.
    func attempt(closedAt: Int64?, afterAnswer: [(Int64, ModelEvent)], between: [(Int64, ModelEvent)] = []) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, screen(Self.signIn, [Self.apple])),
            (1_000, .userAction(Self.apple, detail: "")), (1_000, screen(Self.signIn, [Self.cancel], spinner: "sign-in")),
        ]
        let close: [(Int64, ModelEvent)] = closedAt.map { [($0, .userAction(Self.cancel, detail: "")), ($0, screen(Self.signIn, [Self.apple]))] } ?? []
        let sent: (Int64, ModelEvent) = (2_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.exchange))
        events += (closedAt ?? .max) < sent.0 ? close + [sent] : [sent] + close
        events += between
        events += [(5_000, .responseReceived(id: 1, endpoint: Self.exchange, outcome: "ok"))] + afterAnswer + [(9_000, .note("end"))]
        return trace(events)
    }

    static let signedIn: [(Int64, ModelEvent)] = [(5_000, .signedIn(user: "u1")), (5_000, CancelHoldsTraceTests().screen(home, []))]

    @Test func aSignInTheUserCancelledThatStillCompletesFires() {
        let found = check(attempt(closedAt: 3_000, afterAnswer: Self.signedIn))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("The user cancelled while exchange was in flight") == true, "\(found)")
        #expect(found.first?.message.contains("signed u1 in") == true)
        // Back during the request is a cancel too, and a move to another screen is a completion.
        let moved = attempt(closedAt: nil, afterAnswer: [(5_000, screen(Self.home, []))],
                            between: [(3_000, .userAction(Self.back, detail: ""))])
        #expect(check(moved).first?.message.contains("moved from sign-in to home") == true, "\(check(moved))")
    }

    @Test func anAnswerTheAppIgnoresOrAnAttemptNeverCancelledIsQuiet() {
        #expect(check(attempt(closedAt: 3_000, afterAnswer: [])).isEmpty, "the answer ignored")
        #expect(check(attempt(closedAt: nil, afterAnswer: Self.signedIn)).isEmpty, "nobody cancelled")
        // Cancelled before the request went out: nothing of it was in flight.
        #expect(check(attempt(closedAt: 1_500, afterAnswer: []) ).isEmpty)
    }

    @Test func aNewAttemptOrABackgroundRequestIsNotJudged() {
        // Closed, then tapped again before the first answer: the answer may be the new attempt's.
        let again = attempt(closedAt: 3_000, afterAnswer: Self.signedIn, between: [(4_000, .userAction(Self.apple, detail: ""))])
        #expect(check(again).isEmpty)
        // A background request in flight when the user cancels is no attempt of theirs.
        let background = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.signIn, [Self.apple, Self.back])),
                                (1_000, .requestSent(id: 7, timeoutMs: nil, endpoint: Self.ping)),
                                (2_000, .userAction(Self.back, detail: "")),
                                (5_000, .responseReceived(id: 7, endpoint: Self.ping, outcome: "ok")),
                                (5_000, screen(Self.home, [])), (9_000, .note("end"))])
        #expect(check(background).isEmpty)
    }
}
