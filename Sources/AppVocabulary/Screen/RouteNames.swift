/// An app's own routes, as the simulator names them: each of the app's route values (its own
/// `enum AppRoute`) with its `RouteName`, in the order the plug-in lists them. The adapter's one
/// table from the app's routes to the simulator's, so that the plug-in's `routes` and the screen's
/// route come from the same lines:
///
/// ```swift
/// static let routes = RouteNames<AppRoute>([(.splash, .launch), (.welcome, .onboarding), (.email, .auth),
///                                           (.code, .auth), (.goal, .onboarding), (.main, .main)])
/// var routes: [RouteName] { Self.routes.all }                       // the plug-in
/// ScreenState(route: Self.routes.route(of: store.route))            // the adapter
/// ```
public struct RouteNames<AppRoute: Hashable & Sendable>: Sendable {
    /// Every route's name, in the order given.
    public let all: [RouteName]
    private let names: [AppRoute: RouteName]

    /// Each of the app's routes with the name and kind it has in scenarios, the trace and reports.
    public init(_ routes: [(AppRoute, RouteName)]) {
        all = routes.map(\.1)
        var names: [AppRoute: RouteName] = [:]
        for (route, name) in routes where names[route] == nil { names[route] = name }
        self.names = names
    }

    /// The name of `route`. A route left out of the table is named by its description, as an
    /// onboarding screen, so a forgotten line shows in the trace instead of stopping the run.
    public subscript(_ route: AppRoute) -> RouteName {
        names[route] ?? RouteName(String(describing: route), kind: .onboarding)
    }

    /// `route` as a screen's route (`ScreenState.route`).
    public func route(of route: AppRoute) -> Route { .named(self[route]) }
}

extension RouteNames where AppRoute: RawRepresentable, AppRoute.RawValue == String {
    /// Each of the app's routes by its raw value, with its kind: `[(.splash, .launch), (.goal, .onboarding)]`.
    public init(_ kinds: [(AppRoute, Route.Kind)]) {
        self.init(kinds.map { ($0.0, RouteName($0.0.rawValue, kind: $0.1)) })
    }
}
