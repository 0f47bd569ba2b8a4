import SimKernel
import AppVocabulary

/// The names an app's scenario files use beyond its routes, and what they mean to its world: its
/// actions and endpoints, the faults it takes, timeouts, steps and checks of its own, and what
/// `expect.backend` reads of an account. Part of `AppPlugin`; every requirement has a default, so
/// an app says only what it adds. By default an app with a code to type has one step of its own,
/// `enterCode` (`CodeEntryStep`): a plug-in with other steps that wants it too lists
/// `CodeEntryStep.kind` and hands it to `CodeEntryStep.decode` and `.play`.
public protocol AppScenarioWords: Sendable {
    /// Each route as scenarios name it, and the route the app's screens show by it. By default
    /// `routes`, each by its name; an app that names a route in scenarios otherwise than the trace
    /// prints it (the fix plan's `goalReview` for `onboarding(goalReview)`) names them here.
    var scenarioRoutes: [(name: String, route: Route)] { get }
    /// The actions its screens offer, in the order screens list them: what `action` steps name.
    /// By default the actions `roles` declares, in their order.
    var actions: [UserAction] { get }
    /// The endpoints it calls: what faults and `requests` name. By default the requests `roles`
    /// declares, in their order.
    var endpoints: [Endpoint] { get }
    /// The account losses its world takes (seed 003's `accountDeleted`, `sessionRevoked`): a
    /// backend built on `MockAuth` takes both by itself (`AppHostWorld` hands them to it), a
    /// world of its own through `AppHostWorld(lose:)`. By default none: a file that injects one
    /// is refused at `validate`, saying what to add, rather than accepted and ignored.
    var accountLosses: [AccountLoss.Kind] { get }
    /// The fault kinds its files may inject: by default the network's
    /// (`ScenarioKeys.networkFaultKinds`), its `accountLosses`, and the system sheet's outcomes
    /// for an app whose roles exchange a platform credential.
    var faultKinds: [String] { get }
    /// Timeouts of its own a scenario may set in `network.timeouts`, besides `request`: each by
    /// name, with its length when the file does not set it (`Scenario.appTimeouts`). By default none.
    var timeouts: [AppTimeout] { get }
    /// Kinds of step of its own, besides every app's (`AppStep`): each a step's key in a file
    /// (`{"enterCode": true}`). By default `enterCode` for an app with a code to type, else none.
    var stepKinds: [String] { get }
    /// Reads one of its own steps (`kind` is one of `stepKinds`): the step, or nil after reporting
    /// what is wrong with `value` to `context` (at `path`). By default `enterCode` is read by
    /// `CodeEntryStep`, any other value taken as written.
    func decodeStep(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> AppStep?
    /// Plays one of its own steps on `world`, through `player` (taps, waits, what the user's drive
    /// reached). By default `enterCode` types the newest code; nothing else happens.
    func play(_ step: AppStep, in world: any AppWorld, player: StepPlayer) async
    /// The keys an `expect` step takes in its files: by default every app's
    /// (`ScenarioKeys.stepExpect`), and `backend` when it declares `backendFacts`.
    var stepExpectKeys: [String] { get }
    /// The keys `$.expect` takes in its files: by default `oracles`, `stepExpectKeys`, then
    /// every app's whole-run and judging keys (`userReachesMain`; `budgets`, `patience`,
    /// `flashWindow`, `settle`).
    var expectKeys: [String] { get }
    /// The facts of an account `expect.backend` may name besides `email`, and what `account`
    /// reports of them. By default none.
    var backendFacts: [BackendFact] { get }
    /// Whose account `expect.backend` judges when it names none: the scenario's first account,
    /// or nil. By default nil.
    func firstAccount(of scenario: Scenario) -> String?
    /// What the backend of `world` knows of `email`'s account now, for `expect.backend`; nil if it
    /// has no such account or keeps no such state. By default nil.
    func account(_ email: String, in world: any AppWorld) async -> AccountState?
}

extension AppScenarioWords where Self: AppPlugin {
    public var scenarioRoutes: [(name: String, route: Route)] { routes.map { ($0.name, Route.named($0)) } }
    public var actions: [UserAction] { roles.declaredActions.map(\.action) }
    public var endpoints: [Endpoint] { roles.declaredRequests.map(\.endpoint) }
    public var accountLosses: [AccountLoss.Kind] { [] }
    public var faultKinds: [String] {
        ScenarioKeys.networkFaultKinds + accountLosses.map(\.rawValue) + (roles.appleIDExchange == nil ? [] : ScenarioKeys.credentialSheetFaultKinds)
    }
    public var timeouts: [AppTimeout] { [] }
    public var stepKinds: [String] { CodeEntryStep.applies(to: roles) ? [CodeEntryStep.kind] : [] }
    public func decodeStep(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> AppStep? {
        kind == CodeEntryStep.kind ? CodeEntryStep.decode(value, at: path, context: context) : AppStep(kind, value)
    }
    public func play(_ step: AppStep, in world: any AppWorld, player: StepPlayer) async {
        if step.kind == CodeEntryStep.kind { await CodeEntryStep.play(step, roles: roles, in: world, player: player) }
    }
    public var stepExpectKeys: [String] { ScenarioKeys.stepExpect + (backendFacts.isEmpty ? [] : ["backend"]) }
    public var expectKeys: [String] { ["oracles"] + stepExpectKeys + ScenarioKeys.wholeRun + ScenarioKeys.judging }
    public var backendFacts: [BackendFact] { [] }
    public func firstAccount(of scenario: Scenario) -> String? { nil }
    public func account(_ email: String, in world: any AppWorld) async -> AccountState? { nil }
}
