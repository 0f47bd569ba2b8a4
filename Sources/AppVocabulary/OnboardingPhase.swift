import SimKernel
import Synchronization

/// The onboarding phases of the fix plan's app, in the order a new user meets them
/// (002 §4, `OnboardingPhase.isEarlierThan`).
public enum OnboardingPhase: String, Sendable, CaseIterable, Comparable {
    case intro, intake, intakeComplete, auth, authVerification, processOverview
    case goalReview, programReview, notificationPermission, success, complete

    /// 002 §4: `func isEarlierThan(_ other: OnboardingPhase) -> Bool`.
    public func isEarlierThan(_ other: OnboardingPhase) -> Bool { self < other }

    public static func < (lhs: OnboardingPhase, rhs: OnboardingPhase) -> Bool {
        lhs.order < rhs.order
    }

    /// Position in the flow, 0 for `intro`: the index in `allCases` (a test holds them equal),
    /// spelled out because oracles compare phases on every progress event.
    public var order: Int {
        switch self {
        case .intro: 0
        case .intake: 1
        case .intakeComplete: 2
        case .auth: 3
        case .authVerification: 4
        case .processOverview: 5
        case .goalReview: 6
        case .programReview: 7
        case .notificationPermission: 8
        case .success: 9
        case .complete: 10
        }
    }

    /// Phases a user can be part-way through (the resume gate applies to these).
    public var isMidOnboarding: Bool { self > .intro && self < .complete }
}

/// The single route state of seed 003: what the root of the app shows. The fix plan's app
/// shows `launch`, its onboarding phases and `main`; the pickup app (seed 004) its onboarding
/// pages, `signIn` and `main`.
public enum Route: Sendable, Equatable, CustomStringConvertible {
    /// The loading screen that matches the launch screen.
    case launch
    case onboarding(OnboardingPhase)
    /// The main app.
    case main
    /// A swipeable onboarding page, from 1 (seed 004's three pages).
    case page(Int)
    /// A sign-in wall with nothing of the app behind it (seed 004's WelcomeAuthView).
    case signIn
    /// A screen of an app outside this package, by its name and kind (`RouteName`): an app
    /// plug-in's routes, which the bundled apps' cases above do not name.
    case named(RouteName)

    /// What kind of screen the route is, for oracles that hold for every app.
    public enum Kind: String, Sendable {
        case launch, onboarding, auth, main
    }

    public var kind: Kind {
        switch self {
        case .launch: .launch
        case .onboarding(.auth), .onboarding(.authVerification), .signIn: .auth
        case .onboarding, .page: .onboarding
        case .main: .main
        case .named(let route): route.kind
        }
    }

    public var description: String { CanonicalText.build { writeCanonical(to: &$0) } }

    /// Writes `description` for the trace.
    public func writeCanonical(to out: inout some CanonicalWriter) {
        switch self {
        case .launch: out.write("launch")
        case .onboarding(let phase): out.write("onboarding("); out.write(phase.rawValue); out.write(")")
        case .main: out.write("main")
        case .page(let number): out.write("page("); out.write(number); out.write(")")
        case .signIn: out.write("sign-in")
        case .named(let route): out.write(route.name)
        }
    }

    public var isOnboardingOrAuth: Bool { kind == .onboarding || kind == .auth }
}

/// A route of an app outside this package: its name as scenarios, the trace and reports give it
/// (`goals`, `notifications-card`), and what kind of screen it is, which is what the shared
/// oracles judge by (a launch screen, onboarding, sign-in, the main app).
///
/// Kept as a small number into a table of the names made in this process, so that a `Route`
/// stays a plain value (no reference to count on every copy of a screen) for every app. The
/// number never leaves the process: the trace and reports print the name.
public struct RouteName: Sendable, Hashable, CustomStringConvertible {
    let index: UInt32

    public init(_ name: String, kind: Route.Kind) { index = RouteTable.intern(name, kind: kind) }

    public var name: String { RouteTable.entry(index).name }
    public var kind: Route.Kind { RouteTable.entry(index).kind }
    public var description: String { name }
}
