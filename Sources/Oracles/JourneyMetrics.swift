import SimKernel
import OnboardingModel

/// Timing of a whole run as the user lived it, in virtual milliseconds, from the screens only.
///
/// The user is *waiting on the app* while the app runs in the foreground with a spinner or a
/// loading screen up: a button spinning, goal options loading, the launch screen. Time spent on a
/// screen that offers something to do is the user's (reading, typing, thinking), not the app's.
///
/// ```swift
/// let metrics = JourneyMetrics.of(RunObservation(trace: result.simulation.trace))
/// print(metrics.waitMs, metrics.longestWaitMs, metrics.appTimeToMainMs ?? -1)
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
    /// The waiting per route, routes in order of their first wait.
    public let waitByRoute: [(route: Route, ms: Int64)]

    public static func == (lhs: JourneyMetrics, rhs: JourneyMetrics) -> Bool {
        lhs.waitMs == rhs.waitMs && lhs.longestWaitMs == rhs.longestWaitMs && lhs.appTimeToMainMs == rhs.appTimeToMainMs
            && lhs.waitByRoute.map(\.route) == rhs.waitByRoute.map(\.route) && lhs.waitByRoute.map(\.ms) == rhs.waitByRoute.map(\.ms)
    }

    /// The metrics of `run`.
    public static func of(_ run: RunObservation) -> JourneyMetrics {
        var total: Int64 = 0, longest: Int64 = 0, current: Int64 = 0
        var byRoute: [(route: Route, ms: Int64)] = []
        var blocked: Int64 = 0
        var reachedMain: SimulationInstant?
        let screens = run.screens
        for position in screens.indices {
            let state = screens[position].state
            let until = position + 1 < screens.count ? screens[position + 1].time : run.end
            let span = screens[position].time.duration(to: until).totalMilliseconds
            if reachedMain == nil, state.route == .main { reachedMain = screens[position].time }
            guard let route = state.route, state.foreground else { current = 0; continue }
            let waiting = state.spinner != nil || state.loadingScreen != nil
            if reachedMain == nil && (waiting || state.actions.isEmpty) && route != .main { blocked += span }
            guard waiting else { current = 0; continue }
            total += span
            current += span
            longest = max(longest, current)
            if let known = byRoute.firstIndex(where: { $0.route == route }) { byRoute[known].ms += span } else { byRoute.append((route, span)) }
        }
        return JourneyMetrics(waitMs: total, longestWaitMs: longest, appTimeToMainMs: reachedMain.map { _ in blocked },
                              waitByRoute: byRoute)
    }
}
