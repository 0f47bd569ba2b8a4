import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// The oracles added by the mutation work, each made to fire and shown quiet on traces written by
/// hand: the numbers, orders and choices the seeds promise, judged on the user's own record.
@Suite struct PromisedNumbersTraceTests {
    init() { ToolApps.register() }
    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    func screen(_ route: Route, spinner: String? = nil, error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.spinner = spinner
        state.errorText = error
        return .screen(state)
    }

    // MARK: automaticRetryAsPromised

    func goalRetry(after ms: Int64, secondRetry: Bool = false, tapBetween: Bool = false) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)),
            (0, .requestSent(id: 1, timeoutMs: 30_000, endpoint: .generateGoals)),
            (500, .responseReceived(id: 1, endpoint: .generateGoals, outcome: "status 500")),
        ]
        if tapBetween { events.append((600, .userAction(.retry, detail: ""))) }
        events.append((500 + ms, .requestSent(id: 2, timeoutMs: 30_000, endpoint: .generateGoals)))
        events.append((900 + ms, .responseReceived(id: 2, endpoint: .generateGoals, outcome: secondRetry ? "status 500" : "ok")))
        if secondRetry { events.append((2_900 + ms, .requestSent(id: 3, timeoutMs: 30_000, endpoint: .generateGoals))) }
        return trace(events)
    }

    @Test func anAutomaticGoalRetryTwoSecondsAfterTheFailureIsAsPromised() {
        #expect(AutomaticRetryAsPromised().check(goalRetry(after: 2_000), settings: OracleSettings()).isEmpty)
    }

    @Test(arguments: [Int64(0), 1_000, 4_000])
    func anAutomaticGoalRetryAtAnyOtherDelayIsReported(_ delay: Int64) {
        let found = AutomaticRetryAsPromised().check(goalRetry(after: delay), settings: OracleSettings())
        #expect(found.count == 1)
        #expect(found.first?.message.contains("retried by itself \(delay)ms later") == true)
    }

    @Test func aSecondAutomaticRetryIsReportedButARetryTheUserTappedIsNot() {
        #expect(AutomaticRetryAsPromised().check(goalRetry(after: 2_000, secondRetry: true), settings: OracleSettings())
            .first?.message.contains("a second time") == true)
        #expect(AutomaticRetryAsPromised().check(goalRetry(after: 100, tapBetween: true), settings: OracleSettings()).isEmpty)
    }

    /// Any app's own retry, through its roles: a team's list load that promises one retry 3 s
    /// after a failure. Quiet at 3 s, caught at 2 s; an app that declares no pause is not judged.
    @Test func aPluginsDeclaredRetryPauseIsJudgedLikeTheGoals() {
        let load = Endpoint("load-list")
        func run(retryAfter ms: Int64, roles: AppRoles) -> RunObservation {
            var trace = Trace()
            for (at, event) in [(Int64(0), ModelEvent.launched(process: 1, cold: true)),
                                (0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: load)),
                                (400, .responseReceived(id: 1, endpoint: load, outcome: "status 503")),
                                (400 + ms, .requestSent(id: 2, timeoutMs: 10_000, endpoint: load)),
                                (700 + ms, .responseReceived(id: 2, endpoint: load, outcome: "ok"))] {
                trace.append(event, at: SimulationInstant(nanoseconds: at * 1_000_000))
            }
            return RunObservation(trace: trace, roles: roles)
        }
        let promised = AppRoles(requests: [(load, RequestRole(cause: .app, retryPause: .seconds(3)))])
        #expect(AutomaticRetryAsPromised().check(run(retryAfter: 3_000, roles: promised), settings: OracleSettings()).isEmpty)
        let early = AutomaticRetryAsPromised().check(run(retryAfter: 2_000, roles: promised), settings: OracleSettings())
        #expect(early.first?.message.contains("The load-list request failed at 400ms and was retried by itself 2000ms later; the retry waits 3s") == true,
                "\(early.map(\.message))")
        #expect(AutomaticRetryAsPromised().check(run(retryAfter: 2_000, roles: .none), settings: OracleSettings()).isEmpty)
        #expect(AutomaticRetryAsPromised().isShared)
    }

    /// Any app's own retry hides a lone failure: a team's list load that fails once and loads at
    /// its retry shows no error in between; one that flashes its error is caught.
    @Test func aPluginsLoneFailureBeforeItsRetrySucceedsShowsNoError() {
        let load = Endpoint("load-list")
        let roles = AppRoles(requests: [(load, RequestRole(cause: .app, retryPause: .seconds(3)))])
        func run(flashing: Bool) -> RunObservation {
            func list(error: String? = nil, spinner: String? = nil) -> ModelEvent {
                var state = ScreenState(route: .named(RouteName("list", kind: .main)))
                state.errorText = error
                state.spinner = spinner
                return .screen(state)
            }
            var trace = Trace()
            var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, list(spinner: "loading")),
                                                 (0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: load)),
                                                 (400, .responseReceived(id: 1, endpoint: load, outcome: "status 503"))]
            if flashing { events.append((400, list(error: "Couldn't load your list"))) }
            events += [(3_400, list(spinner: "loading")), (3_400, .requestSent(id: 2, timeoutMs: 10_000, endpoint: load)),
                       (3_700, .responseReceived(id: 2, endpoint: load, outcome: "ok")), (3_700, list())]
            for (at, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: at * 1_000_000)) }
            return RunObservation(trace: trace, roles: roles)
        }
        #expect(TransientFailureHidden().check(run(flashing: false), settings: OracleSettings()).isEmpty)
        let found = TransientFailureHidden().check(run(flashing: true), settings: OracleSettings())
        #expect(found.first?.message == "The load-list request failed once and the next attempt succeeded, but the user saw "
                    + "\"Couldn't load your list\" in between. Retry once before showing an error.", "\(found.map(\.message))")
        #expect(TransientFailureHidden().isShared)
    }

    /// Seed 5667118 of reinstall-with-session (scripted user, 10⁷ seeds): a request still went
    /// out as the app was killed and failed offline; the goals loaded 15 s later were the next
    /// process's first load after its launch, not a retry of the dead process's failure.
    @Test func theNextProcesssFirstGoalLoadIsNotAnAutomaticRetry() {
        let relaunched = trace([
            (0, .launched(process: 1, cold: true)),
            (3_222, .killed(process: 1)),
            (3_222, .requestSent(id: 5, timeoutMs: 30_000, endpoint: .generateGoals)),
            (3_222, .responseReceived(id: 5, endpoint: .generateGoals, outcome: "offline")),
            (18_464, .launched(process: 2, cold: true)),
            (18_982, .requestSent(id: 8, timeoutMs: 30_000, endpoint: .generateGoals)),
        ])
        #expect(AutomaticRetryAsPromised().check(relaunched, settings: OracleSettings()).isEmpty)
    }

    // MARK: errorClearsOnNewAttempt

    @Test func aSpinnerBesideTheLastAttemptsErrorIsReportedAndAClearedOneIsNot() {
        let stale = trace([(0, screen(.onboarding(.authVerification), error: "That code didn't work.")),
                           (100, .userAction(.verify, detail: "")),
                           (100, screen(.onboarding(.authVerification), spinner: "verify", error: "That code didn't work."))])
        let found = ErrorClearsOnNewAttempt().check(stale, settings: OracleSettings())
        #expect(found.count == 1 && found[0].message.contains("after 'verify'"))
        let cleared = trace([(0, screen(.onboarding(.authVerification), error: "That code didn't work.")),
                             (100, .userAction(.verify, detail: "")),
                             (100, screen(.onboarding(.authVerification), spinner: "verify"))])
        #expect(ErrorClearsOnNewAttempt().check(cleared, settings: OracleSettings()).isEmpty)
    }

    // MARK: routeByJourneyAfterSignIn, for a log-in

    func logIn(_ choice: UserAction, settlingOn route: Route) -> RunObservation {
        trace([(0, .accountSeeded(user: "u1", email: "a@example.com", journey: Journey.fresh.record)),
               (0, .launched(process: 1, cold: true)), (0, screen(.onboarding(.intro))),
               (100, .userAction(choice, detail: "")), (100, screen(.onboarding(.auth))),
               (1_000, .responseReceived(id: 1, endpoint: .verifyOTP, outcome: "ok")), (1_000, .signedIn(user: "u1")),
               (1_200, .responseReceived(id: 2, endpoint: .journey, outcome: "ok")), (1_200, screen(route)),
               (5_000, .note("end"))])
    }

    @Test func aLogInSettlesExactlyWhereTheJourneyResumesNotAheadOfIt() {
        let ahead = RouteByJourneyAfterSignIn().check(logIn(.logIn, settlingOn: .onboarding(.processOverview)), settings: OracleSettings())
        #expect(ahead.count == 1 && ahead[0].message.contains("the user chose Log in"))
        #expect(RouteByJourneyAfterSignIn().check(logIn(.logIn, settlingOn: .onboarding(.intake)), settings: OracleSettings()).isEmpty)
        // A sign-up's own progress may run ahead of a fresh account.
        #expect(RouteByJourneyAfterSignIn().check(logIn(.getStarted, settlingOn: .onboarding(.processOverview)),
                                                  settings: OracleSettings()).isEmpty)
    }

    // MARK: choiceIsTheUsers

    func goalReview(selectingFirst: Bool) -> RunObservation {
        func offering(_ actions: [UserAction]) -> ModelEvent {
            var state = ScreenState(route: .onboarding(.goalReview))
            state.actions = actions
            state.choices = ["strength", "endurance"]
            return .screen(state)
        }
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, screen(.onboarding(.processOverview))),
                                             (100, .userAction(.next, detail: "")), (100, offering([.selectGoal]))]
        if selectingFirst { events.append((900, .userAction(.selectGoal, detail: "\"strength\""))) }
        events.append((900, offering([.selectGoal, .confirmGoal])))
        return trace(events)
    }

    @Test func confirmIsOfferedOnlyAfterTheUsersOwnSelectionOnThisVisit() {
        #expect(ChoiceIsTheUsers().check(goalReview(selectingFirst: true), settings: OracleSettings()).isEmpty)
        let found = ChoiceIsTheUsers().check(goalReview(selectingFirst: false), settings: OracleSettings())
        #expect(found.count == 1 && found[0].message.contains("selected no option"))
    }
}
