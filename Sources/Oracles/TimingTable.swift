import AppVocabulary

/// One app's timing metrics, numbered once when the app registers (`AppPlugin.timingScreens`,
/// its endpoints): the metrics every run has (`TimingMetric.run`), then the wait on each of its
/// screens, in its order; and what a wait can be caused by, a request to each of its endpoints
/// or none. `JourneyMetrics` keeps a run's waits as arrays over it: the same fast path for a
/// team's app as for the bundled apps.
///
/// ```swift
/// let table = TimingTable(app: AppID("door"), screens: [("closed", .named(closed)), ("open", .named(open))],
///                         endpoints: [Endpoint("unlock")])
/// table.names.last      // "waitMs.open"
/// table.causes          // ["unlock", "no request"]
/// ```
public final class TimingTable: Sendable {
    public let app: AppID
    /// Each screen's name, in the app's order: `waitMs.<name>` is its wait.
    public let screenNames: [String]
    /// Every metric, in the order reports list them: `TimingMetric.run`, then each screen's wait.
    public let names: [String]
    /// What a wait can be caused by: each endpoint's name, in the app's order, then
    /// `TimingMetric.noRequest`.
    public let causes: [String]
    /// Each route the app's screens show, and the position of its name in `screenNames`.
    private let routes: [Route]
    private let routePositions: [Int]
    private let endpoints: NameIndex<Endpoint>

    /// `screens`: each screen's name and route, in report order; a name given twice counts two
    /// routes as one screen.
    public init(app: AppID, screens: [(name: String, route: Route)], endpoints: [Endpoint]) {
        self.app = app
        var names: [String] = []
        routePositions = screens.map { entry in
            if let position = names.firstIndex(of: entry.name) { return position }
            names.append(entry.name)
            return names.count - 1
        }
        screenNames = names
        routes = screens.map(\.route)
        self.names = TimingMetric.run + names.map(TimingMetric.screenWait)
        self.endpoints = NameIndex(endpoints)
        causes = endpoints.map(\.rawValue) + [TimingMetric.noRequest]
    }

    /// A table read back from a saved exploration state: its names only (no route to look up).
    public init(app: AppID, screenNames: [String], causes: [String]) {
        self.app = app
        self.screenNames = screenNames
        names = TimingMetric.run + screenNames.map(TimingMetric.screenWait)
        self.causes = causes
        routes = []
        routePositions = []
        endpoints = NameIndex(causes.dropLast().map { Endpoint($0) })
    }

    /// The table of an app that registered none: the screens `run` showed and the endpoints it
    /// called, each in the order first met (a hand-built trace, a test's run).
    public static func of(_ run: RunObservation) -> TimingTable {
        var screens: [(name: String, route: Route)] = []
        for screen in run.screens {
            guard let route = screen.state.route, !screens.contains(where: { $0.route == route }) else { continue }
            screens.append((TimingMetric.screenName(route), route))
        }
        var endpoints: [Endpoint] = []
        let view = run.events([.requestSent])
        for event in view.places {
            if case .requestSent(_, _, let endpoint) = view[event], !endpoints.contains(endpoint) { endpoints.append(endpoint) }
        }
        return TimingTable(app: AppID(""), screens: screens, endpoints: endpoints)
    }

    /// The position of `route`'s screen in `screenNames`; nil for a route the app does not list.
    public func screenPosition(of route: Route) -> Int? {
        routes.firstIndex(of: route).map { routePositions[$0] }
    }

    /// The position of a wait behind a request to `endpoint` in `causes` (of no request for nil);
    /// nil for an endpoint the app does not list.
    public func causePosition(of endpoint: Endpoint?) -> Int? {
        guard let endpoint else { return causes.count - 1 }
        return endpoints.position(of: endpoint)
    }

    /// The position of `metric` in `names`, or nil.
    public func position(ofMetric metric: String) -> Int? { names.firstIndex(of: metric) }

    /// Whether `other` numbers the same metrics and causes alike (the same app's table, built again).
    public func numbersAlike(_ other: TimingTable) -> Bool {
        self === other || (names == other.names && causes == other.causes)
    }
}

extension TimingTable: Equatable {
    public static func == (lhs: TimingTable, rhs: TimingTable) -> Bool { lhs.numbersAlike(rhs) }
}
