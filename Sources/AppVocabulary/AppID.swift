/// An app this simulator runs, each with its own actors, backend, mutants and scenarios on the
/// same kernel. The screen vocabulary (routes, actions, endpoints, screen states, events) is
/// shared; each app uses its own part of it.
///
/// Open: an app outside this package has an id of its own (`AppID("trendy")`), the name its
/// scenarios give in `"app"`. Two ids are the same when their names are.
public struct AppID: VocabularyName {
    /// The app's name in scenarios (`"app": "pickup"`), `--app` and reports.
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    public init(_ name: String) { rawValue = name; fingerprint = NameFingerprint.of(name) }
    public init(rawValue: String) { self.init(rawValue) }
    /// For the names below: their fingerprints spelled out, so that naming one costs nothing
    /// (a test holds each equal to `NameFingerprint.of`).
    @usableFromInline init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }

    /// The fix plan's app (seeds 002, 003, 000): email OTP sign-in, intake, goals, a program.
    @inlinable public static var fixPlan: AppID { AppID("fix-plan", fingerprint: 0x1fa87e5b1705f6a8) }
    /// The pickup-service customer app of seed 004: three onboarding pages, Apple sign-in only,
    /// an auth wall, an offline banner, sign-out with a confirmation.
    @inlinable public static var pickup: AppID { AppID("pickup", fingerprint: 0x9fa3a41c86ecb765) }

    /// The bundled apps, the fix plan's first.
    public static let allCases: [AppID] = [.fixPlan, .pickup]

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
