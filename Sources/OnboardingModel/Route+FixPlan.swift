import AppVocabulary

/// The fix plan's app's screens: one route per onboarding phase, named as the trace has always
/// printed them (`onboarding(goalReview)`); the email and code steps are sign-in screens, the
/// others onboarding. To the core they are routes of an app's own, like any team's.
extension Route {
    /// The route that shows `phase`.
    @inlinable public static func onboarding(_ phase: OnboardingPhase) -> Route { OnboardingPhase.routes[phase.order] }

    /// The onboarding phase this route shows, or nil for the launch screen, the main app and
    /// any other app's screen.
    public var phase: OnboardingPhase? {
        guard case .named = self, let position = OnboardingPhase.routes.firstIndex(of: self) else { return nil }
        return OnboardingPhase.inOrder[position]
    }
}

extension OnboardingPhase {
    /// Every phase by `order` (`allCases` makes a new array on each call).
    public static let inOrder = allCases
    /// Each phase's route, by `order`.
    public static let routes: [Route] = allCases.map { phase in
        .named(RouteName("onboarding(\(phase.rawValue))", kind: phase == .auth || phase == .authVerification ? .auth : .onboarding))
    }
}
