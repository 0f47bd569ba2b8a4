import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// The fix plan's app (seeds 002, 003, 000) as a plug-in: the same requirements a team's app
/// meets. Its sections read into the scenario's typed starting world (`Scenario.world`), which
/// its world is built from; its personas (`Persona`) and its swarm draw typed worlds of its own.
struct FixPlanPlugin: BundledAppPlugin {
    let id = AppID.fixPlan
    let summary = "the fix plan's app (seeds 002, 003, 000): email OTP sign-in, intake, goals, a program"
    let routes = FixPlanPlugin.routeNames
    let actions = AppID.fixPlan.actions
    let endpoints = AppID.fixPlan.endpoints
    let catalogue = FixPlanCatalogue.entries
    let roles = FixPlanRoles.roles
    /// The shared oracles and the fix plan's own rules (seeds 002, 003, 000): its analytics
    /// events, timers and countdown, steps and their sync, push token, program, launch readiness,
    /// email and goal screens, journeys, resume gate and cache, Back through its phases, budgets.
    static let oracleList = OracleCatalogue.shared(plus: [
        "exactlyOnce", "noLeakedTimers", "noLostProgress", "pushRegistered", "successImpliesActive", "launchReadiness",
        "emailPreserved", "resumeGateColdLaunchOnly", "settledRouteMatchesJourney",
        "transientFailureHidden", "requestsAccepted", "accountLossClearsCache", "routeByJourneyAfterSignIn", "noLostEvents",
        "resumesAtCachedStep", "backNavigation", "logoutKeepsProgress", "signedInStaysSignedIn", "goalRetryAsPromised",
        "legalLinksOnSignUp", "tickChangesOnlyTheCountdown", "resendAfterTheCountdown", "resumeCatchesUpWithTheJourney",
        "budgets",
    ])
    var oracles: [any Oracle] { Self.oracleList }

    func swarm(seed: UInt64) -> Swarm { Swarm.drawFixPlan(seed: seed) }

    static let routeNames: [RouteName] = ([Route.launch] + OnboardingPhase.allCases.filter { $0 != .complete }.map(Route.onboarding)
        + [Route.main]).map { RouteName($0.description, kind: $0.kind) }

    func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem] {
        let context = DecodingContext(file: scenario.file)
        context.app = id
        FixPlanDecoding.decodeDevice(setup.device, into: &scenario, context: context)
        FixPlanDecoding.decodeBackend(setup.backend, into: &scenario.world.backend, context: context)
        return context.setupProblems
    }

    func encodeSetup(of scenario: Scenario) -> AppSetup {
        AppSetup(device: ScenarioEncoder.device(scenario), backend: ScenarioEncoder.backend(scenario.world.backend))
    }

    func makeWorld(_ start: AppStart) -> any AppWorld {
        var configuration = start.scenario?.world ?? WorldConfiguration()
        configuration.faults = start.faults
        configuration.timeouts.request = start.requestTimeout
        configuration.mutants = start.mutants
        return OnboardingWorld(simulation: start.simulation, configuration: configuration)
    }

    func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog? {
        guard let world = world as? OnboardingWorld else { return nil }
        return await user.drive(world)
    }
}
