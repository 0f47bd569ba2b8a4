import OnboardingModel

/// The timing metrics a run is measured by and a budget can name (docs/budgets.md): three per
/// launch, three over the whole journey, and the wait on each screen.
///
/// ```swift
/// TimingMetric.names.contains("waitMs.goalReview")   // true
/// TimingMetric.screenPosition(of: .onboarding(.goalReview))   // 7
/// ```
public enum TimingMetric {
    /// Measured at every launch (`LaunchMetrics`).
    public static let launch = ["firstRouteMs", "loadingMs", "interactiveMs"]
    /// Measured once per run (`JourneyMetrics`).
    public static let journey = ["waitMs", "longestWaitMs", "appTimeToMainMs"]
    /// Every screen a wait can be on, in the order of `screenWaits`.
    public static let screens: [Route] = [.launch] + OnboardingPhase.allCases.map(Route.onboarding) + [.main]
    /// The wait on each screen: `waitMs.launch`, `waitMs.intro`, …, `waitMs.complete`, `waitMs.main`.
    public static let screenWaits = screens.map { "waitMs.\(screenName($0))" }
    /// Every metric, in the order reports list them.
    public static let names = launch + journey + screenWaits
    /// What a wait can be caused by: a request in flight to each endpoint, or none.
    public static let causes = AppID.fixPlan.endpoints.map(\.rawValue) + [noRequest]
    /// The cause of a wait with no foreground request in flight (local work, a timer, waiting for
    /// the connection, a retry's pause).
    public static let noRequest = "no request"

    /// `launch`, `goalReview`, `main`: a screen as metric names spell it.
    public static func screenName(_ route: Route) -> String {
        switch route {
        case .launch: "launch"
        case .onboarding(let phase): phase.rawValue
        case .main: "main"
        case .page, .signIn: route.description
        }
    }

    /// The position of `route` in `screens` (and of its wait in `screenWaits`); nil for a screen
    /// of the pickup app, whose waits are not among the fix plan's metrics.
    public static func screenPosition(of route: Route) -> Int? {
        switch route {
        case .launch: 0
        case .onboarding(let phase): 1 + phase.order
        case .main: 1 + OnboardingPhase.allCases.count
        case .page, .signIn: nil
        }
    }

    /// The position of a request to `endpoint` in `causes`, or of no request for nil; nil for
    /// an endpoint of another app than the fix plan's.
    static func causePosition(of endpoint: Endpoint?) -> Int? {
        guard let endpoint else { return causes.count - 1 }
        return AppID.fixPlan.endpoints.firstIndex(of: endpoint)
    }
}
