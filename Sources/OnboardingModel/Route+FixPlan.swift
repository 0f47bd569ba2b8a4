import AppVocabulary

/// The fix plan's app's screens: its launch screen, one route per onboarding phase, named as the
/// trace has always printed them (`onboarding(goalReview)`), and the main app; the email and code
/// steps are sign-in screens, the others onboarding. To the core they are routes of an app's own,
/// like any team's: these names belong to this module, and the shared oracles read their kinds.
extension Route {
    // Both with a written type: the mutation tool's catalogue of constants then reads `launch` and
    // `main` as the ambiguous names they were (CI's operator sample keeps its draw; see Route+Pickup).

    /// The loading screen that matches the launch screen (002 §1: "a loading state that matches
    /// the launch screen").
    public static let launch: Route = Route("launch", kind: .launch)
    /// The main app.
    public static let main: Route = Route("main", kind: .main)

    /// The route that shows `phase`.
    @inlinable public static func onboarding(_ phase: OnboardingPhase) -> Route { OnboardingPhase.routes[phase.order] }

    /// The onboarding phase this route shows, or nil for the launch screen, the main app and
    /// any other app's screen.
    public var phase: OnboardingPhase? {
        // By the route's number (a hundred and more lookups a run), not a search of the routes.
        let phases = OnboardingPhase.byRouteNumber
        return name.number < phases.count ? phases[name.number] : nil
    }
}

extension OnboardingPhase {
    /// Every phase by `order` (`allCases` makes a new array on each call).
    public static let inOrder = allCases
    /// Each phase's route, by `order`.
    public static let routes: [Route] = allCases.map { phase in
        Route("onboarding(\(phase.rawValue))", kind: phase == .auth || phase == .authVerification ? .auth : .onboarding)
    }
    /// The phase each route shows, by the route's number (`RouteName.number`); nil for a route
    /// that shows none, and past the table's end.
    static let byRouteNumber: [OnboardingPhase?] = {
        var table = [OnboardingPhase?](repeating: nil, count: (routes.map(\.name.number).max() ?? -1) + 1)
        for (phase, route) in zip(inOrder, routes) { table[route.name.number] = phase }
        return table
    }()
}
