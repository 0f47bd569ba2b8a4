import AppVocabulary

/// One app's coverage vocabulary, numbered once when the app registers: its screens ("none",
/// the app not running, then its routes), its actions, and the faults and lifecycle events its
/// runs can meet. `RunCoverage` keeps a run's pairs as bits over it: the same fast path for a
/// team's app as for the bundled apps.
///
/// ```swift
/// let table = CoverageTable(app: AppID("door"), routes: [("hall", .named(hall)), ("room", .named(room))],
///                           actions: [UserAction("open")])
/// table.routeNames   // ["none", "hall", "room"]
/// ```
public final class CoverageTable: Sendable {
    public let app: AppID
    /// Screen names in bit order: `none`, then the app's routes in its order.
    public let routeNames: [String]
    /// Each route the app's screens show, and the position of its name in `routeNames`.
    private let routes: [Route]
    private let routePositions: [Int]
    /// The app's actions, in its order.
    public let actions: NameIndex<UserAction>
    /// The faults and lifecycle events its runs can meet: what "possible" counts.
    public let events: CoverageEvents

    /// `routes`: each screen's name and route, in bit order; a name given twice counts two routes
    /// as one screen (the fix plan's `complete` phase is its main app).
    public init(app: AppID, routes: [(name: String, route: Route)], actions: [UserAction], events: CoverageEvents = .everyApp) {
        self.app = app
        var names = ["none"]
        routePositions = routes.map { entry in
            if let position = names.firstIndex(of: entry.name) { return position }
            names.append(entry.name)
            return names.count - 1
        }
        routeNames = names
        self.routes = routes.map(\.route)
        self.actions = NameIndex(actions)
        self.events = events
    }

    /// No app's: no screen but "none", no action (a result whose run was never judged).
    public static let empty = CoverageTable(app: AppID(""), routes: [], actions: [])

    /// The position of `route` in `routeNames` (0 for none); nil for a route the app does not list.
    public func routeIndex(_ route: Route?) -> Int? {
        guard let route else { return 0 }
        return routes.firstIndex(of: route).map { routePositions[$0] }
    }

    /// The second elements of `pairs` in bit order: the app's actions, or every fault or
    /// lifecycle event any app's run can meet.
    public func vocabulary(_ pairs: RunCoverage.Pairs) -> [String] {
        switch pairs {
        case .taken, .offered: actions.names.map(\.rawValue)
        case .faults: RunCoverage.faultNames
        case .lifecycle: RunCoverage.lifecycleNames
        }
    }

    /// How many second elements `pairs` has (`vocabulary(pairs).count`).
    public func width(_ pairs: RunCoverage.Pairs) -> Int {
        switch pairs {
        case .taken, .offered: actions.count
        case .faults: RunCoverage.faultNames.count
        case .lifecycle: RunCoverage.lifecycleNames.count
        }
    }

    /// How many bits `pairs` has: screens × its vocabulary.
    public func size(_ pairs: RunCoverage.Pairs) -> Int { routeNames.count * width(pairs) }

    /// How many pairs of `pairs` some run of the app could reach: its screens × what it can meet.
    public func possible(_ pairs: RunCoverage.Pairs) -> Int {
        switch pairs {
        case .taken, .offered: routeNames.count * actions.count
        case .faults: routeNames.count * events.faults.count
        case .lifecycle: routeNames.count * events.lifecycle.count
        }
    }
}

/// The faults and lifecycle events an app's runs can meet, of those every run is read for
/// (`RunCoverage.faultNames`, `.lifecycleNames`): what its coverage counts as possible.
public struct CoverageEvents: Sendable, Equatable {
    public var faults: [String]
    public var lifecycle: [String]

    public init(faults: [String], lifecycle: [String]) {
        self.faults = faults
        self.lifecycle = lifecycle
    }

    /// What every app's runs can meet: the network's faults and the phone's lifecycle. (No
    /// account of the simulator's to lose, no cache of its own to corrupt, no sign-out recorded.)
    public static let everyApp = CoverageEvents(faults: ["drop", "timeout", "error", "delay", "offline"],
                                                lifecycle: ["launch", "kill", "background", "foreground", "reinstall"])
    /// Every fault and lifecycle event.
    public static let all = CoverageEvents(faults: RunCoverage.faultNames, lifecycle: RunCoverage.lifecycleNames)
}
