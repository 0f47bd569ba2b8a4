import Testing
import SimKernel
import AppVocabulary
import Oracles

/// #64's rules of time and of what the app sends by itself, on traces written by hand for an app
/// of no one's: a request's timeout against a healthy network, an offline tap's wait for the
/// connection, a retry's backoff, and the fresh token after a refresh. Each fires and stays quiet.
@Suite struct PromisesToTheSecondTraceTests {
    static let form = Route.named(RouteName("form", kind: .onboarding))
    static let submit = UserAction("submit"), typeName = UserAction("type-name")
    static let save = Endpoint("save"), sync = Endpoint("sync"), refresh = Endpoint("refresh"), list = Endpoint("list")
    static let roles = AppRoles(actions: [(submit, .submit(.text)), (typeName, .input(.text))],
                                requests: [(save, RequestRole()), (sync, RequestRole(cause: .background, backoff: .seconds(1))),
                                           (refresh, RequestRole(cause: .app, purpose: .refreshesSession)), (list, RequestRole(cause: .app))],
                                errors: [("No connection", .connection)], offlineWait: .seconds(20))

    func screen(spinner: String? = nil, error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: Self.form)
        state.spinner = spinner
        state.errorText = error
        state.actions = spinner == nil ? [Self.submit, Self.typeName] : []
        return .screen(state)
    }

    func check(_ oracle: any Oracle, _ events: [(Int64, ModelEvent)], roles: AppRoles = Self.roles) -> [Violation] {
        var trace = Trace()
        for (ms, event) in [(0, .launched(process: 1, cold: true)), (0, screen())] + events + [(120_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return oracle.check(RunObservation(trace: trace, roles: roles), settings: OracleSettings())
    }

    // MARK: healthyNetworkAnswersInTime

    @Test func aTenMillisecondTimeoutOnAHealthyNetworkIsReported() {
        let found = check(HealthyNetworkAnswersInTime(), [
            (1_000, .userAction(Self.submit, detail: "")), (1_000, screen(spinner: "save")),
            (1_000, .requestSent(id: 1, timeoutMs: 10, endpoint: Self.save)),
            (1_010, .responseReceived(id: 1, endpoint: Self.save, outcome: "timeout")), (1_010, screen(error: "No connection"))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("timed out at 1010ms after 10ms with no fault on it") == true, "\(found.map(\.message))")
    }

    @Test func aTimeoutAFaultCausedOrALongBoundIsQuiet() {
        let dropped = check(HealthyNetworkAnswersInTime(), [
            (1_000, .requestSent(id: 1, timeoutMs: 1_000, endpoint: Self.save)),
            (1_000, .faultApplied(id: 1, endpoint: Self.save, fault: "drop")),
            (2_000, .responseReceived(id: 1, endpoint: Self.save, outcome: "timeout"))])
        #expect(dropped.isEmpty, "\(dropped.map(\.message))")
        let slowBackend = check(HealthyNetworkAnswersInTime(), [
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)),
            (11_000, .responseReceived(id: 1, endpoint: Self.save, outcome: "timeout"))])
        #expect(slowBackend.isEmpty, "\(slowBackend.map(\.message))")
        let offline = check(HealthyNetworkAnswersInTime(), [
            (1_000, .requestSent(id: 1, timeoutMs: 500, endpoint: Self.save)), (1_200, .connectivity(online: false)),
            (1_500, .responseReceived(id: 1, endpoint: Self.save, outcome: "timeout"))])
        #expect(offline.isEmpty, "\(offline.map(\.message))")
    }

    // MARK: offlineTapWaitsForTheConnection

    /// Offline from 500 ms; Submit at 1 s, its spinner; then `after`.
    func offlineTap(_ after: [(Int64, ModelEvent)]) -> [Violation] {
        check(OfflineTapWaitsForTheConnection(), [(500, .connectivity(online: false)),
                                                  (1_000, .userAction(Self.submit, detail: "")), (1_000, screen(spinner: "save"))] + after)
    }

    @Test func anOfflineTapThatFailsAtOnceIsReported() {
        let found = offlineTap([(1_020, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)),
                                (1_020, .responseReceived(id: 1, endpoint: Self.save, outcome: "offline")),
                                (1_020, screen(error: "No connection"))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("failed with \"No connection\" at 1020ms, after 20ms") == true, "\(found.map(\.message))")
        // An app that says so with no request at all (it checks its path monitor) is judged the same.
        #expect(offlineTap([(1_500, screen(error: "No connection"))]).count == 1)
    }

    @Test func anOfflineTapThatWaitsItsTwentySecondsOrGetsTheConnectionIsQuiet() {
        let waited = offlineTap([(21_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)),
                                 (21_000, .responseReceived(id: 1, endpoint: Self.save, outcome: "offline")),
                                 (21_000, screen(error: "No connection"))])
        #expect(waited.isEmpty, "\(waited.map(\.message))")
        let back = offlineTap([(4_000, .connectivity(online: true)), (4_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)),
                               (4_100, .responseReceived(id: 1, endpoint: Self.save, outcome: "ok")), (4_100, screen())])
        #expect(back.isEmpty, "\(back.map(\.message))")
    }

    @Test func aWaitThatOutlastsTheConnectionsReturnIsReported() {
        let found = offlineTap([(4_000, .connectivity(online: true)), (9_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)),
                                (9_100, .responseReceived(id: 1, endpoint: Self.save, outcome: "ok")), (9_100, screen())])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("came back at 4000ms, but its save request went only at 9000ms") == true, "\(found.map(\.message))")
    }

    @Test func anAppThatPromisesNoWaitIsNotJudged() {
        let found = check(OfflineTapWaitsForTheConnection(), [
            (500, .connectivity(online: false)), (1_000, .userAction(Self.submit, detail: "")), (1_000, screen(spinner: "save")),
            (1_020, screen(error: "No connection"))], roles: AppRoles(errors: [("No connection", .connection)]))
        #expect(found.isEmpty)
    }

    // MARK: retriesBackOff

    @Test func aRetrySentMillisecondsAfterItsFailureIsReported() {
        let found = check(RetriesBackOff(), [
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.sync)),
            (1_100, .responseReceived(id: 1, endpoint: Self.sync, outcome: "status 503 injected error")),
            (1_101, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.sync))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("sent it again by itself 1ms later") == true, "\(found.map(\.message))")
    }

    @Test func aRetryAfterItsBackoffOrAReasonIsQuiet() {
        let backedOff = check(RetriesBackOff(), [
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.sync)),
            (1_100, .responseReceived(id: 1, endpoint: Self.sync, outcome: "status 503 injected error")),
            (2_100, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.sync))])
        #expect(backedOff.isEmpty, "\(backedOff.map(\.message))")
        let reconnected = check(RetriesBackOff(), [
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.sync)),
            (1_000, .responseReceived(id: 1, endpoint: Self.sync, outcome: "offline")),
            (1_300, .connectivity(online: true)), (1_300, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.sync))])
        #expect(reconnected.isEmpty, "\(reconnected.map(\.message))")
        let refused = check(RetriesBackOff(), [
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.sync)),
            (1_100, .responseReceived(id: 1, endpoint: Self.sync, outcome: "status 401 Session revoked")),
            (1_100, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.sync))])
        #expect(refused.isEmpty, "a refused item is dropped and the next one goes: \(refused.map(\.message))")
    }

    // MARK: refreshedSessionIsUsed

    /// The tokens expire at 5 s; the list is refused, the app refreshes (ok at 6.1 s), then `after`.
    func refreshed(_ after: [(Int64, ModelEvent)]) -> [Violation] {
        check(RefreshedSessionIsUsed(), [
            (5_000, .note(AccessTokenExpiry.note(user: "u1"))),
            (5_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.list)),
            (5_500, .faultApplied(id: 1, endpoint: Self.list, fault: "\(AccessTokenExpiry.refusal) user=u1")),
            (5_600, .responseReceived(id: 1, endpoint: Self.list, outcome: "status 401 JWT expired")),
            (6_000, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.refresh)),
            (6_100, .responseReceived(id: 2, endpoint: Self.refresh, outcome: "ok"))] + after)
    }

    @Test func aRetryThatCarriesTheRefusedTokenAfterTheRefreshIsReported() {
        let found = refreshed([(6_100, .requestSent(id: 3, timeoutMs: 10_000, endpoint: Self.list)),
                               (6_100, .faultApplied(id: 3, endpoint: Self.list, fault: "\(AccessTokenExpiry.refusal) user=u1")),
                               (6_200, .responseReceived(id: 3, endpoint: Self.list, outcome: "status 401 JWT expired"))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("The session was refreshed at 6100ms, yet the list request sent after it carried the expired token") == true,
                "\(found.map(\.message))")
    }

    @Test func aRetryWithTheFreshTokenOrARefusalAfterANewExpiryIsQuiet() {
        let fresh = refreshed([(6_100, .requestSent(id: 3, timeoutMs: 10_000, endpoint: Self.list)),
                               (6_200, .responseReceived(id: 3, endpoint: Self.list, outcome: "ok"))])
        #expect(fresh.isEmpty, "\(fresh.map(\.message))")
        let expiredAgain = refreshed([(7_000, .note(AccessTokenExpiry.note(user: "u1"))),
                                      (7_100, .requestSent(id: 3, timeoutMs: 10_000, endpoint: Self.list)),
                                      (7_100, .faultApplied(id: 3, endpoint: Self.list, fault: "\(AccessTokenExpiry.refusal) user=u1")),
                                      (7_200, .responseReceived(id: 3, endpoint: Self.list, outcome: "status 401 JWT expired"))])
        #expect(expiredAgain.isEmpty, "\(expiredAgain.map(\.message))")
    }
}
