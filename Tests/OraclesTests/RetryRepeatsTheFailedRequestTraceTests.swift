import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `retryRepeatsTheFailedRequest` (#64 item 6), on traces written by hand: the user picks a goal
/// and saves it, the save fails, and the app sends something by itself.
@Suite struct RetryRepeatsTheFailedRequestTraceTests {
    static let pick = UserAction("pick-goal"), save = UserAction("save"), retry = UserAction("retry")
    static let saveGoal = Endpoint("save-goal"), activate = Endpoint("activate"), refresh = Endpoint("refresh")
    static let events = Endpoint("events")
    static let roles = AppRoles(actions: [(pick, .choice), (save, .submit(.choice))],
                                requests: [(saveGoal, RequestRole(carries: [CarriedInput(.choice, key: "goal")])),
                                           // Awaited by the request that got a 401, as MyOnboarding's is.
                                           (refresh, RequestRole(cause: .app, purpose: .refreshesSession)),
                                           (events, RequestRole(cause: .background, purpose: .analytics))])

    func sent(_ id: Int, _ endpoint: Endpoint, at ms: Int64, carrying goal: String? = nil) -> [(Int64, ModelEvent)] {
        [(ms, .requestSent(id: id, timeoutMs: 10_000, endpoint: endpoint))]
            + (goal.map { [(ms, .requestCarries(id: id, request: .app(AppRequest(endpoint: endpoint, method: "POST",
                                                                                   carried: [CarriedValue(.choice, $0)]))))] } ?? [])
    }

    /// The user picks "Run a 5k" and saves; the save fails with a 500 at 2.3 s; then `after`.
    func check(_ after: [(Int64, ModelEvent)]) -> [Violation] {
        var screen = ScreenState(route: .named(RouteName("goals", kind: .onboarding)))
        screen.actions = [Self.pick, Self.save]
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, .screen(screen)),
            (1_000, .userAction(Self.pick, detail: "\"Run a 5k\"")), (2_000, .userAction(Self.save, detail: ""))]
        events += sent(1, Self.saveGoal, at: 2_000, carrying: "Run a 5k")
        events += [(2_300, .responseReceived(id: 1, endpoint: Self.saveGoal, outcome: "status 500"))]
        var trace = Trace()
        for (ms, event) in events + after + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return RetryRepeatsTheFailedRequest().check(RunObservation(trace: trace, roles: Self.roles), settings: OracleSettings())
    }

    @Test func anotherRequestSentByItselfInPlaceOfTheFailedOneIsReported() {
        let found = check(sent(2, Self.activate, at: 4_300))
        #expect(found.map(\.oracle) == ["retryRepeatsTheFailedRequest"])
        #expect(found.first?.message.contains("'save-goal' failed at 2300ms") == true)
        #expect(found.first?.message.contains("sent 'activate' by itself at 4300ms") == true)
    }

    @Test func aRetryCarryingSomethingTheUserNeverEnteredIsReported() {
        let found = check(sent(2, Self.saveGoal, at: 4_300, carrying: "Sleep better"))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("choice \"Sleep better\" where the user had entered choice \"Run a 5k\"") == true)
    }

    @Test func theSameRequestAgainARefreshOnTheWayOrTheUsersNextStepAreQuiet() {
        // The automatic retry, as it was sent.
        #expect(check(sent(2, Self.saveGoal, at: 4_300, carrying: "Run a 5k")).isEmpty)
        // A refresh of the session, then the retry; analytics meanwhile.
        #expect(check(sent(2, Self.refresh, at: 2_300) + sent(3, Self.events, at: 2_400)
                      + sent(4, Self.saveGoal, at: 2_600, carrying: "Run a 5k")).isEmpty)
        // A refresh that failed too is not the failure retried: the save is.
        #expect(check(sent(2, Self.refresh, at: 2_300) + [(2_400, .responseReceived(id: 2, endpoint: Self.refresh, outcome: "timeout"))]
                      + sent(4, Self.saveGoal, at: 2_600, carrying: "Run a 5k")).isEmpty)
        // The user taps Retry on another screen's request: theirs, not the app's.
        #expect(check([(5_000, .userAction(Self.retry, detail: ""))] + sent(2, Self.activate, at: 5_000)).isEmpty)
        // A new launch's own first request.
        #expect(check([(8_000, .killed(process: 1)), (9_000, .launched(process: 2, cold: true))] + sent(2, Self.activate, at: 9_000)).isEmpty)
        // A background request's failure is nobody's to retry.
        #expect(check([(2_400, .requestSent(id: 5, timeoutMs: nil, endpoint: Self.events)),
                       (2_500, .responseReceived(id: 5, endpoint: Self.events, outcome: "timeout")),
                       (2_600, .userAction(Self.save, detail: ""))] + sent(6, Self.activate, at: 2_600)).isEmpty)
    }
}
