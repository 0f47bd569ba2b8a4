import AppVocabulary

/// The timing metrics every run is measured by and a budget can name (docs/budgets.md): three
/// per launch and three over the whole journey; and the wait on each of an app's screens, which
/// its `TimingTable` numbers.
///
/// ```swift
/// TimingMetric.run            // ["firstRouteMs", …, "appTimeToMainMs"]
/// TimingMetric.screenWait("goals")   // "waitMs.goals"
/// ```
public enum TimingMetric {
    /// Measured at every launch (`LaunchMetrics`).
    public static let launch = ["firstRouteMs", "loadingMs", "interactiveMs"]
    /// Measured once per run (`JourneyMetrics`).
    public static let journey = ["waitMs", "longestWaitMs", "appTimeToMainMs"]
    /// Every metric but the screens' waits: `launch`, then `journey`.
    public static let run = launch + journey
    /// The cause of a wait with no foreground request in flight (local work, a timer, waiting for
    /// the connection, a retry's pause).
    public static let noRequest = "no request"
    /// What a screen's wait is called: `waitMs.<screen>`.
    public static let screenWaitPrefix = "waitMs."

    /// The metric of the wait on the screen called `screen`.
    public static func screenWait(_ screen: String) -> String { screenWaitPrefix + screen }

    /// `launch`, `goalReview`, `main`: a screen as metric names spell it when its app names it no
    /// other way (`AppPlugin.timingScreens`).
    public static func screenName(_ route: Route) -> String { route.description }
}
