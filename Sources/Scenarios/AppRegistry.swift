import Synchronization
import AppVocabulary
import Oracles

/// The apps scenarios may name: the two bundled apps (plug-ins of the package's own), then the
/// plug-ins registered in this process, in the order they were registered.
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
    /// - Throws: `AppRegistryError` if the id is a bundled app's, or if the plug-in's vocabulary
    ///   is unusable (no routes, a name listed twice, a catalogue entry of another app).
    public static func register(_ plugin: any AppPlugin) throws(AppRegistryError) {
        if let problem = problem(with: plugin) { throw AppRegistryError(app: plugin.id.rawValue, message: problem) }
        plugins.withLock { registered in
            if let index = registered.firstIndex(where: { $0.id == plugin.id }) {
                registered[index] = plugin
            } else {
                registered.append(plugin)
            }
        }
    }

    /// The plug-in of `app`, a bundled app's included; nil for an unknown id.
    public static func plugin(for app: AppID) -> (any AppPlugin)? {
        if let bundled = bundled.first(where: { $0.id == app }) { return bundled }
        return plugins.withLock { registered in registered.first { $0.id == app } }
    }

    /// Whether `app` is one of the apps bundled with the simulator (the fix plan's, the pickup
    /// app), not a registered plug-in.
    public static func isBundled(_ app: AppID) -> Bool { AppID.allCases.contains(app) }

    /// The bundled apps, through the same requirements as a team's.
    static let bundled: [any AppPlugin] = [FixPlanPlugin(), PickupPlugin()]

    /// Every app a scenario may name: the bundled apps first, then the plug-ins.
    public static var apps: [AppID] {
        AppID.allCases + plugins.withLock { registered in registered.map(\.id) }
    }

    /// The actions `app`'s screens offer (none for an unknown id).
    public static func actions(of app: AppID) -> [UserAction] { plugin(for: app)?.actions ?? [] }

    /// What `app`'s actions and requests are to the user (none for an unknown id).
    public static func roles(of app: AppID) -> AppRoles { plugin(for: app)?.roles ?? .none }

    /// The endpoints `app` calls (none for an unknown id).
    public static func endpoints(of app: AppID) -> [Endpoint] { plugin(for: app)?.endpoints ?? [] }

    /// `app`'s catalogue of bugs, in catalogue order.
    public static func catalogue(of app: AppID) -> [Mutant.Entry] { plugin(for: app)?.catalogue ?? [] }

    /// The bundled apps' catalogues, the fix plan's first, each in its order.
    public static let bundledCatalogue: [Mutant.Entry] = bundled.flatMap(\.catalogue)

    /// The bundled entries by id, looked up once per question.
    private static let bundledEntries: [String: Mutant.Entry] = Dictionary(
        bundledCatalogue.map { ($0.mutant.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The catalogue entry with this id, of any app.
    public static func entry(named id: String) -> Mutant.Entry? {
        if let bundled = bundledEntries[id] { return bundled }
        return plugins.withLock { registered in
            registered.lazy.compactMap { plugin in plugin.catalogue.first { $0.mutant.rawValue == id } }.first
        }
    }

    /// Every catalogue entry: the bundled apps', then each plug-in's.
    public static var allEntries: [Mutant.Entry] {
        bundledCatalogue + plugins.withLock { registered in registered.flatMap(\.catalogue) }
    }

    /// The apps a tool is about (`list`): the plug-ins when any are registered (a team's own tool
    /// is about its own app), else the bundled apps.
    public static var toolApps: [AppID] {
        let own = plugins.withLock { registered in registered.map(\.id) }
        return own.isEmpty ? AppID.allCases : own
    }

    /// The catalogue a tool checks by default (`regress` with no paths, `list --mutants`): the
    /// plug-ins' bugs when any are registered (a team's own tool is about its own app), else the
    /// bundled apps'.
    public static var toolCatalogue: [Mutant.Entry] {
        let own = plugins.withLock { registered in registered.flatMap(\.catalogue) }
        return own.isEmpty ? allEntries : own
    }

    /// The app `mutant` is a bug of (the fix plan's for an id no catalogue lists).
    public static func app(of mutant: Mutant) -> AppID { entry(named: mutant.rawValue)?.app ?? .fixPlan }

    /// The oracles that judge `app`'s runs (its plug-in's list; none for an unknown id).
    public static func oracles(for app: AppID) -> [any Oracle] { plugin(for: app)?.oracles ?? [] }

    /// What makes `plugin` unusable, in a sentence; nil if nothing does.
    static func problem(with plugin: any AppPlugin) -> String? {
        let id = plugin.id
        if isBundled(id) { return "\"\(id)\" is a bundled app's id: give the plug-in its own" }
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
        if let bundled = plugin.catalogue.first(where: { bundledEntries[$0.mutant.rawValue] != nil }) {
            return "the mutant \"\(bundled.mutant)\" has a bundled app's id: give it one of the app's own"
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
