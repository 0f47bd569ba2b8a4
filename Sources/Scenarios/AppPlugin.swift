import SimKernel
import AppVocabulary
import Oracles

/// An app the simulator runs: its vocabulary, its starting world from a scenario, its world for
/// one run, the free user on its screens, and the oracles that judge it. A team's app is
/// registered (`AppRegistry.register`); the two bundled apps are plug-ins too, through the same
/// requirements. Scenarios name it by `id` in `"app"`; `run`, `validate` and `regress` then work
/// for it as for the bundled apps.
///
/// ```swift
/// struct DoorApp: AppPlugin {
///     let id = AppID("door")
///     let summary = "a door that opens after one request"
///     let routes = [RouteName("closed", kind: .onboarding), RouteName("open", kind: .main)]
///     let actions = [UserAction("open")]
///     let endpoints = [Endpoint("unlock")]
///     let catalogue = [Mutant.Entry(Mutant("door-silent"), app: AppID("door"),
///                                   summary: "a failed unlock says nothing", source: "our fix plan §1")]
///     func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
/// }
/// AppRegistry.register(DoorApp())
/// ```
public protocol AppPlugin: Sendable {
    /// The app's name in scenarios (`"app"`), `--app` and reports; not a bundled app's.
    var id: AppID { get }
    /// What the app is, in one line, for `list` and error messages.
    var summary: String { get }
    /// The routes its root shows, each with its kind: what `finalRoute` and `neverShown` name.
    var routes: [RouteName] { get }
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
    /// What its actions and requests are to the user (`AppRoles`): what the oracles read instead
    /// of names (which actions type an email or a code, which requests no user waits for, what a
    /// request carries of the user's input). By default none: every action moves the user on and
    /// every request is a tap's.
    var roles: AppRoles { get }
    /// Its screens as coverage counts them (`CoverageTable`), in report order: each name and the
    /// route the screens show by it. By default `routes` in order, each with its route in
    /// `scenarioRoutes`.
    var coverageRoutes: [(name: String, route: Route)] { get }
    /// Its screens as timing metrics name them (`TimingTable`: `waitMs.<name>`), in report order:
    /// each name and the route the screens show by it. By default `coverageRoutes`.
    var timingScreens: [(name: String, route: Route)] { get }
    /// Its own actors as the HTML timeline shows them, between the user's lane and the network's:
    /// each lane (`ModelEvent`'s lane) and its title. By default one, `client`, titled "app".
    var timelineActors: [(lane: String, title: String)] { get }
    /// The faults and lifecycle events its runs can meet, for coverage's "possible". By default
    /// the network's faults and the phone's lifecycle (`CoverageEvents.everyApp`).
    var coverageEvents: CoverageEvents { get }
    /// Its bugs, each put back into its code by a switch: what `guards` and `mutants` name.
    var catalogue: [Mutant.Entry] { get }
    /// The oracles that judge its runs. By default the shared ones (`OracleCatalogue.shared`):
    /// the promises every onboarding makes, judged through `roles`. Add the app's own, or leave
    /// out one whose promise the app does not make.
    var oracles: [any Oracle] { get }
    /// The shared policies (`Oracle.policy`) the app keeps another way, each with its reason:
    /// left out of its oracles, and shown by `list --oracles --app`. By default none.
    var policyOptOuts: [PolicyOptOut] { get }
    /// The actions that move a user on, most wanted first: what the free user taps when a
    /// screen offers several. By default `actions`, in their order, but those whose role does
    /// not move the user on (typing, picking, Back, Start over, Resend, sign-out, Cancel, links).
    var forwardActions: [UserAction] { get }
    /// Who `explore` simulates: each persona a starting world, drawn per seed. By default one,
    /// `<id>-new-install`: a phone with the app just installed and nothing on it.
    var personas: [AppPersona] { get }
    /// What `explore` varies of the phone and the backend from seed to seed, besides the network's
    /// faults (`SwarmKnob`): each a key of `device` or `backend` drawn per seed. By default none.
    var swarmKnobs: [SwarmKnob] { get }
    /// What `explore` varies for one seed, drawn from the seed's own `swarm` stream. By default
    /// the network's knobs every app's swarm draws, on `endpoints`, then `swarmKnobs`
    /// (`Swarm.draw(seed:endpoints:knobs:)`). The bundled apps draw knobs of their own worlds.
    func swarm(seed: UInt64) -> Swarm
    /// `persona`'s scenario for `seed`: its starting world with `swarm`'s faults and knobs, driven
    /// by `user`. By default the persona's drawn sections and the free user
    /// (`Scenario.explored(_:app:seed:swarm:user:)`; the scripted user is the free user who only
    /// goes forward). The bundled apps build their personas' typed worlds.
    func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario
    /// Checks the scenario's `device` and `backend` sections, which are the app's own: every
    /// problem with its JSON path. By default any section is accepted.
    func checkSetup(_ setup: AppSetup) -> [AppSetupProblem]
    /// Reads the scenario's `device` and `backend` sections into `scenario`: every problem with
    /// its JSON path. By default the sections are kept as written (`scenario.setup`), `device.online`
    /// (the key every app's phone has) is read, and `checkSetup` judges the rest.
    func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem]
    /// The sections as a scenario file writes them (`shrink` writes its smallest failing run):
    /// what `decodeSetup` reads back to the same scenario. By default `scenario.setup`.
    func encodeSetup(of scenario: Scenario) -> AppSetup
    /// A scenario file's own run of `seed` in an exploration: its steps, with the seed's swarm
    /// applied. By default `scenario.explored(seed:swarm:)` (the swarm's faults and its knobs of
    /// the `device` and `backend` sections); an app with a typed world of its own
    /// (`Scenario.ownSetup`) puts the swarm's knobs into it too.
    func explored(_ scenario: Scenario, seed: UInt64, swarm: Swarm) -> Scenario
    /// Timeouts of its own a scenario may set in `network.timeouts`, besides `request`: each by
    /// name, with its length when the file does not set it (`Scenario.appTimeouts`). By default none.
    var timeouts: [AppTimeout] { get }
    /// Kinds of step of its own, besides every app's (`AppStep`): each a step's key in a file
    /// (`{"enterCode": true}`). By default none.
    var stepKinds: [String] { get }
    /// The keys an `expect` step takes in its files: by default every app's
    /// (`ScenarioKeys.stepExpect`), and `backend` when it declares `backendFacts` (the fix
    /// plan's app adds what it checks of its own).
    var stepExpectKeys: [String] { get }
    /// The keys `$.expect` takes in its files: by default `oracles`, `stepExpectKeys`, then
    /// every app's judging keys (`budgets`, `patience`, `flashWindow`, `settle`).
    var expectKeys: [String] { get }
    /// Whether the user reads the codes the app sends from its world's `Inbox`
    /// (`AppWorld.inbox`), as the free user and `enterCode` do for every plug-in; then an app
    /// whose roles type a code and whose world has no inbox is refused when it registers. By
    /// default true; an app whose own user and steps read codes another way says false.
    var readsCodesFromTheInbox: Bool { get }
    /// The account losses its world takes (seed 003's `accountDeleted`, `sessionRevoked`): a
    /// backend built on `MockAuth` takes both by itself (`AppHostWorld` hands them to it), a
    /// world of its own through `AppHostWorld(lose:)`. By default none: a file that injects one
    /// is refused at `validate`, saying what to add, rather than accepted and ignored.
    var accountLosses: [AccountLoss.Kind] { get }
    /// The fault kinds its files may inject: by default the network's
    /// (`ScenarioKeys.networkFaultKinds`) and its `accountLosses`.
    var faultKinds: [String] { get }
    /// Reads one of its own steps (`kind` is one of `stepKinds`): the step, or nil after reporting
    /// what is wrong with `value` to `context` (at `path`). By default any value is taken as written.
    func decodeStep(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> AppStep?
    /// Plays one of its own steps on `world`, through `player` (taps, waits, what the user's drive
    /// reached). By default nothing happens.
    func play(_ step: AppStep, in world: any AppWorld, player: StepPlayer) async
    /// What else is wrong with `scenario` for this app (its own sections, read into
    /// `Scenario.ownSetup`): each problem with its JSON path. By default nothing.
    func problems(of scenario: Scenario) -> [AppSetupProblem]
    /// Simpler versions of `scenario` in its own sections, one change each, biggest first: what
    /// `shrink` tries besides the faults and steps (settings left at the app's default). By
    /// default none (a plug-in's `device` and `backend` keys are tried one by one anyway).
    func simplifications(of scenario: Scenario) -> [Scenario]
    /// Whose account `expect.backend` judges when it names none: the scenario's first account,
    /// or nil. By default nil.
    func firstAccount(of scenario: Scenario) -> String?
    /// What the backend of `world` knows of `email`'s account now, for `expect.backend`; nil if it
    /// has no such account or keeps no such state. By default nil.
    func account(_ email: String, in world: any AppWorld) async -> AccountState?
    /// The facts of an account `expect.backend` may name besides `email`, and what `account`
    /// reports of them. By default none.
    var backendFacts: [BackendFact] { get }
    /// Its own part of its files' JSON Schema (`AppSchema`): the `device` and `backend` sections,
    /// the definitions they use, the value each of its own steps takes. `schema --app` prints it
    /// with every app's part. By default any `device` and `backend` object, any step value.
    var scenarioSchema: AppSchema { get }
    /// The app's world for one run, with the scenario's starting world, faults and mutants.
    func makeWorld(_ start: AppStart) -> any AppWorld
    /// The free user on the app's screens (a `freeUser` step; every explored persona): its log,
    /// or nil if `world` is not one of this app's. By default the free user of any app
    /// (`FreeUser.drive(anyApp:)`), reading only the screens, with `actions` and `forwardActions`.
    func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog?
}

extension AppPlugin {
    public var oracles: [any Oracle] { OracleCatalogue.shared }
    public var policyOptOuts: [PolicyOptOut] { [] }
    public var roles: AppRoles { .none }
    public var actions: [UserAction] { roles.declaredActions.map(\.action) }
    public var endpoints: [Endpoint] { roles.declaredRequests.map(\.endpoint) }
    public var scenarioRoutes: [(name: String, route: Route)] { routes.map { ($0.name, Route.named($0)) } }
    public var coverageRoutes: [(name: String, route: Route)] {
        let named = scenarioRoutes
        return routes.map { route in (route.name, named.first { $0.name == route.name }?.route ?? .named(route)) }
    }
    public var timingScreens: [(name: String, route: Route)] { coverageRoutes }
    public var coverageEvents: CoverageEvents { .everyApp }
    public var timelineActors: [(lane: String, title: String)] { [("client", "app")] }
    public func explored(_ scenario: Scenario, seed: UInt64, swarm: Swarm) -> Scenario {
        scenario.explored(seed: seed, swarm: swarm)
    }
    public var forwardActions: [UserAction] {
        actions.filter { action in
            switch roles.role(of: action) {
            case .forward, .decline, .submit, .start, .retry: true
            default: false
            }
        }
    }
    public var personas: [AppPersona] {
        [AppPersona(name: "\(id.rawValue)-new-install", summary: "a phone with the app just installed and nothing on it")]
    }
    public var swarmKnobs: [SwarmKnob] { [] }
    public var stepExpectKeys: [String] { ScenarioKeys.stepExpect + (backendFacts.isEmpty ? [] : ["backend"]) }
    public var expectKeys: [String] { ["oracles"] + stepExpectKeys + ScenarioKeys.judging }
    public var accountLosses: [AccountLoss.Kind] { [] }
    public var readsCodesFromTheInbox: Bool { true }
    public var faultKinds: [String] {
        ScenarioKeys.networkFaultKinds + accountLosses.map(\.rawValue) + (roles.appleIDExchange == nil ? [] : ScenarioKeys.appleSheetFaultKinds)
    }

    public func swarm(seed: UInt64) -> Swarm {
        Swarm.draw(seed: seed, endpoints: endpoints, knobs: swarmKnobs, accountLosses: accountLosses,
                   appleSheet: roles.appleIDExchange != nil)
    }

    public func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        Scenario.explored(persona, app: id, seed: seed, swarm: &swarm, user: user)
    }
    public func checkSetup(_ setup: AppSetup) -> [AppSetupProblem] { [] }

    public func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem] {
        scenario.setup = setup
        let context = DecodingContext(file: scenario.file)
        if case .object(let members)? = setup.device, let online = members.first(where: { $0.key == "online" }) {
            scenario.startsOffline = !(context.bool(online.value, at: "$.device.online") ?? true)
        }
        // A place reported here is not reported again by `checkSetup`.
        let reported = context.reportedLocations
        return context.setupProblems + checkSetup(setup).filter { !reported.contains($0.path) }
    }

    public func encodeSetup(of scenario: Scenario) -> AppSetup { scenario.setup }

    public func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog? {
        await user.drive(anyApp: world, actions: actions, forward: forwardActions, roles: roles)
    }
}

/// A plug-in app's own sections of a scenario, as written: `device` (the phone: what is stored
/// on it, its settings) and `backend` (the accounts and what the server knows). Nil when absent.
public struct AppSetup: Sendable, Equatable {
    public var device: JSONValue?
    public var backend: JSONValue?

    public init(device: JSONValue? = nil, backend: JSONValue? = nil) {
        self.device = device
        self.backend = backend
    }
}

/// A problem a plug-in found in its sections of a scenario.
public struct AppSetupProblem: Error, Sendable, Equatable {
    /// Where, as a JSON path from the scenario's root: `$.device.step`.
    public var path: String
    /// What is wrong: `expected a whole number from 0 to 4`.
    public var message: String
    /// How to fix it, if there is an obvious way.
    public var suggestion: String?

    public init(path: String, message: String, suggestion: String? = nil) {
        self.path = path
        self.message = message
        self.suggestion = suggestion
    }
}

/// What a plug-in's world starts from in one run.
public struct AppStart: Sendable {
    /// The run's kernel: its clock, randomness, executor and trace.
    public let simulation: Simulation
    /// The scenario's own sections for the app.
    public let setup: AppSetup
    /// The scenario's faults (and latency), for the app's `Network`.
    public let faults: FaultPlan
    /// How long the app's requests wait for an answer (`network.timeouts.request`; 10 s unless
    /// the scenario says).
    public let requestTimeout: Duration
    /// The bugs switched on for this run.
    public let mutants: MutantSet
    /// The app's roles (`AppPlugin.roles`), for its `Network` (`AppHostWorld(roles:)`): which
    /// replies are failures and what requests carry.
    public let roles: AppRoles
    /// The whole scenario, for an app whose `decodeSetup` read its sections into typed fields
    /// of its own (the bundled apps); nil when the world is built without one.
    public let scenario: Scenario?

    public init(simulation: Simulation, setup: AppSetup, faults: FaultPlan, requestTimeout: Duration, mutants: MutantSet,
                roles: AppRoles = .none, scenario: Scenario? = nil) {
        self.simulation = simulation
        self.roles = roles
        self.setup = setup
        self.faults = faults
        self.requestTimeout = requestTimeout
        self.mutants = mutants
        self.scenario = scenario
    }
}

/// A kind of user `explore` simulates on a plug-in app: a name (`--persona`), what it stands for,
/// and its starting world for a seed: the scenario's `device` and `backend` sections, drawn from
/// the persona's own seeded stream, so that one persona covers a family of starts.
public struct AppPersona: Sendable {
    public let name: String
    public let summary: String
    /// Whether the user has an account already (the free user's `returning`).
    public let returning: Bool
    public let setup: @Sendable (inout SeededRandom) -> AppSetup

    public init(name: String, summary: String, returning: Bool = false,
                setup: @escaping @Sendable (inout SeededRandom) -> AppSetup = { _ in AppSetup() }) {
        self.name = name
        self.summary = summary
        self.returning = returning
        self.setup = setup
    }
}

/// A shared policy an app keeps another way (`AppPlugin.policyOptOuts`): the oracle's name and
/// why, in a sentence a reader of `list` understands.
///
/// ```swift
/// let policyOptOuts = [PolicyOptOut("validEmailAccepted", because: "the backend checks every address; its 400 is the check")]
/// ```
public struct PolicyOptOut: Sendable, Equatable {
    public var oracle: String
    public var reason: String

    public init(_ oracle: String, because reason: String) {
        self.oracle = oracle
        self.reason = reason
    }
}
