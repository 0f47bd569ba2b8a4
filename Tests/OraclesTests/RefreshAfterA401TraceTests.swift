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

/// A 401 to a request that left before a refresh answered ok carried the token the refresh
/// replaced: an app that asks again at once with the new one is judged by that answer (Umuve's
/// list, sent as main appeared beside the refresh, refused because the account went as the
/// refresh was answered, asked again and lost offline). And a 401 that comes back after the app
/// that asked was killed reaches nobody.
extension RefreshAfterA401TraceTests {
    /// The save (1) and a refresh (2) leave at 10 s; the refresh is answered ok at 10.05 s, and u1's
    /// account goes; the save is refused at 10.1 s. `again`: the app sends the save again at once (3),
    /// answered `answer`. The app keeps its screen throughout.
    func superseded(again: Bool, answer: String) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
            (10_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)), (10_000, screen(Self.home, spinner: "save")),
            (10_000, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.refresh)),
            (10_050, .responseReceived(id: 2, endpoint: Self.refresh, outcome: "ok")),
            (10_050, .accountLost(user: "u1", deleted: true)),
            (10_070, .faultApplied(id: 1, endpoint: Self.save, fault: "account-deleted user=u1")),
            (10_100, .responseReceived(id: 1, endpoint: Self.save, outcome: "status 401 Account deleted"))]
        if again {
            events.append((10_100, .requestSent(id: 3, timeoutMs: 10_000, endpoint: Self.save)))
            if answer.hasPrefix("status 401") { events.append((10_150, .faultApplied(id: 3, endpoint: Self.save, fault: "account-deleted user=u1"))) }
            events.append((10_200, .responseReceived(id: 3, endpoint: Self.save, outcome: answer)))
        }
        events += [(10_200, screen(Self.home, error: "Couldn't save.")), (30_000, .note("end"))]
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles)
    }

    @Test func a401ForATokenARefreshReplacedIsJudgedByTheRequestAskedAgainWithTheNewOne() {
        #expect(RefusedSessionEnds().check(superseded(again: true, answer: "offline"), settings: OracleSettings()).isEmpty,
                "asked again with the new session and lost offline: nothing to conclude yet")
        let refusedAgain = RefusedSessionEnds().check(superseded(again: true, answer: "status 401 Account deleted"), settings: OracleSettings())
        #expect(refusedAgain.first?.message.contains("the app got 401 for save #3 at 10200ms") == true, "\(refusedAgain)")
        let notAskedAgain = RefusedSessionEnds().check(superseded(again: false, answer: ""), settings: OracleSettings())
        #expect(notAskedAgain.first?.message.contains("the app got 401 for save #1 at 10100ms") == true, "\(notAskedAgain)")
    }

    @Test func a401ThatComesBackAfterTheAppWasKilledReachesNobody() {
        func killed(_ kill: Bool) -> RunObservation {
            var events: [(Int64, ModelEvent)] = [
                (0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                (5_000, .accountLost(user: "u1", deleted: false)),
                (10_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)), (10_000, screen(Self.home, spinner: "save"))]
            if kill { events.append((10_020, .killed(process: 1))) }
            events += [(10_050, .faultApplied(id: 1, endpoint: Self.save, fault: "session-revoked user=u1")),
                       (10_100, .responseReceived(id: 1, endpoint: Self.save, outcome: "status 401 Session revoked")),
                       (30_000, .note("end"))]
            var trace = Trace()
            for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
            return RunObservation(trace: trace, roles: Self.roles)
        }
        #expect(RefusedSessionEnds().check(killed(true), settings: OracleSettings()).isEmpty)
        #expect(!RefusedSessionEnds().check(killed(false), settings: OracleSettings()).isEmpty, "the same 401 to a running app is judged")
    }
}
