import Testing
import SimKernel
import AppVocabulary
import Oracles

/// The refresh-token rotation race (issue #63): the app is killed while the backend rotates its
/// refresh token, so the answer with the new token never arrives; past the reuse window the next
/// launch's refresh is refused and the user is signed out. The backend ended that session, and the
/// session rules say nothing; an app that got the new token and sent the old one is still told.
@Suite struct RotationRaceTraceTests {
    static let home = Route("home", kind: .main)
    static let welcome = Route("welcome", kind: .auth)
    static let signIn = Endpoint("sign-in")
    static let refresh = Endpoint("refresh")
    static let roles = AppRoles(requests: [(Self.signIn, RequestRole(purpose: .signsIn)),
                                           (Self.refresh, RequestRole(cause: .background, purpose: .refreshesSession))])

    /// Signed in at 0.1 s; a refresh (#2) at 10 s, its answer received (`rotationAnswered`) or
    /// lost to the kill at 11 s; at 30 s the relaunch's refresh (#3) is refused as reused, rotated
    /// by #2, and the app signs out to the welcome screen saying why.
    func killedMidRotation(rotationAnswered: Bool, answeredAfterTheKill: Bool = false) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.signIn)),
            (100, .responseReceived(id: 1, endpoint: Self.signIn, outcome: "ok")), (100, .signedIn(user: "u1")),
            (100, screen(Self.home)), (10_000, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.refresh))]
        if rotationAnswered { events.append((10_050, .responseReceived(id: 2, endpoint: Self.refresh, outcome: "ok"))) }
        events.append((11_000, .killed(process: 1)))
        // The network records the answer, but the app that asked is gone.
        if answeredAfterTheKill { events.append((11_050, .responseReceived(id: 2, endpoint: Self.refresh, outcome: "ok"))) }
        events += [ (30_000, .launched(process: 2, cold: true)), (30_000, .signedIn(user: "u1")),
            (30_000, .requestSent(id: 3, timeoutMs: 10_000, endpoint: Self.refresh)),
            (30_050, .faultApplied(id: 3, endpoint: Self.refresh, fault: RefreshTokenReuse.mark(user: "u1", rotatedBy: 2))),
            (30_100, .responseReceived(id: 3, endpoint: Self.refresh, outcome: "status 401")), (30_100, .signedOut),
            (30_100, screen(Self.welcome, error: "Your session has expired. Please sign in again.")), (60_000, .note("end"))]
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles)
    }

    func screen(_ route: Route, error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.errorText = error
        state.actions = [UserAction("continue")]
        return .screen(state)
    }

    @Test func aSessionEndedByARotationTheAppNeverGotIsTheBackendsDoing() {
        let race = killedMidRotation(rotationAnswered: false)
        #expect(SessionEndsOnlyAsPromised().check(race, settings: OracleSettings()).isEmpty)
        #expect(SessionSurvivesAKill().check(race, settings: OracleSettings()).isEmpty)
    }

    /// Umuve's seed 1492: the rotating answer came 88 ms after the kill: it never reached the app.
    @Test func aRotationAnsweredAfterTheKillNeverReachedTheApp() {
        let race = killedMidRotation(rotationAnswered: false, answeredAfterTheKill: true)
        #expect(SessionEndsOnlyAsPromised().check(race, settings: OracleSettings()).isEmpty)
        #expect(SessionSurvivesAKill().check(race, settings: OracleSettings()).isEmpty)
    }

    @Test func anAppThatGotTheNewTokenAndSentTheOldOneIsStillTold() {
        let thrownAway = killedMidRotation(rotationAnswered: true)
        let ended = SessionEndsOnlyAsPromised().check(thrownAway, settings: OracleSettings())
        #expect(ended.count == 1 && ended.first?.message.contains("signed out without tapping Sign out") == true, "\(ended)")
        let asked = SessionSurvivesAKill().check(thrownAway, settings: OracleSettings())
        #expect(asked.count == 1 && asked.first?.message.contains("asking them to sign in again") == true, "\(asked)")
    }
}
