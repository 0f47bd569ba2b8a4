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
/// print(metrics.waitMs(on: .onboarding(.goalReview)) ?? 0, metrics.waitMs(causedBy: .generateGoals))
/// ```
public struct JourneyMetrics: Sendable, Equatable {
    /// All the time the user waited on the app.
    public let waitMs: Int64
    /// The longest single wait (one spinner or loading screen, however many screens it spans).
    public let longestWaitMs: Int64
    /// From the first launch to the first main app, the time the user could not go on (waiting, or
    /// a screen that offered nothing): the app's share of the journey, the user's think time taken
    /// out. Nil when the main app never showed.
    public let appTimeToMainMs: Int64?
    /// The waiting on each screen of `TimingMetric.screens`, nil for a screen never shown in the
    /// foreground.
    public let waitByScreen: [Int64?]
    /// The waiting each cause of `TimingMetric.causes` was behind: the newest foreground request
    /// in flight while the user waited, or no request.
    public let waitByCause: [Int64]
    /// The waiting behind a plug-in app's own endpoints, which `TimingMetric.causes` does not
    /// number: by endpoint name, in the order first waited on. Empty for the bundled apps.
    public var waitByPluginCause: [PluginWait] = []
    /// The waiting on each of a plug-in app's screens the run showed in the foreground (which
    /// `TimingMetric.screens` does not number), by screen name, in the order first shown.
    public var waitByPluginScreen: [PluginWait] = []

    /// Waiting behind one of a plug-in app's endpoints, or on one of its screens.
    public struct PluginWait: Sendable, Equatable {
        public let name: String
        public var ms: Int64

        /// Adds `ms` to `name`'s entry of `waits`, or appends one.
        static func add(_ ms: Int64, to name: String, in waits: inout [PluginWait]) {
            if let known = waits.firstIndex(where: { $0.name == name }) {
                waits[known].ms += ms
            } else {
                waits.append(PluginWait(name: name, ms: ms))
            }
        }
    }

    /// The waiting on `route`, nil if it never showed in the foreground.
    public func waitMs(on route: Route) -> Int64? { TimingMetric.screenPosition(of: route).flatMap { waitByScreen[$0] } }

    /// The waiting behind requests to `endpoint` (nil: behind no request).
    public func waitMs(causedBy endpoint: Endpoint?) -> Int64 { TimingMetric.causePosition(of: endpoint).map { waitByCause[$0] } ?? 0 }

    /// The metrics of `run`.
    public static func of(_ run: RunObservation) -> JourneyMetrics {
        var total: Int64 = 0, longest: Int64 = 0, current: Int64 = 0
        var blocked: Int64 = 0
        var reachedMain = false
        var byScreen = [Int64?](repeating: nil, count: TimingMetric.screens.count)
        var byPluginScreen: [PluginWait] = []
        forEachSpan(of: run) { state, span in
            if !reachedMain, state.route?.kind == .main { reachedMain = true }
            guard let route = state.route, state.foreground else { current = 0; return }
            let waiting = isWaiting(state)
            if let position = TimingMetric.screenPosition(of: route) {
                byScreen[position] = (byScreen[position] ?? 0) + (waiting ? span : 0)
            } else if case .named(let name) = route {
                PluginWait.add(waiting ? span : 0, to: name.name, in: &byPluginScreen)
            }
            if !reachedMain && (waiting || state.actions.isEmpty) { blocked += span }
            guard waiting else { current = 0; return }
            total += span
            current += span
            longest = max(longest, current)
        }
        let (byCause, byPluginCause) = waitByCause(of: run)
        var metrics = JourneyMetrics(waitMs: total, longestWaitMs: longest, appTimeToMainMs: reachedMain ? blocked : nil,
                                     waitByScreen: byScreen, waitByCause: byCause)
        metrics.waitByPluginCause = byPluginCause
        metrics.waitByPluginScreen = byPluginScreen
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
    private static func waitByCause(of run: RunObservation) -> ([Int64], [PluginWait]) {
        var byCause = [Int64](repeating: 0, count: TimingMetric.causes.count)
        var byPluginCause: [PluginWait] = []
        let screens = run.screens
        let requests = run.events([.requestSent, .responseReceived, .killed])
        guard let first = screens.first else { return (byCause, byPluginCause) }
        var open: [(id: Int, endpoint: Endpoint)] = []
        var waiting = false
        var since = first.time
        func account(until time: SimulationInstant) {
            let span = since.duration(to: time).totalMilliseconds
            since = time
            guard waiting, span > 0 else { return }
            if let cause = TimingMetric.causePosition(of: open.last?.endpoint) {
                byCause[cause] += span
            } else if let endpoint = open.last?.endpoint.rawValue {
                PluginWait.add(span, to: endpoint, in: &byPluginCause)
            }
        }
        var request = 0
        for screen in screens {
            while request < requests.count, requests[request].index < screen.index {
                account(until: requests[request].time)
                apply(requests[request], to: &open, in: run)
                request += 1
            }
            account(until: screen.time)
            waiting = isWaiting(screen.state)
        }
        while request < requests.count, requests[request].time <= run.end {
            account(until: requests[request].time)
            apply(requests[request], to: &open, in: run)
            request += 1
        }
        account(until: run.end)
        return (byCause, byPluginCause)
    }

    private static func apply(_ event: RunObservation.Event, to open: inout [(id: Int, endpoint: Endpoint)], in run: RunObservation) {
        switch event.event {
        case .requestSent(let id, _, let endpoint) where !run.isBackground(endpoint):
            open.append((id, endpoint))
        case .responseReceived(let id, _, _): open.removeAll { $0.id == id }
        case .killed: open.removeAll()
        default: break
        }
    }
}
