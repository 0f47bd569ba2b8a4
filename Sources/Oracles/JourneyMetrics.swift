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

    /// The metrics of `run`.
    public static func of(_ run: RunObservation) -> JourneyMetrics {
        var total: Int64 = 0, longest: Int64 = 0, current: Int64 = 0
        var blocked: Int64 = 0
        var reachedMain = false
        forEachSpan(of: run) { state, span in
            if !reachedMain, state.route == .main { reachedMain = true }
            guard state.route != nil, state.foreground else { current = 0; return }
            let waiting = state.spinner != nil || state.loadingScreen != nil
            if !reachedMain && (waiting || state.actions.isEmpty) { blocked += span }
            guard waiting else { current = 0; return }
            total += span
            current += span
            longest = max(longest, current)
        }
        return JourneyMetrics(waitMs: total, longestWaitMs: longest, appTimeToMainMs: reachedMain ? blocked : nil)
    }

    /// The waiting per route, routes in order of their first wait (for reports; explored runs
    /// keep only the totals).
    public static func waitByRoute(of run: RunObservation) -> [(route: Route, ms: Int64)] {
        var byRoute: [(route: Route, ms: Int64)] = []
        forEachSpan(of: run) { state, span in
            guard let route = state.route, state.foreground, state.spinner != nil || state.loadingScreen != nil else { return }
            if let known = byRoute.firstIndex(where: { $0.route == route }) { byRoute[known].ms += span } else { byRoute.append((route, span)) }
        }
        return byRoute
    }

    /// Each screen with how long it stood (until the next screen, or the end of the run).
    private static func forEachSpan(of run: RunObservation, _ body: (ScreenState, Int64) -> Void) {
        let screens = run.screens
        for position in screens.indices {
            let until = position + 1 < screens.count ? screens[position + 1].time : run.end
            body(screens[position].state, screens[position].time.duration(to: until).totalMilliseconds)
        }
    }
}
