import SimKernel

/// The single route state of seed 003: what the root of the app shows. Every route is a screen of
/// the app's own, by its name and kind (`RouteName`): the fix plan's launch screen, onboarding
/// phases (`onboarding(goalReview)`) and main app, the pickup app's pages (`page(1)`) and sign-in
/// wall, a team's `splash` and `home`. There is one way to name a screen: the core has no routes
/// of its own, and reads a route by its kind only (a test keeps `Sources/` outside the apps'
/// modules from naming one).
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The route's name and kind.
    public let name: RouteName

    /// The route of `name`.
    @inlinable public init(_ name: RouteName) { self.name = name }

    /// The route named `name`, of `kind`: the same route wherever it is made with the same two.
    public init(_ name: String, kind: Kind) { self.name = RouteName(name, kind: kind) }

    /// The route of `name`, as an adapter writes it: `ScreenState(route: .named(home))`.
    @inlinable public static func named(_ name: RouteName) -> Route { Route(name) }

    /// What kind of screen the route is, for oracles that hold for every app.
    public enum Kind: String, Sendable {
        case launch, onboarding, auth, main
    }

    @inlinable public var kind: Kind { name.kind }

    public var description: String { name.name }

    /// Writes `description` for the trace.
    public func writeCanonical(to out: inout some CanonicalWriter) { out.write(name.name) }

    public var isOnboardingOrAuth: Bool { kind == .onboarding || kind == .auth }

    /// The same name and kind (one number each, `RouteName`).
    @inlinable public static func == (lhs: Route, rhs: Route) -> Bool { lhs.name == rhs.name }
}
