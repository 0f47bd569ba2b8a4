import SimKernel
import AppVocabulary
import PickupModel
import Oracles

/// Seed 004's pickup app as a plug-in: the same requirements a team's app meets. Its sections
/// read into the scenario's typed starting world (`Scenario.pickup`), which its world is built
/// from; its personas (`Persona`) and its swarm draw typed worlds of its own.
struct PickupPlugin: BundledAppPlugin {
    let id = AppID.pickup
    let summary = "seed 004's pickup-service app: three onboarding pages, Apple sign-in, an auth wall, sign-out"
    let routes: [RouteName] = [Route.page(1), .page(2), .page(3), .signIn, .main].map { RouteName($0.description, kind: $0.kind) }
    let actions = AppID.pickup.actions
    let endpoints = AppID.pickup.endpoints
    let catalogue = PickupCatalogue.entries
    let roles = PickupRoles.roles
    /// The shared oracles and seed 004's own rules: the onboarding once per install, the sign-out
    /// confirmation, the main tab's list (its content, its refresh on appearing, offline) and the
    /// three pages.
    static let oracleList = OracleCatalogue.shared(plus: [
        "onboardingOncePerInstall", "signOutConfirmed", "mainShowsItsContent", "mainAppearanceRefreshesToken",
        "offlineShowsWhatWasSeen", "everyPageBeforeSignIn",
    ])
    var oracles: [any Oracle] { Self.oracleList }

    func swarm(seed: UInt64) -> Swarm { Swarm.drawPickup(seed: seed) }

    func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem] {
        let context = DecodingContext(file: scenario.file)
        context.app = id
        PickupDecoding.decodeDevice(setup.device, into: &scenario, context: context)
        PickupDecoding.decodeBackend(setup.backend, into: &scenario.pickup, context: context)
        return context.setupProblems
    }

    func encodeSetup(of scenario: Scenario) -> AppSetup {
        let accounts = scenario.pickup.accounts.map { JSONValue.object([("email", .string($0))]) }
        return AppSetup(device: ScenarioEncoder.pickupDevice(scenario),
                        backend: accounts.isEmpty ? nil : .object([("accounts", .array(accounts))]))
    }

    func makeWorld(_ start: AppStart) -> any AppWorld {
        var pickup = start.scenario?.pickup ?? PickupConfiguration()
        pickup.faults = start.faults
        pickup.requestTimeout = start.requestTimeout
        pickup.mutants = start.mutants
        return PickupWorld(simulation: start.simulation, configuration: pickup)
    }

    func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog? {
        guard let world = world as? PickupWorld else { return nil }
        return await user.drive(world)
    }
}
