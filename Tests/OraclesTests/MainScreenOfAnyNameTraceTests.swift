import Testing
import SimKernel
import AppVocabulary
import Oracles

/// The shared rules judge a main screen by its kind, whatever the app calls it (issue #63: they
/// compared with one built-in route, so a team's `home` of kind `.main` kept a stale offline
/// banner, a dead session or showed itself to nobody without a word). Hand-built traces of an
/// app whose main screen is `home`.
@Suite struct MainScreenOfAnyNameTraceTests {
    static let home = Route("home", kind: .main)
    static let signIn = Route("welcome", kind: .auth)
    static let refresh = Endpoint("refresh")

    static let roles = AppRoles(requests: [(Endpoint("sign-in"), RequestRole(purpose: .signsIn))], offlineBanner: true)

    func trace(_ events: [(Int64, ModelEvent)], roles: AppRoles = Self.roles) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: roles)
    }

    func screen(_ route: Route, banner: Bool = false, error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.offlineBanner = banner
        state.errorText = error
        state.actions = [UserAction("sign-out")]
        return .screen(state)
    }

    /// Offline from 1 s with the banner up; the connection is back at 5 s, and the banner goes at
    /// `clearedAt` (never, for nil).
    func offlineThenBack(clearedAt: Int64?, roles: AppRoles = Self.roles) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                                             (1_000, .connectivity(online: false)), (1_000, screen(Self.home, banner: true)),
                                             (5_000, .connectivity(online: true))]
        if let clearedAt { events.append((clearedAt, screen(Self.home))) }
        events.append((30_000, .note("end")))
        return trace(events, roles: roles)
    }

    @Test func aStaleOfflineBannerOnAMainScreenOfAnyNameIsReported() {
        let found = OfflineBannerTruthful().check(offlineThenBack(clearedAt: nil), settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("still showed the offline banner") == true, "\(found)")
        #expect(OfflineBannerTruthful().check(offlineThenBack(clearedAt: 5_100), settings: OracleSettings()).isEmpty)
        let noBanner = offlineThenBack(clearedAt: nil, roles: .none)
        #expect(OfflineBannerTruthful().check(noBanner, settings: OracleSettings()).isEmpty, "an app that declares no banner owes none")
    }

    @Test func aMainScreenOfAnyNameShownToNobodyIsReported() {
        let signedOut = trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                               (5_000, .signedOut), (5_000, screen(Self.home, banner: true)), (10_000, .note("end"))])
        let found = AuthWall().check(signedOut, settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("with nobody signed in") == true, "\(found)")
        let signedIn = trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                              (10_000, .note("end"))])
        #expect(AuthWall().check(signedIn, settings: OracleSettings()).isEmpty)
        // A confirmed sign-out that leaves the main screen up as it was (no new screen drawn).
        let staysUp = trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                             (5_000, .signedOut), (10_000, .note("end"))])
        #expect(AuthWall().check(staysUp, settings: OracleSettings()).map(\.at) == [SimulationInstant(nanoseconds: 5_000_000_000)])
        let noRecord = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.home)), (10_000, .note("end"))])
        #expect(AuthWall().check(noRecord, settings: OracleSettings()).isEmpty, "an app that keeps no record of sign-ins has no wall to judge")
    }

    /// u1's sessions are revoked at 10 s; the refresh at 20 s is refused (401); the app then
    /// keeps `home` and the session, or signs out to the welcome screen saying why.
    func refusedRefresh(signsOut: Bool) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                                             (10_000, .accountLost(user: "u1", deleted: false)),
                                             (20_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.refresh)),
                                             (20_050, .faultApplied(id: 1, endpoint: Self.refresh, fault: "session-revoked user=u1")),
                                             (20_100, .responseReceived(id: 1, endpoint: Self.refresh, outcome: "status 401 Session revoked"))]
        if signsOut { events += [(20_100, .signedOut), (20_100, screen(Self.signIn, error: "You've been signed out."))] }
        events.append((60_000, .note("end")))
        return trace(events)
    }

    @Test func aMainScreenOfAnyNameKeptWithARefusedSessionIsReported() {
        let found = RefusedSessionEnds().check(refusedRefresh(signsOut: false), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("still showed the main app as u1") }, "\(found)")
        #expect(RefusedSessionEnds().check(refusedRefresh(signsOut: true), settings: OracleSettings()).isEmpty)
    }

    /// Seed 004's confirmed sign-out, now a promise of every app that confirms its sign-out: a
    /// team's `log-out` and its alert's `yes`, by their roles.
    @Test func aSignOutWithoutItsConfirmationIsReportedForATeamsNames() {
        let logOut = UserAction("log-out"), yes = UserAction("yes"), no = UserAction("no")
        let roles = AppRoles(actions: [(logOut, .signOut), (yes, .confirmSignOut), (no, .cancel)])
        func run(confirming: Bool, roles: AppRoles = roles) -> RunObservation {
            var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                                                 (1_000, .userAction(logOut, detail: ""))]
            if confirming { events.append((1_500, .userAction(yes, detail: ""))) }
            events += [(1_500, .signedOut), (1_500, screen(Self.signIn)), (10_000, .note("end"))]
            return trace(events, roles: roles)
        }
        let found = SignOutConfirmed().check(run(confirming: false), settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("with no confirmation") == true, "\(found)")
        #expect(SignOutConfirmed().check(run(confirming: true), settings: OracleSettings()).isEmpty)
        #expect(SignOutConfirmed().check(run(confirming: false, roles: .none), settings: OracleSettings()).isEmpty,
                "an app that asks no confirmation owes none")
    }

    // MARK: Seed 004's main-screen promises, shared

    static let list = Endpoint("feed")

    /// A team's `home` shown after a sign-in; loading its feed (a spinner, then the user's
    /// content) unless `empty`, in which case it stays bare.
    func home(empty: Bool, roles: AppRoles) -> RunObservation {
        func home(spinner: String? = nil, owner: String? = nil) -> ModelEvent {
            var state = ScreenState(route: Self.home)
            state.actions = [UserAction("sign-out")]
            state.spinner = spinner
            state.contentOwner = owner
            return .screen(state)
        }
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .sessionIssued(user: "u1")),
                                             (0, .signedIn(user: "u1")), (0, home())]
        if !empty { events += [(0, home(spinner: "feed")), (700, home(owner: "u1"))] }
        events.append((5_000, .note("end")))
        return trace(events, roles: roles)
    }

    @Test func anEmptyMainScreenOfAnyNameIsReportedWhereTheAppDeclaresItsContent() {
        let declared = AppRoles(requests: [(Self.list, RequestRole(cause: .app, purpose: .loadsContent))])
        let found = MainShowsItsContent().check(home(empty: true, roles: declared), settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("the main screen (home) showed no content") == true, "\(found)")
        #expect(MainShowsItsContent().check(home(empty: false, roles: declared), settings: OracleSettings()).isEmpty)
        #expect(MainShowsItsContent().check(home(empty: true, roles: Self.roles), settings: OracleSettings()).isEmpty,
                "an app that declares no content request is not judged for it")
    }

    /// `home` appears in a launch whose session is from before (no sign-in in it), online; the app
    /// refreshes the session at once when `refreshing`.
    func relaunchIntoHome(refreshing: Bool, roles: AppRoles) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home))]
        if refreshing {
            events += [(0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.refresh)),
                       (300, .responseReceived(id: 1, endpoint: Self.refresh, outcome: "ok"))]
        }
        events.append((20_000, .note("end")))
        return trace(events, roles: roles)
    }

    @Test func aMainScreenOfAnyNameThatPromisesARefreshOnAppearingIsHeldToIt() {
        let promised = AppRoles(requests: [(Self.refresh, RequestRole(cause: .background, purpose: .refreshesSession,
                                                                      sentWhenMainAppears: true))])
        let found = MainAppearanceRefreshesToken().check(relaunchIntoHome(refreshing: false, roles: promised), settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("The main screen (home) appeared at 0ms") == true, "\(found)")
        #expect(MainAppearanceRefreshesToken().check(relaunchIntoHome(refreshing: true, roles: promised), settings: OracleSettings()).isEmpty)
        let refreshesOnlyWhenRefused = AppRoles(requests: [(Self.refresh, RequestRole(cause: .background, purpose: .refreshesSession))])
        #expect(MainAppearanceRefreshesToken().check(relaunchIntoHome(refreshing: false, roles: refreshesOnlyWhenRefused),
                                                     settings: OracleSettings()).isEmpty,
                "an app that refreshes only after a 401 promises no refresh on appearing")
    }

    /// The user taps Sign Out on `home` at 1 s; the app moves to the welcome screen at once, or
    /// leaves `home` up as it was.
    func signOut(movesOn: Bool) -> RunObservation {
        let roles = AppRoles(actions: [(UserAction("sign-out"), .signOut)])
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(Self.home)),
                                             (1_000, .userAction(UserAction("sign-out"), detail: ""))]
        if movesOn { events.append((1_000, screen(Self.signIn))) }
        events.append((10_000, .note("end")))
        return trace(events, roles: roles)
    }

    @Test func aMainScreenThatSimplyStaysUpAfterTheSignOutIsReported() {
        let found = SignOutHolds().check(signOut(movesOn: false), settings: OracleSettings())
        #expect(found.map(\.message) == ["The user signed out at 1000ms, and home stayed up after it though they had not signed in "
            + "again: a sign-out holds until the user signs in (seed 004: \"Sign Out … clears Keychain\"; \"user must sign in "
            + "before accessing any app content\")."])
        #expect(SignOutHolds().check(signOut(movesOn: true), settings: OracleSettings()).isEmpty)
    }
}
