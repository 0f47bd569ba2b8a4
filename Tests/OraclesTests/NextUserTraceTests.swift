import Testing
import SimKernel
import AppVocabulary
import Oracles

/// The next user on a phone gets their own onboarding (003: "Cache is per-user"; "If user A logs
/// out and new user B logs in: User B sees onboarding (no cache for them)"), judged by
/// `noSilentDeadEnd` from the journeys a world records, on traces written by hand for an app of any
/// names: B's relaunch that opens the main app A finished is reported; B's own finished journey
/// is not.
@Suite struct NextUserTraceTests {
    static let welcome = Route.named(RouteName("welcome", kind: .onboarding))
    static let code = Route.named(RouteName("code", kind: .auth))
    static let home = Route.named(RouteName("home", kind: .main))
    static let getStarted = UserAction("get-started"), signOut = UserAction("sign-out")
    static let journey = Endpoint("journey")
    static let roles = AppRoles(actions: [(getStarted, .start(returning: false)), (signOut, .signOut)],
                                requests: [(journey, RequestRole(cause: .app, purpose: .journey))])

    func screen(_ route: Route, _ actions: [UserAction], spinner: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.spinner = spinner
        return .screen(state)
    }

    /// A, whose journey is complete, on home at 1 s, signs out at 2 s; B signs up at 3 s (an
    /// account the backend made: no journey on record unless `between` records one), the app is
    /// killed at 4 s while B's check is out, and B's relaunch at 5 s opens home.
    func nextUser(between: [(Int64, ModelEvent)] = []) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)),
            (0, .accountSeeded(user: "a", email: "a@x.io", journey: AccountJourney("complete", isComplete: true))),
            (0, screen(Self.welcome, [Self.getStarted])), (1_000, .signedIn(user: "a")), (1_000, screen(Self.home, [Self.signOut])),
            (2_000, .userAction(Self.signOut, detail: "")), (2_000, .signedOut), (2_000, screen(Self.welcome, [Self.getStarted])),
            (3_000, .signedIn(user: "b")), (3_000, screen(Self.code, [], spinner: "journey")),
            (3_000, .requestSent(id: 7, timeoutMs: 10_000, endpoint: Self.journey)),
        ]
        events += between
        events += [(4_000, .killed(process: 1)), (4_000, .screen(.notRunning)),
                   (5_000, .launched(process: 2, cold: true)), (5_000, screen(Self.home, [Self.signOut])), (40_000, .note("end"))]
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles)
    }

    @Test func theLastUsersMainAppOnTheNextUsersRelaunchIsReported() {
        let found = NoSilentDeadEnd().check(nextUser(), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("The main app showed for user b who has no journey on record") },
                "\(found.map(\.message))")
        #expect(!found.contains { $0.message.contains("user a") }, "A's own main app is theirs")
    }

    @Test func theNextUsersOwnFinishedJourneyOpensTheirMainApp() {
        let finished = nextUser(between: [(3_500, .journeyChanged(user: "b", journey: AccountJourney("complete", isComplete: true)))])
        #expect(NoSilentDeadEnd().check(finished, settings: OracleSettings()).isEmpty)
    }
}
