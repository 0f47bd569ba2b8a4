import Testing
import SimKernel
import AppVocabulary
import Oracles

/// A 401 is first a reason to refresh (issue #63: an app that refreshes an expired access token
/// before concluding its session is gone was blamed for the refresh's round trip). A 401 the app
/// answers at once with a refresh is judged by the refresh's own answer.
@Suite struct RefreshAfterA401TraceTests {
    static let home = Route("goal", kind: .onboarding)
    static let welcome = Route("welcome", kind: .onboarding)
    static let save = Endpoint("save"), refresh = Endpoint("refresh")
    static let roles = AppRoles(requests: [(Endpoint("sign-in"), RequestRole(purpose: .signsIn)),
                                           (Self.refresh, RequestRole(cause: .app, purpose: .refreshesSession))])

    func screen(_ route: Route, spinner: String? = nil, error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.spinner = spinner
        state.errorText = error
        state.actions = spinner == nil ? [UserAction("save")] : []
        return .screen(state)
    }

    /// u1's sessions are revoked at 5 s; the save at 10 s is refused (401). With `refreshing`, the
    /// app asks for a refresh at once, which comes back refused 1.2 s later; then (`signsOut`) it
    /// signs out saying why, or keeps its spinner.
    func run(refreshing: Bool, signsOut: Bool) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
            (5_000, .accountLost(user: "u1", deleted: false)),
            (10_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)), (10_000, screen(Self.home, spinner: "save")),
            (10_050, .faultApplied(id: 1, endpoint: Self.save, fault: "session-revoked user=u1")),
            (10_100, .responseReceived(id: 1, endpoint: Self.save, outcome: "status 401 Session revoked"))]
        var answeredAt: Int64 = 10_100
        if refreshing {
            answeredAt = 11_300
            events += [(10_100, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.refresh)),
                       (11_250, .faultApplied(id: 2, endpoint: Self.refresh, fault: "session-revoked user=u1")),
                       (11_300, .responseReceived(id: 2, endpoint: Self.refresh, outcome: "status 401 Session revoked"))]
        }
        if signsOut { events += [(answeredAt, .signedOut), (answeredAt, screen(Self.welcome, error: "You've been signed out."))] }
        events.append((30_000, .note("end")))
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles)
    }

    @Test func aRefreshAskedAtOnceAfterA401IsWaitedForAndItsRefusalEndsTheSession() {
        #expect(RefusedSessionEnds().check(run(refreshing: true, signsOut: true), settings: OracleSettings()).isEmpty,
                "the app refreshed, was refused, and signed out with a word")
        let kept = RefusedSessionEnds().check(run(refreshing: true, signsOut: false), settings: OracleSettings())
        #expect(kept.first?.message.contains("the app got 401 for refresh #2 at 11300ms") == true, "\(kept)")
        let waitedWithoutRefreshing = RefusedSessionEnds().check(run(refreshing: false, signsOut: false), settings: OracleSettings())
        #expect(waitedWithoutRefreshing.first?.message.contains("the app got 401 for save #1 at 10100ms") == true,
                "\(waitedWithoutRefreshing)")
    }
}
