import SimKernel
import Synchronization
import AppVocabulary
import Oracles

/// The apps scenarios may name: the plug-ins registered in this process, in the order they were
/// registered. No app is built in: a tool registers the apps it runs (`SimCommandLine.run(apps:)`),
/// `onboarding-sim` the fix plan's (`FixPlanSim`) and the pickup app (`PickupSim`), a team's tool
/// its own, exactly alike.
///
/// Register every plug-in before the first scenario is decoded (at the top of a team's `main`,
/// or in a test's setup): what a scenario may name is read when it is decoded. Registering is the
/// only shared state here, and it changes no run: the same scenario runs the same with any other
/// plug-ins registered.
public enum AppRegistry {
    private static let plugins = Mutex<[Registered]>([])
    /// The app a file that names none is about, when a tool says (`setDefault`).
    private static let chosenDefault = Mutex<AppID?>(nil)

    /// A registered plug-in and its names, numbered once as it registers (`CoverageTable`,
    /// `TimingTable`).
    private struct Registered: Sendable {
        let plugin: any AppPlugin
        let coverage: CoverageTable
        let timing: TimingTable
        /// Its oracles less the policies it opted out of, once.
        let oracles: [any Oracle]
        /// Whether its world keeps a phone's stores (`AppWorld.takesPhoneContents`), looked at once.
        let takesPhoneContents: Bool
    }

    /// Registers `plugin`. Registering the same id again replaces the earlier plug-in (a test
    /// suite may register its app in every test).
    ///
    /// - Throws: `AppRegistryError` if the plug-in's vocabulary is unusable (no routes, a name
    ///   listed twice, a role of a name it does not list, a step or timeout of its own named as
    ///   every app's, a catalogue entry of another app or with another app's id).
    public static func register(_ plugin: any AppPlugin) throws(AppRegistryError) {
        if let problem = problem(with: plugin) { throw AppRegistryError(app: plugin.id.rawValue, message: problem) }
        let optedOut = plugin.policyOptOuts.map { OracleCatalogue.currentName(of: $0.oracle) }
        let entry = Registered(plugin: plugin, coverage: CoverageTable(app: plugin.id, routes: plugin.coverageRoutes,
                                                                       actions: plugin.actions, events: plugin.coverageEvents),
                               timing: TimingTable(app: plugin.id, screens: plugin.timingScreens, endpoints: plugin.endpoints),
                               oracles: plugin.oracles.filter { !optedOut.contains($0.name) },
                               takesPhoneContents: probeWorld(plugin).takesPhoneContents)
        plugins.withLock { registered in
            if let index = registered.firstIndex(where: { $0.plugin.id == plugin.id }) {
                registered[index] = entry
            } else {
                registered.append(entry)
            }
        }
    }

    /// The plug-in of `app`; nil for an id nobody registered.
    public static func plugin(for app: AppID) -> (any AppPlugin)? {
        plugins.withLock { registered in registered.first { $0.plugin.id == app }?.plugin }
    }

    /// `app`'s coverage vocabulary, numbered when it registered; an empty one (no screen but
    /// "none", no action) for an id nobody registered.
    public static func coverageTable(of app: AppID) -> CoverageTable {
        plugins.withLock { registered in registered.first { $0.plugin.id == app }?.coverage }
            ?? CoverageTable(app: app, routes: [], actions: [])
    }

    /// `app`'s timing metrics, numbered when it registered; nil for an id nobody registered.
    public static func timingTable(of app: AppID) -> TimingTable? {
        plugins.withLock { registered in registered.first { $0.plugin.id == app }?.timing }
    }

    /// The app a scenario file that names no `app` is about, and whose scenarios live right in
    /// `scenarios/` (the others' in `scenarios/<app>/`): the one the tool chose (`setDefault`;
    /// `SimCommandLine.run(apps:)` chooses its first), else the first registered. An empty id
    /// when nothing is registered.
    public static var defaultApp: AppID {
        chosenDefault.withLock { $0 } ?? plugins.withLock { $0.first?.plugin.id } ?? AppID("")
    }

    /// Makes `app` the default (`defaultApp`): a tool's first app. Changes no run.
    public static func setDefault(_ app: AppID) { chosenDefault.withLock { $0 = app } }

    /// Every app a scenario may name, in the order registered.
    public static var apps: [AppID] { registered.map(\.id) }

    /// The plug-ins registered in this process, in order.
    private static var registered: [any AppPlugin] { plugins.withLock { $0.map(\.plugin) } }

    /// The problem of a scenario of `app` when nobody registered it (a file that names no app is
    /// the default app's, `defaultApp`): what the decoder and the runner report.
    public static func unregistered(_ app: AppID, file: String) -> ScenarioError {
        let known = apps.map(\.rawValue)
        return ScenarioError(file: file, location: "$.app",
                             message: "the app \"\(app)\" is not registered in this tool"
                                + (known.isEmpty ? "" : " (its apps: \(known.joined(separator: ", ")))"),
                             suggestion: known.isEmpty ? "register the app's plug-in first (AppRegistry.register)"
                                : "name one of its apps in \"app\"")
    }

    /// Whether `plugin`'s world keeps a phone's stores a scenario's `device.phone` fills
    /// (`AppWorld.takesPhoneContents`): looked at when it registered, else in a world made for
    /// the purpose.
    static func takesPhoneContents(_ plugin: any AppPlugin) -> Bool {
        plugins.withLock { registered in registered.first { $0.plugin.id == plugin.id }?.takesPhoneContents }
            ?? probeWorld(plugin).takesPhoneContents
    }

    /// The actions `app`'s screens offer (none for an unknown id).
    public static func actions(of app: AppID) -> [UserAction] { plugin(for: app)?.actions ?? [] }

    /// What `app`'s actions and requests are to the user (none for an unknown id).
    public static func roles(of app: AppID) -> AppRoles { plugin(for: app)?.roles ?? .none }

    /// The endpoints `app` calls (none for an unknown id).
    public static func endpoints(of app: AppID) -> [Endpoint] { plugin(for: app)?.endpoints ?? [] }

    /// `app`'s catalogue of bugs, in catalogue order.
    public static func catalogue(of app: AppID) -> [Mutant.Entry] { plugin(for: app)?.catalogue ?? [] }

    /// The catalogue entry with this id, of any app.
    public static func entry(named id: String) -> Mutant.Entry? {
        plugins.withLock { registered in
            registered.lazy.compactMap { entry in entry.plugin.catalogue.first { $0.mutant.rawValue == id } }.first
        }
    }

    /// Every catalogue entry: each app's of `apps`, in that order.
    public static var allEntries: [Mutant.Entry] { apps.compactMap(plugin(for:)).flatMap(\.catalogue) }

    /// The apps a tool is about (`list`, `regress`'s catalogue, `explore`'s default app): the
    /// apps it registered, in its order (`onboarding-sim`: the fix plan's and the pickup app; a
    /// team's tool: its own).
    public static var toolApps: [AppID] { apps }

    /// The catalogue a tool checks by default (`regress` with no paths, `list --mutants`): its
    /// apps' bugs (`toolApps`), each app's in catalogue order.
    public static var toolCatalogue: [Mutant.Entry] { toolApps.compactMap(plugin(for:)).flatMap(\.catalogue) }

    /// The app `mutant` is a bug of (the default app for an id no catalogue lists).
    public static func app(of mutant: Mutant) -> AppID { entry(named: mutant.rawValue)?.app ?? defaultApp }

    /// The oracles that judge `app`'s runs (its plug-in's list; none for an unknown id).
    /// `app`'s oracles (its plug-in's list, less the policies it opted out of; none for an unknown id).
    public static func oracles(for app: AppID) -> [any Oracle] {
        plugins.withLock { registered in registered.first { $0.plugin.id == app }?.oracles } ?? []
    }

    /// What makes `plugin` unusable, in a sentence; nil if nothing does.
    static func problem(with plugin: any AppPlugin) -> String? {
        let id = plugin.id
        if id.rawValue.isEmpty { return "the app's id is empty" }
        if plugin.routes.isEmpty { return "the app lists no routes: a scenario could not name a screen" }
        let routeNames = plugin.routes.map(\.name)
        if let twice = firstRepeated(routeNames + ["none"]) { return "the route \"\(twice)\" is listed twice (\"none\" means the app is not running)" }
        if let twice = firstRepeated(plugin.actions.map(\.rawValue)) { return "the action \"\(twice)\" is listed twice" }
        if let twice = firstRepeated(plugin.endpoints.map(\.rawValue)) { return "the endpoint \"\(twice)\" is listed twice" }
        if let twice = firstRepeated(plugin.catalogue.map(\.mutant.rawValue)) { return "the mutant \"\(twice)\" is listed twice" }
        // A role of a name the app does not list is a typo that would pass silently. A sign-out
        // may come from outside the screens the app lists (the fix plan's is a device step).
        if let stray = plugin.roles.declaredActions.first(where: { !plugin.actions.contains($0.action) && $0.role != .signOut }) {
            return "the roles name the action \"\(stray.action)\", which the app's actions do not list"
        }
        if let stray = plugin.roles.declaredRequests.first(where: { !plugin.endpoints.contains($0.endpoint) }) {
            return "the roles name the endpoint \"\(stray.endpoint)\", which the app's endpoints do not list"
        }
        // A route the roles promise something of (the flow's step order, a screen only for the
        // signed-in) that the app does not list: a typo, and the promise would never be judged.
        let listed = plugin.routes.map(Route.named)
        if let stray = (plugin.roles.stepOrder + plugin.roles.signedInRoutes).first(where: { !listed.contains($0) }) {
            return "the roles name the route \"\(stray)\" (stepOrder or signedInRoutes), which the app's routes do not list "
                + "(or list with another kind)"
        }
        if plugin.roles.declaredRequests.contains(where: { $0.role.sentWhenMainAppears }), !plugin.routes.contains(where: { $0.kind == .main }) {
            return "a request of its roles is sent when main appears (sentWhenMainAppears), but no route of the app is of kind .main: "
                + "give its main screen RouteName(\"…\", kind: .main)"
        }
        // Its own steps and timeouts sit beside every app's in a file: a clash would hide one.
        if let taken = plugin.stepKinds.first(where: { ScenarioKeys.step.contains($0) }) {
            return "its own step \"\(taken)\" is a step every app has: give it a name of its own"
        }
        if let twice = firstRepeated(plugin.stepKinds) { return "the step \"\(twice)\" is listed twice" }
        if let twice = firstRepeated(ScenarioKeys.timeouts + plugin.timeouts.map(\.name)) {
            return "the timeout \"\(twice)\" is listed twice (\"request\" is every app's)"
        }
        for optOut in plugin.policyOptOuts {
            guard let oracle = plugin.oracles.first(where: { $0.name == OracleCatalogue.currentName(of: optOut.oracle) }) else {
                return "it opts out of \"\(optOut.oracle)\", which is not one of its oracles"
            }
            if oracle.policy == nil { return "it opts out of \"\(optOut.oracle)\", a promise every app makes, not a policy" }
            if optOut.reason.allSatisfy(\.isWhitespace) { return "its opt-out of \"\(optOut.oracle)\" gives no reason" }
        }
        if let foreign = plugin.catalogue.first(where: { $0.app != id }) {
            return "the mutant \"\(foreign.mutant)\" is listed as the \(foreign.app) app's: a plug-in lists its own bugs"
        }
        let othersEntries = Set(allEntries.filter { $0.app != id }.map(\.mutant.rawValue))
        if let taken = plugin.catalogue.first(where: { othersEntries.contains($0.mutant.rawValue) }) {
            return "the mutant \"\(taken.mutant)\" has another app's id: give it one of the app's own"
        }
        return missingInbox(plugin) ?? unheardAccountLosses(plugin) ?? personaPhoneProblem(plugin)
    }

    /// A persona whose phone (`AppSetup.withPhone`) would not reach the app or does not read:
    /// judged on the setup each persona draws for seed 0, as a file's `device.phone` is at `validate`.
    static func personaPhoneProblem(_ plugin: any AppPlugin) -> String? {
        for persona in plugin.personas {
            var random = SeededRandom(seed: 0, stream: "persona")
            let setup = persona.setup(&random)
            guard setup.phone != nil else { continue }
            let context = DecodingContext(file: "persona:\(persona.name)")
            setup.phoneProblems(for: plugin, context: context)
            if let problem = context.setupProblems.first {
                return "its persona \"\(persona.name)\" sets up the phone, but at \(problem.path): \(problem.message)"
                    + (problem.suggestion.map { " (\($0))" } ?? "")
            }
        }
        return nil
    }

    /// Account losses declared for a world that never hears of them (its backend not on
    /// `MockAuth`, no `lose` given): every `accountDeleted` a file or the swarm drew would be
    /// accepted and do nothing. Looked at in one world made for the purpose and never run.
    static func unheardAccountLosses(_ plugin: any AppPlugin) -> String? {
        guard let kind = plugin.accountLosses.first else { return nil }
        let world = probeWorld(plugin)
        guard !world.takesAccountLosses else { return nil }
        return "it declares account losses (\(kind.rawValue) in accountLosses), but its world's backend never hears of them: "
            + "every one a scenario or the swarm drew would do nothing. Build the backend as an AppBackend on MockAuth, "
            + "or give the world what to do with one (AppHostWorld(..., lose: { loss in … }))"
    }

    /// A role declared without what it needs (issue #63: a glue that typed codes but gave its
    /// world no `Inbox` got 1,245 misleading failures in 2,000 runs of a correct app): an app
    /// whose roles type a code must give its world the inbox its backend mails codes to. Looked
    /// at in one world made for the purpose and never run. An app whose own user and steps read
    /// codes another way says so (`AppPlugin.readsCodesFromTheInbox`: the fix plan's).
    static func missingInbox(_ plugin: any AppPlugin) -> String? {
        guard plugin.readsCodesFromTheInbox, plugin.roles.declaredActions.contains(where: { $0.role == .input(.code) }) else { return nil }
        let world = probeWorld(plugin)
        guard world.inbox == nil else { return nil }
        return "its roles type a code (an action of role .input(.code)), but its world has no Inbox: the user could never read "
            + "a code and every run would fail the code rules. Make one Inbox in makeWorld, give it to the world "
            + "(AppHostWorld(..., inbox: inbox)) and to the backend that mails codes (MockAuth(simulation:inbox:roles:))"
    }

    /// A world of `plugin` made to look at what it holds, never run.
    private static func probeWorld(_ plugin: any AppPlugin) -> any AppWorld {
        plugin.makeWorld(AppStart(simulation: Simulation(seed: 0), setup: AppSetup(), faults: FaultPlan(), requestTimeout: .seconds(10),
                                  mutants: .none, roles: plugin.roles))
    }

    private static func firstRepeated(_ names: [String]) -> String? {
        var seen: Set<String> = []
        return names.first { !seen.insert($0).inserted }
    }
}

/// A plug-in that cannot be registered, and why.
public struct AppRegistryError: Error, Sendable, Equatable, CustomStringConvertible {
    public let app: String
    public let message: String

    public var description: String { "cannot register the app \"\(app)\": \(message)" }
}
