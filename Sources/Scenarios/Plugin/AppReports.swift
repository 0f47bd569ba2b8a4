import AppVocabulary
import Oracles

/// How reports show an app: its screens in coverage and timing tables, its faults and lifecycle
/// events in coverage's "possible", its actors on the HTML timeline. Part of `AppPlugin`; by
/// default its routes in order, every app's faults and events, and one lane, `client`.
public protocol AppReports: Sendable {
    /// Its screens as coverage counts them (`CoverageTable`), in report order: each name and the
    /// route the screens show by it. By default `routes` in order, each with its route in
    /// `scenarioRoutes`.
    var coverageRoutes: [(name: String, route: Route)] { get }
    /// Its screens as timing metrics name them (`TimingTable`: `waitMs.<name>`), in report order:
    /// each name and the route the screens show by it. By default `coverageRoutes`.
    var timingScreens: [(name: String, route: Route)] { get }
    /// The faults and lifecycle events its runs can meet, for coverage's "possible". By default
    /// the network's faults and the phone's lifecycle (`CoverageEvents.everyApp`).
    var coverageEvents: CoverageEvents { get }
    /// Its own actors as the HTML timeline shows them, between the user's lane and the network's:
    /// each lane (`ModelEvent`'s lane) and its title. By default one, `client`, titled "app".
    var timelineActors: [(lane: String, title: String)] { get }
}

extension AppReports where Self: AppPlugin {
    public var coverageRoutes: [(name: String, route: Route)] {
        let named = scenarioRoutes
        return routes.map { route in (route.name, named.first { $0.name == route.name }?.route ?? .named(route)) }
    }
    public var timingScreens: [(name: String, route: Route)] { coverageRoutes }
    public var coverageEvents: CoverageEvents { .everyApp }
    public var timelineActors: [(lane: String, title: String)] { [("client", "app")] }
}
