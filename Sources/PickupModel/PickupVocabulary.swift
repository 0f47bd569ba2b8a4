import AppVocabulary

/// The pickup app's names (seed 004): its id, the endpoints its client calls and the actions its
/// screens offer. They live here, not in the core: to the core they are names like any team's,
/// read through the roles `PickupRoles` declares. The three it shares with the fix plan's app
/// (`get-started`, `retry`, `refresh-session`) are this module's own, so that code importing both
/// apps sees each name once.
extension AppID {
    /// The pickup-service customer app of seed 004: three onboarding pages, Apple sign-in only,
    /// an auth wall, an offline banner, sign-out with a confirmation.
    @inlinable public static var pickup: AppID { AppID("pickup", fingerprint: 0x9fa3a41c86ecb765) }
}

/// The pickup app's lists of its own names, in the order its screens and reports list them.
public enum PickupVocabulary {
    /// The actions its screens offer.
    public static let actions: [UserAction] = [
        .nextPage, .skip, .getStarted, .signInWithApple, .retry, .signOut, .confirmSignOut, .cancelSignOut, .cancelAppleSheet,
    ]
    /// The endpoints its client calls.
    public static let endpoints: [Endpoint] = [.appleSignIn, .refreshSession, .bookings]
}

extension Endpoint {
    /// Exchanges an Apple identity credential for a session.
    @inlinable public static var appleSignIn: Endpoint { Endpoint("apple-sign-in", fingerprint: 0xacb18f4818ed9975) }
    @inlinable static var refreshSession: Endpoint { Endpoint("refresh-session", fingerprint: 0xa5e104546cd5c065) }
    /// The main tab's content: the user's pickups.
    @inlinable public static var bookings: Endpoint { Endpoint("bookings", fingerprint: 0x6053c909a5a2c059) }
}

extension UserAction {
    /// "Next" on the first two onboarding pages.
    @inlinable public static var nextPage: UserAction { UserAction("next", fingerprint: 0xe5316cbaa025f028) }
    /// "Skip", top right on every onboarding page.
    @inlinable public static var skip: UserAction { UserAction("skip", fingerprint: 0x3f1a3b18de6ae902) }
    @inlinable static var getStarted: UserAction { UserAction("get-started", fingerprint: 0x9bf10f2812408c5f) }
    /// The Sign in with Apple button (the app's only sign-in).
    @inlinable public static var signInWithApple: UserAction { UserAction("sign-in-with-apple", fingerprint: 0xd5abbcfcd6b40aca) }
    @inlinable static var retry: UserAction { UserAction("retry", fingerprint: 0x163ca1f2c427ff19) }
    /// Sign Out in Profile: asks for a confirmation first.
    @inlinable public static var signOut: UserAction { UserAction("sign-out", fingerprint: 0xa7290bd4494143fd) }
    /// The confirmation alert's destructive "Sign Out".
    @inlinable public static var confirmSignOut: UserAction { UserAction("confirm-sign-out", fingerprint: 0xf714a2d63567ef6e) }
    /// The confirmation alert's "Cancel" (the default).
    @inlinable public static var cancelSignOut: UserAction { UserAction("cancel-sign-out", fingerprint: 0xd4091158c954a7aa) }
    /// The Apple sheet's close button, while the sheet is up: the user changed their mind.
    @inlinable public static var cancelAppleSheet: UserAction { UserAction("cancel-apple-sheet", fingerprint: 0x8c56809e89fdb864) }
}

/// A request the pickup app's client sends, as its own value (`BackendRequest.typed`).
public enum PickupRequest: TypedAppRequest, Equatable {
    /// Seed 004's Apple sign-in: the credential of the Apple ID the sheet approved.
    case appleSignIn(appleUser: String)
    /// Seed 004: "Token refresh triggered on MainTabView appear".
    case refreshSession(userID: String)
    /// The main tab's content.
    case bookings(userID: String)

    public var endpoint: Endpoint {
        switch self {
        case .appleSignIn: .appleSignIn
        case .refreshSession: .refreshSession
        case .bookings: .bookings
        }
    }

    public var sessionUser: String? {
        switch self {
        case .appleSignIn: nil
        case .refreshSession(let user), .bookings(let user): user
        }
    }
}

/// The pickup backend's bookings (`BackendResponse.typed`): whose rows they are (each row carries
/// its user's id, as a database row does) and how many. What the list on screen shows is the
/// rows', whoever the app asked for.
public struct PickupBookings: TypedAppReply, Equatable {
    public var owner: String
    public var count: Int
}

extension BackendRequest {
    static func appleSignIn(appleUser: String) -> BackendRequest { .typed(PickupRequest.appleSignIn(appleUser: appleUser)) }
    static func refreshSession(userID: String) -> BackendRequest { .typed(PickupRequest.refreshSession(userID: userID)) }
    static func bookings(userID: String) -> BackendRequest { .typed(PickupRequest.bookings(userID: userID)) }
}
