import SimKernel
import AppVocabulary
import Oracles

/// An app the simulator runs. What every app must say is here, six things: its name, one line of
/// what it is, its routes, what its actions and requests are to the user, its known bugs, and its
/// world for one run. Everything else an app may add has a default and lives with others of its
/// purpose:
///
/// - `AppScenarioWords`: the names its files use beyond routes (actions, endpoints, fault kinds,
///   timeouts, steps and checks of its own, what `expect.backend` reads);
/// - `AppScenarioSetup`: its own `device` and `backend` sections (checked, read, written, shrunk,
///   and their JSON Schema);
/// - `AppExploration`: who `explore` simulates and how (personas, swarm knobs, the free user);
/// - `AppJudging`: the rules that judge it (the shared ones by default, and its opt-outs);
/// - `AppReports`: how reports show it (coverage, timing, the timeline's lanes).
///
/// A team's app is registered (`AppRegistry.register`); the two bundled apps are plug-ins too,
/// through the same requirements. Scenarios name it by `id` in `"app"`; `run`, `validate`,
/// `regress` and `explore` then work for it as for the bundled apps.
///
/// ```swift
/// struct DoorApp: AppPlugin {
///     let id = AppID("door")
///     let summary = "a door that opens after one request"
///     let routes = [RouteName("closed", kind: .onboarding), RouteName("open", kind: .main)]
///     let roles = AppRoles(actions: [(UserAction("open"), .forward)], requests: [(Endpoint("unlock"), RequestRole())])
///     let catalogue = [Mutant.Entry(Mutant("door-silent"), app: AppID("door"),
///                                   summary: "a failed unlock says nothing", source: "our fix plan §1")]
///     func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
/// }
/// AppRegistry.register(DoorApp())
/// ```
public protocol AppPlugin: AppScenarioWords, AppScenarioSetup, AppExploration, AppJudging, AppReports {
    /// The app's name in scenarios (`"app"`), `--app` and reports; not a bundled app's.
    var id: AppID { get }
    /// What the app is, in one line, for `list` and error messages.
    var summary: String { get }
    /// The routes its root shows, each with its kind: what `finalRoute` and `neverShown` name, and
    /// what the shared rules judge by (a main screen, an auth screen).
    var routes: [RouteName] { get }
    /// What its actions and requests are to the user (`AppRoles`): what the oracles read instead
    /// of names (which actions type an email or a code, which requests no user waits for, what a
    /// request carries of the user's input), and by default the actions and endpoints scenarios
    /// name, in their order. By default none: every action moves the user on and every request is
    /// a tap's.
    var roles: AppRoles { get }
    /// Its bugs, each put back into its code by a switch: what `guards` and `mutants` name.
    var catalogue: [Mutant.Entry] { get }
    /// The app's world for one run, with the scenario's starting world, faults and mutants.
    func makeWorld(_ start: AppStart) -> any AppWorld
}

extension AppPlugin {
    public var roles: AppRoles { .none }
}
