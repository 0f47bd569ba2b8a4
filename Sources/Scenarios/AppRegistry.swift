import Synchronization
import AppVocabulary
import Oracles

/// The apps scenarios may name: the fix plan's app, built in until it is a module of its own,
/// then the plug-ins registered in this process, in the order they were registered. A tool
/// registers the apps it runs (`SimCommandLine.run(apps:)`): `onboarding-sim` the fix plan's and
/// the pickup app (`PickupSim`), a team's tool its own.
///
/// Register every plug-in before the first scenario is decoded (at the top of a team's `main`,
/// or in a test's setup): what a scenario may name is read when it is decoded. Registering is the
/// only shared state here, and it changes no run: the same scenario runs the same with any other
/// plug-ins registered.
public enum AppRegistry {
    private static let plugins = Mutex<[any AppPlugin]>([])

    /// Registers `plugin`. Registering the same id again replaces the earlier plug-in (a test
    /// suite may register its app in every test).
    ///
    /// - Throws: `AppRegistryError` if the id is the built-in app's (by another plug-in), or if
    ///   the plug-in's vocabulary is unusable (no routes, a name listed twice, a catalogue entry
    ///   of another app or with another app's id).
    public static func register(_ plugin: any AppPlugin) throws(AppRegistryError) {
        // The built-in app, listed among a tool's apps, is taken as it is (its sign-out is a
        // device step its screens do not offer, which the check below would take for a typo).
        let isBuiltIn = builtIn.contains { $0.id == plugin.id && type(of: $0) == type(of: plugin) }
        if !isBuiltIn, let problem = problem(with: plugin) { throw AppRegistryError(app: plugin.id.rawValue, message: problem) }
        plugins.withLock { registered in
            if let index = registered.firstIndex(where: { $0.id == plugin.id }) {
                registered[index] = plugin
            } else {
                registered.append(plugin)
            }
        }
    }

    /// The plug-in of `app`, the built-in app's included; nil for an unknown id.
    public static func plugin(for app: AppID) -> (any AppPlugin)? {
        if let builtIn = builtIn.first(where: { $0.id == app }) { return builtIn }
        return plugins.withLock { registered in registered.first { $0.id == app } }
    }

    /// The app a library user has without registering one: the fix plan's, through the same
    /// requirements as a team's (a scenario that names no app runs it).
    static let builtIn: [any AppPlugin] = [FixPlanPlugin()]

    /// Every app a scenario may name: the built-in app first, then the plug-ins.
    public static var apps: [AppID] {
        builtIn.map(\.id) + registered.map(\.id).filter { id in !builtIn.contains { $0.id == id } }
    }

    /// The plug-ins registered in this process, in order (the built-in app too, if a tool listed it).
    private static var registered: [any AppPlugin] { plugins.withLock { $0 } }

    /// The actions `app`'s screens offer (none for an unknown id).
    public static func actions(of app: AppID) -> [UserAction] { plugin(for: app)?.actions ?? [] }

    /// What `app`'s actions and requests are to the user (none for an unknown id).
    public static func roles(of app: AppID) -> AppRoles { plugin(for: app)?.roles ?? .none }

    /// The endpoints `app` calls (none for an unknown id).
    public static func endpoints(of app: AppID) -> [Endpoint] { plugin(for: app)?.endpoints ?? [] }

    /// `app`'s catalogue of bugs, in catalogue order.
    public static func catalogue(of app: AppID) -> [Mutant.Entry] { plugin(for: app)?.catalogue ?? [] }

    /// The built-in app's entries by id, looked up once per question.
    private static let builtInEntries: [String: Mutant.Entry] = Dictionary(
        builtIn.flatMap(\.catalogue).map { ($0.mutant.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The catalogue entry with this id, of any app.
    public static func entry(named id: String) -> Mutant.Entry? {
        if let builtIn = builtInEntries[id] { return builtIn }
        return plugins.withLock { registered in
            registered.lazy.compactMap { plugin in plugin.catalogue.first { $0.mutant.rawValue == id } }.first
        }
    }

    /// Every catalogue entry: each app's of `apps`, in that order.
    public static var allEntries: [Mutant.Entry] { apps.compactMap(plugin(for:)).flatMap(\.catalogue) }

    /// The apps a tool is about (`list`, `regress`'s catalogue, `explore`'s default app): the
    /// apps it registered, in its order (`onboarding-sim`: the fix plan's and the pickup app; a
    /// team's tool: its own), else the built-in app.
    public static var toolApps: [AppID] {
        let own = registered.map(\.id)
        return own.isEmpty ? builtIn.map(\.id) : own
    }

    /// The catalogue a tool checks by default (`regress` with no paths, `list --mutants`): its
    /// apps' bugs (`toolApps`), each app's in catalogue order.
    public static var toolCatalogue: [Mutant.Entry] { toolApps.compactMap(plugin(for:)).flatMap(\.catalogue) }

    /// The app `mutant` is a bug of (the fix plan's for an id no catalogue lists).
    public static func app(of mutant: Mutant) -> AppID { entry(named: mutant.rawValue)?.app ?? .fixPlan }

    /// The oracles that judge `app`'s runs (its plug-in's list; none for an unknown id).
    public static func oracles(for app: AppID) -> [any Oracle] { plugin(for: app)?.oracles ?? [] }

    /// What makes `plugin` unusable, in a sentence; nil if nothing does.
    static func problem(with plugin: any AppPlugin) -> String? {
        let id = plugin.id
        if builtIn.contains(where: { $0.id == id && type(of: $0) != type(of: plugin) }) {
            return "\"\(id)\" is the built-in app's id: give the plug-in its own"
        }
        if id.rawValue.isEmpty { return "the app's id is empty" }
        if plugin.routes.isEmpty { return "the app lists no routes: a scenario could not name a screen" }
        let routeNames = plugin.routes.map(\.name)
        if let twice = firstRepeated(routeNames + ["none"]) { return "the route \"\(twice)\" is listed twice (\"none\" means the app is not running)" }
        if let twice = firstRepeated(plugin.actions.map(\.rawValue)) { return "the action \"\(twice)\" is listed twice" }
        if let twice = firstRepeated(plugin.endpoints.map(\.rawValue)) { return "the endpoint \"\(twice)\" is listed twice" }
        if let twice = firstRepeated(plugin.catalogue.map(\.mutant.rawValue)) { return "the mutant \"\(twice)\" is listed twice" }
        // A role of a name the app does not list is a typo that would pass silently.
        if let stray = plugin.roles.declaredActions.first(where: { !plugin.actions.contains($0.action) }) {
            return "the roles name the action \"\(stray.action)\", which the app's actions do not list"
        }
        if let stray = plugin.roles.declaredRequests.first(where: { !plugin.endpoints.contains($0.endpoint) }) {
            return "the roles name the endpoint \"\(stray.endpoint)\", which the app's endpoints do not list"
        }
        if let foreign = plugin.catalogue.first(where: { $0.app != id }) {
            return "the mutant \"\(foreign.mutant)\" is listed as the \(foreign.app) app's: a plug-in lists its own bugs"
        }
        let othersEntries = Set(allEntries.filter { $0.app != id }.map(\.mutant.rawValue))
        if let taken = plugin.catalogue.first(where: { othersEntries.contains($0.mutant.rawValue) }) {
            return "the mutant \"\(taken.mutant)\" has another app's id: give it one of the app's own"
        }
        return nil
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
