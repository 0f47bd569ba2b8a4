import SimKernel
import AppVocabulary

/// Timing of a whole run as the user lived it, in virtual milliseconds, from the screens and the
/// requests only.
///
/// The user is *waiting on the app* while the app runs in the foreground with a spinner or a
/// loading screen up: a button spinning, goal options loading, the launch screen. Time spent on a
/// screen that offers something to do is the user's (reading, typing, thinking), not the app's.
///
/// ```swift
/// let metrics = JourneyMetrics.of(RunObservation(trace: result.simulation.trace))
/// print(metrics.waitMs, metrics.longestWaitMs, metrics.appTimeToMainMs ?? -1)
/// print(metrics.waitMs(on: goals) ?? 0, metrics.waitMs(causedBy: Endpoint("generate-goals")))
/// ```
///
/// The waits per screen and per cause are numbered by the app's `TimingTable` (the run's
/// `RunObservation.timing`, or one made from the run's own screens and requests).
public struct JourneyMetrics: Sendable, Equatable {
    /// All the time the user waited on the app.
    public let waitMs: Int64
    /// The longest single wait (one spinner or loading screen, however many screens it spans).
    public let longestWaitMs: Int64
    /// From the first launch to the first main app, the time the user could not go on (waiting, or
    /// a screen that offered nothing): the app's share of the journey, the user's think time taken
    /// out. Nil when the main app never showed.
    public let appTimeToMainMs: Int64?
    /// What the waits below are numbered by: the app's screens and causes.
    public let table: TimingTable
    /// The waiting on each screen of `table.screenNames`, nil for a screen never shown in the
    /// foreground.
    public let waitByScreen: [Int64?]
    /// The waiting each cause of `table.causes` was behind: the newest foreground request
    /// in flight while the user waited, or no request.
    public let waitByCause: [Int64]
    /// The waiting behind endpoints the app's table does not list (a request its plug-in does not
    /// name among its endpoints): by endpoint name, in the order first waited on. Usually empty.
    public var waitByUnlistedCause: [NamedWait] = []
    /// The waiting on screens the app's table does not list, by screen name, in the order first
    /// shown. Usually empty.
    public var waitByUnlistedScreen: [NamedWait] = []

    /// Waiting behind an endpoint, or on a screen, that the app's table does not list.
    public struct NamedWait: Sendable, Equatable {
        public let name: String
        public var ms: Int64

        /// Adds `ms` to `name`'s entry of `waits`, or appends one.
        static func add(_ ms: Int64, to name: String, in waits: inout [NamedWait]) {
            if let known = waits.firstIndex(where: { $0.name == name }) {
                waits[known].ms += ms
            } else {
                waits.append(NamedWait(name: name, ms: ms))
            }
        }
    }

    /// The waiting on `route`, nil if it never showed in the foreground.
    public func waitMs(on route: Route) -> Int64? {
        if let position = table.screenPosition(of: route) { return waitByScreen[position] }
        return waitByUnlistedScreen.first { $0.name == TimingMetric.screenName(route) }?.ms
    }

    /// The waiting on the screen the app's table calls `screen`, nil if it never showed in the
    /// foreground.
    public func waitMs(onScreenNamed screen: String) -> Int64? {
        if let position = table.screenNames.firstIndex(of: screen) { return waitByScreen[position] }
        return waitByUnlistedScreen.first { $0.name == screen }?.ms
    }

    /// The waiting behind requests to `endpoint` (nil: behind no request).
    public func waitMs(causedBy endpoint: Endpoint?) -> Int64 {
        if let position = table.causePosition(of: endpoint) { return waitByCause[position] }
        return waitByUnlistedCause.first { $0.name == endpoint?.rawValue }?.ms ?? 0
    }

    /// The metrics of `run`, numbered by its app's table (`run.timing`; without one, a table of
    /// the screens and endpoints the run met).
    public static func of(_ run: RunObservation) -> JourneyMetrics {
        let table = run.timing ?? TimingTable.of(run)
        var total: Int64 = 0, longest: Int64 = 0, current: Int64 = 0
        var blocked: Int64 = 0
        var reachedMain = false
        var byScreen = [Int64?](repeating: nil, count: table.screenNames.count)
        var byUnlistedScreen: [NamedWait] = []
        forEachSpan(of: run) { state, span in
            if !reachedMain, state.route?.kind == .main { reachedMain = true }
            guard let route = state.route, state.foreground else { current = 0; return }
            let waiting = isWaiting(state)
            if let position = table.screenPosition(of: route) {
                byScreen[position] = (byScreen[position] ?? 0) + (waiting ? span : 0)
            } else {
                NamedWait.add(waiting ? span : 0, to: TimingMetric.screenName(route), in: &byUnlistedScreen)
            }
            if !reachedMain && (waiting || state.actions.isEmpty) { blocked += span }
            guard waiting else { current = 0; return }
            total += span
            current += span
            longest = max(longest, current)
        }
        let (byCause, byUnlistedCause) = waitByCause(of: run, table: table)
        var metrics = JourneyMetrics(waitMs: total, longestWaitMs: longest, appTimeToMainMs: reachedMain ? blocked : nil,
                                     table: table, waitByScreen: byScreen, waitByCause: byCause)
        metrics.waitByUnlistedCause = byUnlistedCause
        metrics.waitByUnlistedScreen = byUnlistedScreen
        return metrics
    }

    /// The waiting per route, routes in order of their first wait.
    public static func waitByRoute(of run: RunObservation) -> [(route: Route, ms: Int64)] {
        var byRoute: [(route: Route, ms: Int64)] = []
        forEachSpan(of: run) { state, span in
            guard let route = state.route, state.foreground, isWaiting(state) else { return }
            if let known = byRoute.firstIndex(where: { $0.route == route }) { byRoute[known].ms += span } else { byRoute.append((route, span)) }
        }
        return byRoute
    }

    /// The user waits on the app while a spinner or a loading screen is up.
    private static func isWaiting(_ state: ScreenState) -> Bool {
        state.route != nil && state.foreground && (state.spinner != nil || state.loadingScreen != nil)
    }

    /// Each screen with how long it stood (until the next screen, or the end of the run).
    private static func forEachSpan(of run: RunObservation, _ body: (ScreenState, Int64) -> Void) {
        let screens = run.screens
        for position in screens.indices {
            let until = position + 1 < screens.count ? screens[position + 1].time : run.end
            body(screens[position].state, screens[position].time.duration(to: until).totalMilliseconds)
        }
    }

    /// Walks the screens and the requests together in trace order, and gives every waiting
    /// stretch to the newest foreground request in flight (background requests, such as queued
    /// pushes, never hold a screen up), or to no request.
    private static func waitByCause(of run: RunObservation, table: TimingTable) -> ([Int64], [NamedWait]) {
        var byCause = [Int64](repeating: 0, count: table.causes.count)
        var byUnlistedCause: [NamedWait] = []
        let screens = run.screens
        let requests = run.events([.requestSent, .responseReceived, .killed])
        guard let first = screens.first else { return (byCause, byUnlistedCause) }
        var open: [(id: Int, endpoint: Endpoint)] = []
        var waiting = false
        var since = first.time
        func account(until time: SimulationInstant) {
            let span = since.duration(to: time).totalMilliseconds
            since = time
            guard waiting, span > 0 else { return }
            if let cause = table.causePosition(of: open.last?.endpoint) {
                byCause[cause] += span
            } else if let endpoint = open.last?.endpoint.rawValue {
                NamedWait.add(span, to: endpoint, in: &byUnlistedCause)
            }
        }
        // Requests by place and screens by position: read where they are, not copied out.
        let places = requests.places
        var request = 0
        for position in screens.indices {
            let index = screens[position].index
            while request < places.count, places[request].index < index {
                account(until: places[request].time)
                apply(places[request], of: requests, to: &open, in: run)
                request += 1
            }
            account(until: screens[position].time)
            waiting = isWaiting(screens[position].state)
        }
        while request < places.count, places[request].time <= run.end {
            account(until: places[request].time)
            apply(places[request], of: requests, to: &open, in: run)
            request += 1
        }
        account(until: run.end)
        return (byCause, byUnlistedCause)
    }

    private static func apply(_ event: EventPlace, of requests: RunObservation.EventsOfKinds,
                              to open: inout [(id: Int, endpoint: Endpoint)], in run: RunObservation) {
        switch requests[event] {
        case .requestSent(let id, _, let endpoint) where !run.isBackground(at: event, id: id):
            open.append((id, endpoint))
        case .responseReceived(let id, _, _): open.removeEvery { $0.id == id }
        case .killed: open.removeAll()
        default: break
        }
    }
}
