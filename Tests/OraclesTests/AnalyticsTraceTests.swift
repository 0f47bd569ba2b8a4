import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `analyticsFollowTheUser`, on traces written by hand, for an app of its own roles: each event
/// the backend took against what the user had done.
@Suite struct AnalyticsTraceTests {
    static let getStarted = UserAction("get-started"), logIn = UserAction("log-in")
    static let roles = AppRoles(actions: [(getStarted, .start(returning: false)), (logIn, .start(returning: true))],
                                analytics: [("started", .newUserStart), ("completed", .completion)])
    static let intro = ScreenState(route: .named(RouteName("intro", kind: .onboarding)))
    static let home = ScreenState(route: .named(RouteName("home", kind: .main)))

    /// A first launch on an install with `stored` caches, the intro, then `events`.
    func check(_ events: [(Int64, ModelEvent)], stored: [String] = [], roles: AppRoles = Self.roles) -> [Violation] {
        var trace = Trace()
        let all: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .storedCaches(stored)), (0, .screen(Self.intro))]
            + events + [(9_000, .note("end"))]
        for (ms, event) in all { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return AnalyticsFollowTheUser().check(RunObservation(trace: trace, roles: roles), settings: OracleSettings())
    }

    @Test func aStartEventForAUserWhoOnlyLoggedInIsReported() {
        let found = check([(1_000, .userAction(Self.logIn, detail: "")), (1_200, .analytics(user: "u1", event: "started"))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("the user only chose to log in, as a returning user") == true, "\(found)")
        #expect(check([(1_200, .analytics(user: "u1", event: "started"))]).first?.message.contains("no one had started") == true)
    }

    @Test func aStartEventAfterANewUsersStartIsQuietEvenWhenItArrivesLate() {
        #expect(check([(1_000, .userAction(Self.getStarted, detail: "")), (1_200, .analytics(user: "anon", event: "started"))]).isEmpty)
        // Started offline, then Log in; the queued event lands afterwards: its cause is the first tap.
        #expect(check([(1_000, .userAction(Self.getStarted, detail: "")), (2_000, .userAction(Self.logIn, detail: "")),
                       (5_000, .analytics(user: "anon", event: "started"))]).isEmpty)
    }

    @Test func aCompletionBeforeTheMainAppIsReportedAndAfterItIsQuiet() {
        let early = check([(1_000, .analytics(user: "u1", event: "completed")), (2_000, .screen(Self.home))])
        #expect(early.first?.message.contains("had not reached the main app") == true, "\(early)")
        #expect(check([(1_000, .screen(Self.home)), (1_300, .analytics(user: "u1", event: "completed"))]).isEmpty)
    }

    @Test func anEventTakenTwiceForOneUserIsReported() {
        let found = check([(1_000, .userAction(Self.getStarted, detail: "")), (1_200, .analytics(user: "anon", event: "started")),
                           (3_000, .analytics(user: "anon", event: "started"))])
        #expect(found.first?.message.contains("twice: at 1200ms and at 3000ms") == true, "\(found)")
        #expect(check([(1_000, .userAction(Self.getStarted, detail: "")), (1_200, .analytics(user: "anon", event: "started")),
                       (3_000, .analytics(user: "u2", event: "started"))]).isEmpty, "another user's start is theirs")
    }

    @Test func anInstallWithHistoryOrAnAppWithoutDeclaredEventsIsNotJudgedForCauses() {
        #expect(check([(1_200, .analytics(user: "u1", event: "started"))], stored: ["u1"]).isEmpty, "caused before the run")
        #expect(check([(1_200, .analytics(user: "u1", event: "started"))], roles: AppRoles()).isEmpty)
        #expect(check([(1_200, .analytics(user: "u1", event: "page_viewed"))]).isEmpty, "an event the app did not declare")
    }
}
