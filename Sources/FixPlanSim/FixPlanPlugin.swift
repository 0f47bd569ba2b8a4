import SimKernel
import AppVocabulary
import Scenarios
import OnboardingModel
import Oracles

/// The fix plan's app (seeds 002, 003, 000) as a plug-in: the same requirements a team's app
/// meets. Its sections read into the scenario's typed starting world (`Scenario.world`), which
/// its world is built from; its personas (`Persona`) and its swarm draw typed worlds of its own.
/// A scenario that names no app runs it; a tool that runs it lists it among its apps
/// (`SimCommandLine.run(apps:)`).
public struct FixPlanPlugin: AppPlugin {
    public init() {}

    public let id = AppID.fixPlan
    public let summary = "the fix plan's app (seeds 002, 003, 000): email OTP sign-in, intake, goals, a program"
    public let routes = FixPlanPlugin.routeNames
    public let actions = FixPlanVocabulary.actions
    public let endpoints = FixPlanVocabulary.endpoints
    public let catalogue = FixPlanCatalogue.entries
    public let roles = FixPlanRoles.roles
    /// Routes as scenarios name them: `launch`, each phase by its name, `main`.
    public var scenarioRoutes: [(name: String, route: Route)] {
        [("main", .main), ("launch", .launch)] + OnboardingPhase.allCases.filter { $0 != .complete }.map { ($0.rawValue, .onboarding($0)) }
    }
    /// The shared oracles and the fix plan's own rules (seeds 002, 003, 000): its analytics
    /// events, steps and their sync, push token, program, launch readiness,
    /// email and goal screens, journeys, resume gate and cache, Back through its phases, budgets.
    public static let ownOracles: [any Oracle] = [
        ExactlyOnce(), NoLostProgress(), PushRegistered(), SuccessImpliesActive(), LaunchReadinessOracle(),
        EmailPreserved(), ResumeGateColdLaunchOnly(), SettledRouteMatchesJourney(), RequestsAccepted(),
        AccountLossClearsCache(), RouteByJourneyAfterSignIn(), NoLostEvents(), ResumesAtCachedStep(), BackNavigation(),
        LogoutKeepsProgress(), SignedInStaysSignedIn(), LegalLinksOnSignUp(), ResumeCatchesUpWithTheJourney(),
        GoalsFollowTheIntake(), ProgressGoesToItsUser(),
    ]
    /// The shared oracles and its own, in the order its reports have always listed them.
    public static let oracleList = OracleCatalogue.list([
        "noRouteFlash", "noSilentDeadEnd", "singleLoadingSpan", "exactlyOnce", "noLeakedTimers", "noLostProgress",
        "pushRegistered", "successImpliesActive", "reduceMotion", "launchReadiness", "emailPreserved",
        "validEmailAccepted", "resumeGateColdLaunchOnly", "settledRouteMatchesJourney", "transientFailureHidden",
        "requestsAccepted", "noDuplicateSubmission", "accountLossClearsCache", "routeByJourneyAfterSignIn",
        "authWall", "offlineBannerTruthful", "noLostEvents", "resumesAtCachedStep", "backNavigation",
        "failuresSurface", "everyTapHasAnEffect", "logoutKeepsProgress", "signedInStaysSignedIn",
        "refusedSessionEnds", "ownDataOnly", "errorClearsOnNewAttempt", "automaticRetryAsPromised", "choiceIsTheUsers",
        "codeFieldIsTheUsers", "requestsCarryWhatTheUserEntered", "spinnerEndsWithItsAnswer", "noBlankWait",
        "legalLinksOnSignUp", "errorStaysOnItsScreen", "sessionEndsOnlyAsPromised", "tickChangesOnlyTheCountdown",
        "resendAfterTheCountdown", "backReturnsWhereTheUserCameFrom", "offlineMessageTruthful", "tryAgainIsOffered",
        "inputBlamedOnlyWhenRejected", "connectionBlamedOnlyWhenItFailed", "emailFieldIsTheUsers",
        "noErrorFromTheLastSession", "codeScreenFollowsASentCode", "outcomeIsShown", "promptFollowsItsTap",
        "returnFindsWhereTheUserLeft", "resumeCatchesUpWithTheJourney", "signOutHolds", "errorGoesOnlyWithACause",
        "failureKeepsWhatWasShown", "goalsFollowTheIntake", "progressGoesToItsUser", "budgets"
    ], own: ownOracles)
    public var oracles: [any Oracle] { Self.oracleList }
    public var personas: [AppPersona] { Persona.allCases.map(\.appPersona) }

    public func swarm(seed: UInt64) -> Swarm { Swarm.drawFixPlan(seed: seed) }

    public func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        guard let fixPlan = Persona(rawValue: persona.name) else {
            return Scenario.explored(persona, app: id, seed: seed, swarm: &swarm, user: user)
        }
        return fixPlan.scenario(seed: seed, swarm: &swarm, user: user)
    }

    /// Coverage's screens: the launch screen, each phase, the main app (which the `complete`
    /// phase is too).
    public var coverageRoutes: [(name: String, route: Route)] {
        [("launch", .launch)] + OnboardingPhase.allCases.filter { $0 != .complete }.map { ($0.rawValue, .onboarding($0)) }
            + [("main", .main), ("main", .onboarding(.complete))]
    }
    /// Timing's screens: the launch screen, each phase (`complete` apart from the main app, as
    /// `waitMs.complete`), the main app.
    public var timingScreens: [(name: String, route: Route)] {
        [("launch", .launch)] + OnboardingPhase.allCases.map { ($0.rawValue, .onboarding($0)) } + [("main", .main)]
    }
    /// Its actors on the timeline: the client store, the sync queue, the OTP timer.
    public var timelineActors: [(lane: String, title: String)] {
        [("client", "client store"), ("sync-queue", "sync queue"), ("otp-timer", "OTP timer")]
    }
    /// Its runs meet every fault and lifecycle event: accounts lost, its cache corrupted, signed out.
    public var coverageEvents: CoverageEvents { .all }

    public static let routeNames: [RouteName] = ([Route.launch] + OnboardingPhase.allCases.filter { $0 != .complete }.map(Route.onboarding)
        + [Route.main]).map { RouteName($0.description, kind: $0.kind) }

    public func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem] {
        let context = DecodingContext(file: scenario.file)
        context.app = id
        FixPlanDecoding.decodeDevice(setup.device, into: &scenario, context: context)
        FixPlanDecoding.decodeBackend(setup.backend, into: &scenario.world.backend, context: context)
        return context.setupProblems
    }

    public func encodeSetup(of scenario: Scenario) -> AppSetup {
        AppSetup(device: FixPlanDecoding.device(scenario), backend: FixPlanDecoding.backend(scenario.world.backend))
    }

    public func makeWorld(_ start: AppStart) -> any AppWorld {
        var configuration = start.scenario?.world ?? WorldConfiguration()
        configuration.faults = start.faults
        configuration.timeouts.request = start.requestTimeout
        configuration.mutants = start.mutants
        return OnboardingWorld(simulation: start.simulation, configuration: configuration)
    }

    public func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog? {
        guard let world = world as? OnboardingWorld else { return nil }
        return await user.drive(world)
    }
}
