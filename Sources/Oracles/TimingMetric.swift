import AppVocabulary

/// The timing metrics a run is measured by and a budget can name (docs/budgets.md): three per
/// launch, three over the whole journey, and the wait on each screen of either app.
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
    /// Every screen a wait can be on, in the order of `screenWaits`: the fix plan's, then the
    /// pickup app's own (appended, so the fix plan's positions never move).
    public static let screens: [Route] = [.launch] + OnboardingPhase.allCases.map(Route.onboarding) + [.main]
        + pickupPages.map(Route.page) + [.signIn]
    /// The pickup app's onboarding pages (seed 004's three).
    static let pickupPages = 1...3
    /// The wait on each screen: `waitMs.launch`, `waitMs.intro`, …, `waitMs.complete`, `waitMs.main`,
    /// `waitMs.page-1`, …, `waitMs.sign-in`.
    public static let screenWaits = screens.map { "waitMs.\(screenName($0))" }
    /// Every metric, in the order reports list them.
    public static let names = launch + journey + screenWaits
    /// What a wait can be caused by: a request in flight to each endpoint (the fix plan's, then
    /// the pickup app's own), or none.
    public static let causes = causeEndpoints.map(\.rawValue) + [noRequest]
    static let causeEndpoints = AppID.fixPlan.endpoints + AppID.pickup.endpoints.filter { !AppID.fixPlan.endpoints.contains($0) }
    /// The cause of a wait with no foreground request in flight (local work, a timer, waiting for
    /// the connection, a retry's pause).
    public static let noRequest = "no request"

    /// `launch`, `goalReview`, `main`: a screen as metric names spell it.
    public static func screenName(_ route: Route) -> String {
        switch route {
        case .launch: "launch"
        case .onboarding(let phase): phase.rawValue
        case .main: "main"
        case .page(let number): "page-\(number)"
        case .signIn: "sign-in"
        case .named(let route): route.name
        }
    }

    /// The position of `route` in `screens` (and of its wait in `screenWaits`); nil for a page
    /// past the pickup app's three and for a plug-in app's screens.
    public static func screenPosition(of route: Route) -> Int? {
        let main = 1 + OnboardingPhase.allCases.count
        switch route {
        case .launch: return 0
        case .onboarding(let phase): return 1 + phase.order
        case .main: return main
        case .page(let number): return pickupPages.contains(number) ? main + number : nil
        case .signIn: return main + pickupPages.count + 1
        // A plug-in app's screens have no place in the bundled apps' table (yet).
        case .named: return nil
        }
    }

    /// The position of a request to `endpoint` in `causes`, or of no request for nil.
    static func causePosition(of endpoint: Endpoint?) -> Int? {
        guard let endpoint else { return causes.count - 1 }
        return causeEndpoints.firstIndex(of: endpoint)
    }
}
