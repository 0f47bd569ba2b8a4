import Testing
import SimKernel
import AppVocabulary
import Oracles

/// A log-in that carries a password (`.input(.password)`, issue #63): the request carries the one
/// the user last typed, not one kept from before; the message does not repeat either.
@Suite struct PasswordTraceTests {
    static let typePassword = UserAction("type-password"), logIn = UserAction("log-in")
    static let signIn = Endpoint("sign-in")
    static let roles = AppRoles(actions: [(typePassword, .input(.password)), (logIn, .submit(.password))],
                                requests: [(signIn, RequestRole(purpose: .signsIn, carries: [CarriedInput(.password, key: "password")]))])

    /// The user types `typed` and taps Log in; the request carries `sent`.
    static func logIn(typed: String, sent: String) -> RunObservation {
        var state = ScreenState(route: .named(RouteName("log-in", kind: .auth)))
        state.actions = [typePassword, logIn]
        let events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, .screen(state)),
            (1_000, .userAction(typePassword, detail: "\"\(typed)\"")), (2_000, .userAction(logIn, detail: "")),
            (2_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: signIn)),
            (2_000, .requestCarries(id: 1, request: .app(AppRequest(endpoint: signIn, method: "POST", carried: [CarriedValue(.password, sent)])))),
            (60_000, .note("end"))]
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: roles)
    }

    @Test func aLogInCarryingThePasswordTheUserTypedIsQuiet() {
        #expect(RequestsCarryWhatTheUserEntered().check(Self.logIn(typed: "correct-Horse-7", sent: "correct-Horse-7"), settings: OracleSettings()).isEmpty)
    }

    @Test func aLogInCarryingAnotherPasswordIsReportedWithoutRepeatingIt() {
        let found = RequestsCarryWhatTheUserEntered().check(Self.logIn(typed: "correct-Horse-7", sent: "old-password"), settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("a password other than the one the user typed") == true, "\(found)")
        #expect(found.first?.message.contains("old-password") == false)
    }
}
