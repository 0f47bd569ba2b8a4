import Testing
import SimKernel
import AppVocabulary
import Oracles
import ToolAppsForTests

/// The oracles read what an app's actions, requests and routes are from the roles it declares
/// (`AppRoles`, a route's kind), never from their names: each rule on a plug-in's hand-built
/// trace, with the role declared and without.
@Suite struct RolesTraceTests {
    init() { ToolApps.register() }
    static let splash = Route.named(RouteName("splash", kind: .launch))
    static let welcome = Route.named(RouteName("welcome", kind: .onboarding))
    static let pick = Route.named(RouteName("pick", kind: .onboarding))
    static let sync = Endpoint("sync-steps"), save = Endpoint("save")

    func run(_ events: [(Int64, ModelEvent)], roles: AppRoles = .none) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: roles)
    }

    func screen(_ route: Route, actions: [String] = [], spinner: String? = nil, email: String = "") -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions.map { UserAction($0) }
        state.spinner = spinner
        state.emailField = email
        return .screen(state)
    }

    @Test func everyLaunchKindRouteMayBeReplacedAtOnceButNoOtherMay() {
        let fromSplash = run([(0, .launched(process: 1, cold: true)), (0, screen(Self.splash)), (120, screen(Self.welcome, actions: ["go"]))])
        #expect(NoRouteFlash().check(fromSplash, settings: OracleSettings()).isEmpty)
        let fromWelcome = run([(0, .launched(process: 1, cold: true)), (0, screen(Self.welcome)), (120, screen(Self.pick, actions: ["go"]))])
        #expect(NoRouteFlash().check(fromWelcome, settings: OracleSettings()).count == 1)
    }

    /// Two overlapping requests to `sync-steps`, each after a tap.
    func overlappingSyncs(roles: AppRoles) -> RunObservation {
        run([(0, .launched(process: 1, cold: true)), (0, screen(Self.welcome, actions: ["go"])),
             (100, .userAction(UserAction("go"), detail: "")), (100, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.sync)),
             (150, .requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.sync)),
             (900, .responseReceived(id: 1, endpoint: Self.sync, outcome: "ok")),
             (950, .responseReceived(id: 2, endpoint: Self.sync, outcome: "ok"))], roles: roles)
    }

    @Test func aBackgroundRequestIsNeverADuplicateSubmissionWhateverItsName() {
        #expect(NoDuplicateSubmission().check(overlappingSyncs(roles: .none), settings: OracleSettings()).count == 1)
        let background = AppRoles(requests: [(Self.sync, RequestRole(cause: .background))])
        #expect(NoDuplicateSubmission().check(overlappingSyncs(roles: background), settings: OracleSettings()).isEmpty)
    }

    /// A tap on `select-goal` that changes nothing on screen.
    func idleTap(roles: AppRoles) -> RunObservation {
        run([(0, .launched(process: 1, cold: true)), (0, screen(Self.pick, actions: ["select-goal", "go"])),
             (1_000, .userAction(UserAction("select-goal"), detail: "\"Run\"")), (60_000, .note("end"))], roles: roles)
    }

    @Test func anActionIsInputOnlyWhenItsAppSaysSoNotByItsName() {
        // A plug-in's `select-goal` that it declares as nothing is a forward tap: it owes an effect.
        #expect(EveryTapHasAnEffect().check(idleTap(roles: .none), settings: OracleSettings()).count == 1)
        let choice = AppRoles(actions: [(UserAction("select-goal"), .choice)])
        #expect(EveryTapHasAnEffect().check(idleTap(roles: choice), settings: OracleSettings()).isEmpty)
    }

    /// The user types `typed`, taps Sign up, and the request carries `sent`.
    func signUp(typed: String, sent: String) -> RunObservation {
        let roles = AppRoles(actions: [(UserAction("type-email"), .input(.email)), (UserAction("sign-up"), .submit(.email))],
                             requests: [(Self.save, RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email")]))])
        let request = AppRequest(endpoint: Self.save, method: "POST", path: "/signup", carried: [CarriedValue(.email, sent)])
        return run([(0, .launched(process: 1, cold: true)), (0, screen(Self.welcome, actions: ["type-email"])),
                    (500, .userAction(UserAction("type-email"), detail: "\"\(typed)\"")),
                    (500, screen(Self.welcome, actions: ["type-email", "sign-up"], email: typed)),
                    (900, .userAction(UserAction("sign-up"), detail: "")),
                    (900, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.save)), (900, .requestCarries(id: 1, request: .app(request)))],
                   roles: roles)
    }

    @Test func aPlugInsRequestCarriesTheAddressTheUserTyped() {
        #expect(RequestsCarryWhatTheUserEntered().check(signUp(typed: "ada@example.com", sent: "ada@example.com"),
                                                         settings: OracleSettings()).isEmpty)
        let found = RequestsCarryWhatTheUserEntered().check(signUp(typed: "ada@example.com", sent: "old@example.com"), settings: OracleSettings())
        #expect(found.first?.message.contains("a sign-in for \"old@example.com\" although the user entered \"ada@example.com\"") == true,
                "\(found.map(\.message))")
    }
}
