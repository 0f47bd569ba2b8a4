import Testing
import SimKernel
import AppVocabulary
import Oracles

/// The shapes of seed 004's customer app, judged without false alarms (#63, the Umuve example):
/// a Refresh that brings the same list back, a refresh of the session awaited after a 401 though
/// declared `.background`, an alert over an error, a pager's page turn, an offline failure whose error went with the
/// connection while the user was away. Each rule still fires without the shape. (A load of the
/// last session still out when the next one's goes stays a duplicate: a sign-out cancels it.)
@Suite struct Seed004ShapesTraceTests {
    static let home = Route("main", kind: .main)
    static let pager = Route("onboarding", kind: .onboarding)
    static let welcome = Route("sign-in", kind: .auth)
    static let feed = Endpoint("pickups"), refresh = Endpoint("refresh-session"), apple = Endpoint("apple-sign-in")
    static let reload = UserAction("refresh"), signIn = UserAction("sign-in-with-apple"), next = UserAction("next")
    static let roles = AppRoles(actions: [(reload, .retry), (UserAction("sign-out"), .signOut)],
                                requests: [(feed, RequestRole(cause: .app, purpose: .loadsContent)),
                                           (refresh, RequestRole(cause: .background, purpose: .refreshesSession, sentWhenMainAppears: true)),
                                           (apple, RequestRole(purpose: .signsIn))],
                                errors: [("You were signed out", .session), ("The request timed out", .connection)])

    func trace(_ events: [(Int64, ModelEvent)], roles: AppRoles = Self.roles) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: roles)
    }

    func main(spinner: String? = nil, owner: String? = "u1", error: String? = nil, alert: String? = nil,
              actions: [UserAction] = [reload]) -> ModelEvent {
        var state = ScreenState(route: Self.home)
        state.spinner = spinner
        state.contentOwner = owner
        state.errorText = error
        state.alert = alert
        state.actions = actions
        return .screen(state)
    }

    // MARK: outcomeIsShown

    @Test func aReloadThatBringsTheSameListBackShowsItsOutcome() {
        func reloaded(roles: AppRoles) -> RunObservation {
            trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, main()),
                   (1_000, .userAction(Self.reload, detail: "")), (1_000, main(spinner: "pickups", actions: [])),
                   (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.feed)),
                   (1_100, .responseReceived(id: 1, endpoint: Self.feed, outcome: "ok")), (1_100, main()), (9_000, .note("end"))], roles: roles)
        }
        #expect(OutcomeIsShown().check(reloaded(roles: Self.roles), settings: OracleSettings()).isEmpty)
        let undeclared = AppRoles(actions: [(Self.reload, .retry)])
        #expect(OutcomeIsShown().check(reloaded(roles: undeclared), settings: OracleSettings()).count == 1,
                "a request not declared to load content must change what the tapped screen shows")
    }

    /// Sign in with Apple fails offline while the user is away; the error shows, then goes at
    /// 5 s, with the connection back (`connectionBack`) or without it.
    @Test func anOfflineFailureWhoseErrorWentWithTheConnectionWhileAwayIsAccepted() {
        func away(connectionBack: Bool) -> RunObservation {
            var signInScreen = ScreenState(route: Self.welcome)
            signInScreen.actions = [Self.signIn]
            var waiting = ScreenState(route: Self.welcome)
            waiting.spinner = "sign-in"
            var failed = signInScreen
            failed.errorText = "You're offline. Check your connection and try again."
            var events: [(Int64, ModelEvent)] = [
                (0, .launched(process: 1, cold: true)), (0, .screen(signInScreen)), (1_000, .userAction(Self.signIn, detail: "")),
                (1_000, .screen(waiting)), (1_500, .backgrounded), (1_500, .screen(waiting)),
                (3_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.apple)), (3_000, .connectivity(online: false)),
                (3_000, .responseReceived(id: 1, endpoint: Self.apple, outcome: "offline")), (3_000, .screen(failed))]
            if connectionBack { events.append((5_000, .connectivity(online: true))) }
            events += [(5_000, .screen(signInScreen)), (6_000, .foregrounded), (6_000, .screen(signInScreen)), (9_000, .note("end"))]
            return trace(events)
        }
        #expect(OutcomeIsShown().check(away(connectionBack: true), settings: OracleSettings()).isEmpty)
        #expect(OutcomeIsShown().check(away(connectionBack: false), settings: OracleSettings()).count == 1)
    }

    // MARK: a refresh awaited after a 401

    /// The list's load is refused (an expired token) at 1.1 s; the app refreshes the session
    /// (`refreshing`), then loads again, the spinner up throughout; the run may end meanwhile.
    func expired(refreshing: Bool, endsAt end: Int64 = 9_000) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, main(spinner: "pickups", owner: nil, actions: [])),
            (0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.feed)),
            (1_100, .responseReceived(id: 1, endpoint: Self.feed, outcome: "status 401"))]
        if refreshing {
            events.append((1_100, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.refresh)))
            if end > 1_600 {
                events += [(1_600, .responseReceived(id: 2, endpoint: Self.refresh, outcome: "ok")),
                           (1_600, .requestSent(id: 3, timeoutMs: 10_000, endpoint: Self.feed)),
                           (1_700, .responseReceived(id: 3, endpoint: Self.feed, outcome: "ok")), (1_700, main())]
            }
        }
        events.append((end, .note("end")))
        return trace(events)
    }

    @Test func aRefreshAwaitedAfterA401HoldsTheSpinnerThoughItsEndpointIsBackground() {
        let run = expired(refreshing: true)
        #expect(run.isBackground(Self.refresh, id: 2) == false, "the refresh sent at the 401 is the load's")
        #expect(run.isBackground(Self.refresh, id: 9), "any other refresh stays in the background")
        #expect(SpinnerEndsWithItsAnswer().check(run, settings: OracleSettings()).isEmpty)
        #expect(SpinnerEndsWithItsAnswer().check(expired(refreshing: false), settings: OracleSettings()).count == 1)
        #expect(FailuresSurface().check(expired(refreshing: true, endsAt: 1_400), settings: OracleSettings()).isEmpty,
                "the run ended while the refresh the load awaits was out")
    }

    // MARK: errorBlamesWhatFailed

    @Test func aSignedOutMessageAfterABackgroundRefreshRefusedBlamesTheSession() {
        func refused(refresh outcome: String) -> RunObservation {
            var signedOut = ScreenState(route: Self.welcome)
            signedOut.errorText = "You were signed out. Please sign in again."
            signedOut.actions = [Self.signIn]
            return trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, main()),
                          (0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.refresh)),
                          (500, .responseReceived(id: 1, endpoint: Self.refresh, outcome: outcome)),
                          (500, .signedOut), (500, .screen(signedOut)), (9_000, .note("end"))])
        }
        #expect(ErrorBlamesWhatFailed().check(refused(refresh: "status 401"), settings: OracleSettings()).isEmpty)
        #expect(ErrorBlamesWhatFailed().check(refused(refresh: "ok"), settings: OracleSettings()).count == 1)
    }

    // MARK: tryAgainIsOffered

    @Test func anAlertOverAnErrorIsAnsweredFirst() {
        func failed(alertUp: Bool) -> RunObservation {
            trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, main()),
                   (1_000, .userAction(Self.reload, detail: "")), (1_000, main(spinner: "pickups", actions: [])),
                   (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.feed)),
                   (1_200, .responseReceived(id: 1, endpoint: Self.feed, outcome: "timeout")),
                   (1_200, alertUp ? main(error: "The request timed out. Please try again.", alert: "Are you sure you want to sign out?",
                                          actions: [UserAction("confirm-sign-out"), UserAction("cancel-sign-out")])
                                   : main(error: "The request timed out. Please try again.", actions: [UserAction("sign-out")])),
                   (9_000, .note("end"))])
        }
        #expect(TryAgainIsOffered().check(failed(alertUp: true), settings: OracleSettings()).isEmpty)
        #expect(TryAgainIsOffered().check(failed(alertUp: false), settings: OracleSettings()).count == 1)
    }

    // MARK: noDuplicateSubmission

    /// A load out when the app is killed (its answer dropped) and the relaunch's own load.
    @Test func aLoadOfAKilledProcessIsNoDuplicateOfTheRelaunchsOwn() {
        func relaunch(killed: Bool) -> RunObservation {
            var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.feed))]
            if killed { events += [(1_000, .killed(process: 1)), (2_000, .launched(process: 2, cold: true))] }
            events += [(2_000, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.feed)),
                       (2_500, .responseReceived(id: 2, endpoint: Self.feed, outcome: "ok")), (12_000, .note("end"))]
            return trace(events)
        }
        #expect(NoDuplicateSubmission().check(relaunch(killed: true), settings: OracleSettings()).isEmpty)
        #expect(NoDuplicateSubmission().check(relaunch(killed: false), settings: OracleSettings()).count == 1)
    }

    // MARK: noSilentDeadEnd

    @Test func aPagerTurningItsPageIsProgress() {
        func page(_ number: Int) -> ModelEvent {
            var state = ScreenState(route: Self.pager)
            state.page = number
            state.actions = [Self.next]
            return .screen(state)
        }
        func turned(to shown: Int) -> RunObservation {
            trace([(0, .launched(process: 1, cold: true)), (0, page(1)), (1_000, .userAction(Self.next, detail: "")),
                   (1_000, page(shown)), (40_000, .note("end"))])
        }
        #expect(NoSilentDeadEnd().check(turned(to: 2), settings: OracleSettings()).isEmpty)
        #expect(NoSilentDeadEnd().check(turned(to: 1), settings: OracleSettings()).count == 1, "a page that does not turn is no progress")
    }
}
