import Testing
import PickupSim
import SimKernel
import AppVocabulary
import Oracles
import ToolAppsForTests

/// Waits the user sees, on traces written by hand: a wait with nothing behind it ends within
/// patience, and the main app's own loading view is a wait like any other.
@Suite struct WaitsHandBuiltTraceTests {
    init() { ToolApps.register() }
    /// The hand-built traces' helpers: `trace` and `screen`.
    let built = HandBuiltTraceTests()
    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation { built.trace(events) }

    static let card = Route.named(RouteName("sign-up", kind: .auth))
    static let home = Route.named(RouteName("home", kind: .main))

    func screen(_ route: Route, actions: [UserAction] = [], spinner: String? = nil, error: String? = nil,
                loading: String? = nil) -> ModelEvent {
        built.screen(route, actions: actions, spinner: spinner, error: error, loading: loading)
    }

    /// Sign-up tapped at 1 s while offline: the spinner waits on the connection, no request out,
    /// until `answeredAt`, when the screen says so with a retry; the run ends at 90 s.
    func offlineWait(answeredAt ms: Int64) -> RunObservation {
        let signUp = UserAction("sign-up")
        return trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.card, actions: [signUp])),
                      (1_000, .userAction(signUp, detail: "")), (1_000, screen(Self.card, spinner: "sign-up")),
                      (ms, screen(Self.card, actions: [signUp], error: "No connection. Try again.")), (90_000, .note("end"))])
    }

    @Test func aSpinnerWithNoRequestBehindItLongerThanPatienceIsADeadEnd() {
        let found = NoSilentDeadEnd().check(offlineWait(answeredAt: 41_000), settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("no request out behind it") == true, "\(found)")
        #expect(found.first?.at == SimulationInstant(nanoseconds: 31_000_000_000))
    }

    @Test func aBoundedWaitForTheConnectionOrAWaitOnARequestIsNot() {
        #expect(NoSilentDeadEnd().check(offlineWait(answeredAt: 21_000), settings: OracleSettings()).isEmpty)
        let signUp = UserAction("sign-up")
        let onRequest = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.card, actions: [signUp])),
                               (1_000, .userAction(signUp, detail: "")), (1_000, screen(Self.card, spinner: "sign-up")),
                               (1_000, .requestSent(id: 1, timeoutMs: 60_000, endpoint: Endpoint("sign-up"))),
                               (45_000, .responseReceived(id: 1, endpoint: Endpoint("sign-up"), outcome: "status 201")),
                               (45_000, screen(Self.home)), (90_000, .note("end"))])
        #expect(NoSilentDeadEnd().check(onRequest, settings: OracleSettings()).isEmpty, "judged by its timeout")
    }

    @Test func theMainAppsOwnLoadingViewThatNothingEndsIsADeadEndButAQuietMainAppIsNot() {
        let forever = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.home, loading: "home-loading")),
                             (60_000, .note("end"))])
        let found = NoSilentDeadEnd().check(forever, settings: OracleSettings())
        #expect(!found.isEmpty && found.allSatisfy { $0.message.contains("home-loading") }, "\(found)")
        let quiet = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.home)), (60_000, .note("end"))])
        #expect(NoSilentDeadEnd().check(quiet, settings: OracleSettings()).isEmpty)
    }

    @Test func onboardingOncePerInstallJudgesFromTheKindsOfScreenTheAppNames() {
        let welcome = Route.named(RouteName("welcome", kind: .onboarding))
        let run = trace([(0, .launched(process: 1, cold: true)), (0, screen(welcome)), (1_000, screen(Self.card)),
                         (2_000, screen(welcome)), (3_000, screen(Self.home)), (4_000, .killed(process: 1)),
                         (5_000, .launched(process: 2, cold: true)), (5_000, screen(welcome))])
        let trendy = OnboardingOncePerInstall(pastOnboarding: [.main], flag: "onboarding_complete", promise: "seed 001")
        let found = trendy.check(run, settings: OracleSettings())
        #expect(found.count == 1 && found.first?.at == SimulationInstant(nanoseconds: 5_000_000_000), "\(found)")
        #expect(found.first?.message.contains("store onboarding_complete") == true)
        #expect(OnboardingOncePerInstall().check(run, settings: OracleSettings()).first?.at == SimulationInstant(nanoseconds: 2_000_000_000),
                "the pickup app's sign-in wall ends its onboarding")
    }
}
