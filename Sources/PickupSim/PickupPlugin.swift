import SimKernel
import AppVocabulary
import PickupModel
import Oracles
import Scenarios

/// Seed 004's pickup app as a plug-in, in a module of its own like a team's: the same
/// requirements a team's app meets, registered by the tool that runs it
/// (`SimCommandLine.run(apps:)`). Its sections read into a typed starting world of its own
/// (`Scenario.pickup`), which its world is built from; its personas (`PickupPersona`) and its
/// swarm draw typed worlds of their own.
public struct PickupPlugin: AppPlugin {
    public init() {}

    public let id = AppID.pickup
    public let summary = "seed 004's pickup-service app: three onboarding pages, Apple sign-in, an auth wall, sign-out"
    public let routes: [RouteName] = [Route.page(1), .page(2), .page(3), .signIn, .mainTab].map { RouteName($0.description, kind: $0.kind) }
    public let actions = PickupVocabulary.actions
    public let endpoints = PickupVocabulary.endpoints
    public let catalogue = PickupCatalogue.entries
    public let roles = PickupRoles.roles
    /// Its runs meet every fault but a lost account (its sign-in creates one), and every
    /// lifecycle event but a corrupted cache (it keeps none).
    public var coverageEvents: CoverageEvents {
        CoverageEvents(faults: RunCoverage.faultNames.filter { $0 != "account-lost" },
                       lifecycle: RunCoverage.lifecycleNames.filter { $0 != "corrupt-cache" })
    }
    /// Coverage's screens in the order a user meets them, named as scenarios name them.
    public var coverageRoutes: [(name: String, route: Route)] {
        [("page-1", .page(1)), ("page-2", .page(2)), ("page-3", .page(3)), ("sign-in", .signIn), ("main", .mainTab)]
    }
    /// Timing's screens, in the order its reports have always listed them: the launch screen and
    /// the main app first.
    public var timingScreens: [(name: String, route: Route)] {
        [("main", .mainTab), ("page-1", .page(1)), ("page-2", .page(2)), ("page-3", .page(3)), ("sign-in", .signIn)]
    }
    /// Seed 003's account losses: its backend refuses the lost account's session (`PickupBackend`).
    public var accountLosses: [AccountLoss.Kind] { [.accountDeleted, .sessionRevoked] }
    /// Routes as scenarios name them: the pages by number (`page-1`), as they always have.
    public let scenarioRoutes: [(name: String, route: Route)] = [
        ("main", .mainTab), ("page-1", .page(1)), ("page-2", .page(2)), ("page-3", .page(3)), ("sign-in", .signIn),
    ]
    /// Seed 004's own rules, which only this app's seed promises (docs/oracles.md): the
    /// onboarding once per install, the main tab's list (offline, back online) and the three
    /// pages. Its content and its refresh on appearing are shared rules its roles declare.
    public static let ownOracles: [any Oracle] = [
        OnboardingOncePerInstall(), OfflineShowsWhatWasSeen(), EveryPageBeforeSignIn(), ReconnectReloadsTheList(),
    ]
    /// The shared oracles and its own, in the order its reports have always listed them.
    public static let oracleList = OracleCatalogue.list([
        "noRouteFlash", "noSilentDeadEnd", "singleLoadingSpan", "noLeakedTimers", "reduceMotion",
        "validEmailAccepted", "transientFailureHidden", "noDuplicateSubmission", "authWall", "offlineBannerTruthful",
        "failuresSurface", "everyTapHasAnEffect", "refusedSessionEnds", "onboardingOncePerInstall",
        "signOutConfirmed", "ownDataOnly", "errorClearsOnNewAttempt", "automaticRetryAsPromised", "choiceIsTheUsers",
        "codeFieldIsTheUsers", "requestsCarryWhatTheUserEntered", "spinnerEndsWithItsAnswer", "noBlankWait",
        "mainShowsItsContent", "errorStaysOnItsScreen", "sessionEndsOnlyAsPromised", "tickChangesOnlyTheCountdown",
        "resendAfterTheCountdown", "backReturnsWhereTheUserCameFrom", "mainAppearanceRefreshesToken",
        "offlineShowsWhatWasSeen", "reconnectReloadsTheList", "everyPageBeforeSignIn", "offlineMessageTruthful", "tryAgainIsOffered",
        "inputBlamedOnlyWhenRejected", "connectionBlamedOnlyWhenItFailed", "emailFieldIsTheUsers",
        "noErrorFromTheLastSession", "codeScreenFollowsASentCode", "outcomeIsShown", "promptFollowsItsTap",
        "returnFindsWhereTheUserLeft", "signOutHolds", "errorGoesOnlyWithACause", "failureKeepsWhatWasShown",
        "budgets"
    ], own: ownOracles)
    public var oracles: [any Oracle] { Self.oracleList }
    public var personas: [AppPersona] { PickupPersona.allCases.map(\.appPersona) }

    public func swarm(seed: UInt64) -> Swarm { Swarm.drawPickup(seed: seed) }

    public func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        guard let pickup = PickupPersona(rawValue: persona.name) else {
            return Scenario.explored(persona, app: id, seed: seed, swarm: &swarm, user: user)
        }
        return pickup.scenario(seed: seed, swarm: &swarm, user: user)
    }

    public func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem] {
        let context = DecodingContext(file: scenario.file)
        context.app = id
        PickupDecoding.decodeDevice(setup.device, into: &scenario, context: context)
        PickupDecoding.decodeBackend(setup.backend, into: &scenario.pickup, context: context)
        return context.setupProblems + PickupDecoding.accountProblems(of: scenario.pickup)
    }

    public func encodeSetup(of scenario: Scenario) -> AppSetup {
        let accounts = scenario.pickup.accounts.map { JSONValue.object([("email", .string($0))]) }
        return AppSetup(device: PickupDecoding.device(of: scenario),
                        backend: accounts.isEmpty ? nil : .object([("accounts", .array(accounts))]))
    }

    public func explored(_ scenario: Scenario, seed: UInt64, swarm: Swarm) -> Scenario {
        var explored = scenario.explored(seed: seed, swarm: swarm)
        swarm.apply(to: &explored.pickup)
        return explored
    }

    public func makeWorld(_ start: AppStart) -> any AppWorld {
        var pickup = start.scenario?.pickup ?? PickupConfiguration()
        pickup.faults = start.faults
        pickup.requestTimeout = start.requestTimeout
        pickup.mutants = start.mutants
        return PickupWorld(simulation: start.simulation, configuration: pickup)
    }

    public func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog? {
        guard let world = world as? PickupWorld else { return nil }
        return await user.drive(world)
    }
}
