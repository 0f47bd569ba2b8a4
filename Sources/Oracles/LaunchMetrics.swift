import SimKernel
import AppVocabulary

/// Timing of one launch, in virtual milliseconds from `launched`.
public struct LaunchMetrics: Sendable, Equatable {
    public let launch: Int
    /// Until the first route other than the launch screen shows.
    public let firstRouteMs: Int64?
    /// Total time covered by loading screens.
    public let loadingMs: Int64
    /// Until the screen first offers an action (or shows the main app) with no loading screen over it.
    public let interactiveMs: Int64?
    /// How long the launch lasted (until its kill or the end of the run).
    public let durationMs: Int64

    /// The metrics of every launch of `run`.
    public static func of(_ run: RunObservation) -> [LaunchMetrics] {
        run.launches.map { launch in
            let shown = run.screens(during: launch)
            func since(_ time: SimulationInstant) -> Int64 { launch.start.duration(to: time).totalMilliseconds }
            let firstRoute = shown.first { $0.state.route != nil && $0.state.route?.kind != .launch }
            let interactive = shown.first { ($0.state.route?.kind == .main || !$0.state.actions.isEmpty) && $0.state.loadingScreen == nil }
            var loading: Int64 = 0
            for position in shown.indices where shown[position].state.loadingScreen != nil {
                let next = position + 1 < shown.endIndex ? shown[position + 1].time : launch.end
                loading += shown[position].time.duration(to: next).totalMilliseconds
            }
            return LaunchMetrics(launch: launch.number, firstRouteMs: firstRoute.map { since($0.time) },
                                 loadingMs: loading, interactiveMs: interactive.map { since($0.time) },
                                 durationMs: since(launch.end))
        }
    }
}
