import SimKernel

/// The single route state of seed 003: what the root of the app shows. Every app shows a launch
/// screen, the main app, and screens of its own, each by its name and kind (`RouteName`): the fix
/// plan's onboarding phases (`onboarding(goalReview)`), the pickup app's pages (`page(1)`) and
/// sign-in wall, a team's `goals`. The core reads a route by its kind only.
public enum Route: Sendable, Hashable, CustomStringConvertible {
    /// The loading screen that matches the launch screen.
    case launch
    /// The main app.
    case main
    /// A screen of the app's own, by its name and kind: what its plug-in declares.
    case named(RouteName)

    /// What kind of screen the route is, for oracles that hold for every app.
    public enum Kind: String, Sendable {
        case launch, onboarding, auth, main
    }

    public var kind: Kind {
        switch self {
        case .launch: .launch
        case .main: .main
        case .named(let route): route.kind
        }
    }

    public var description: String { CanonicalText.build { writeCanonical(to: &$0) } }

    /// Writes `description` for the trace.
    public func writeCanonical(to out: inout some CanonicalWriter) {
        switch self {
        case .launch: out.write("launch")
        case .main: out.write("main")
        case .named(let route): out.write(route.name)
        }
    }

    public var isOnboardingOrAuth: Bool { kind == .onboarding || kind == .auth }

    /// Compared where it is used (oracles compare routes of every screen): two launches, two
    /// mains, or the same route of an app's own.
    @inlinable public static func == (lhs: Route, rhs: Route) -> Bool {
        switch lhs {
        case .launch: if case .launch = rhs { true } else { false }
        case .main: if case .main = rhs { true } else { false }
        case .named(let left): if case .named(let right) = rhs { left == right } else { false }
        }
    }
}

/// A route of an app's own: its name as scenarios, the trace and reports give it (`goals`,
/// `onboarding(goalReview)`), and what kind of screen it is, which is what the shared oracles
/// judge by (a launch screen, onboarding, sign-in, the main app).
///
/// Kept as a small number into a table of the names made in this process, with its kind beside
/// it, so that a `Route` stays a plain value (no reference to count on every copy of a screen)
/// and its kind is read without the table. The number never leaves the process: the trace and
/// reports print the name.
public struct RouteName: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline let index: UInt32
    public let kind: Route.Kind

    public init(_ name: String, kind: Route.Kind) {
        index = RouteTable.intern(name, kind: kind)
        self.kind = kind
    }

    public var name: String { RouteTable.entry(index).name }
    public var description: String { name }

    /// One number each: a name is made once per kind (`RouteTable`), so the same number is the
    /// same name and kind.
    @inlinable public static func == (lhs: RouteName, rhs: RouteName) -> Bool { lhs.index == rhs.index }
}
