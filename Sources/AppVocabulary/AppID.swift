/// The apps this simulator models, each with its own actors, backend, mutants and scenarios on
/// the same kernel. The screen vocabulary (routes, actions, endpoints, screen states, events) is
/// shared; each app uses its own part of it, listed here.
public enum AppID: String, Sendable, CaseIterable {
    /// The fix plan's app (seeds 002, 003, 000): email OTP sign-in, intake, goals, a program.
    case fixPlan = "fix-plan"
    /// The pickup-service customer app of seed 004: three onboarding pages, Apple sign-in only,
    /// an auth wall, an offline banner, sign-out with a confirmation.
    case pickup

    /// The actions the app's screens offer, in the order screens list them.
    public var actions: [UserAction] { self == .fixPlan ? Self.fixPlanActions : Self.pickupActions }

    /// The endpoints the app calls.
    public var endpoints: [Endpoint] { self == .fixPlan ? Self.fixPlanEndpoints : Self.pickupEndpoints }

    private static let pickupActions: [UserAction] = [.nextPage, .skip, .getStarted, .signInWithApple, .retry, .signOut,
                                                      .confirmSignOut, .cancelSignOut, .cancelAppleSheet]
    private static let fixPlanActions = UserAction.allCases.filter {
        !pickupActions.contains($0) || $0 == .getStarted || $0 == .retry
    }
    private static let pickupEndpoints: [Endpoint] = [.appleSignIn, .refreshSession, .bookings]
    private static let fixPlanEndpoints = Endpoint.allCases.filter { $0 != .appleSignIn && $0 != .bookings }
}
