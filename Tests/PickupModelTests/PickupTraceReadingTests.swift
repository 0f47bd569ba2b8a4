import Testing
import PickupSim
import SimKernel
import AppVocabulary
import PickupModel
import Oracles
@testable import PickupModel

/// A pickup run's trace goes through everything that reads a trace (every oracle, the coverage,
/// the launch and journey metrics) without trapping, whatever the faults: until oracles are
/// applied per app, a pickup trace must at least be safe to read.
@Suite struct PickupTraceReadingTests {
    @Test(arguments: 0..<20 as Range<UInt64>)
    func everyReaderOfATraceTakesAPickupRun(seed: UInt64) {
        var configuration = seed % 2 == 0 ? PickupHarness.newUser() : PickupHarness.signedIn()
        configuration.faults.rules = [
            FaultRule(endpoint: nil, kind: .drop, trigger: FaultRule.Trigger(probability: Probability(0.2))),
            FaultRule(endpoint: .bookings, kind: .error(status: 503), trigger: .nth(1)),
        ]
        configuration.faults.offlineWindows = [OfflineWindow(start: .seconds(3), duration: .seconds(4))]
        configuration.appleSheet = [.cancel, .fail]
        let pickupMutants = PickupCatalogue.entries.map(\.mutant)
        configuration.mutants = MutantSet([pickupMutants[Int(seed) % pickupMutants.count]])
        let run = PickupHarness.run(configuration, seed: seed) { world in
            await PickupHarness.onboardAndSignIn(world)
            await world.device.perform(.signInWithApple)
            await PickupHarness.pause(world, .seconds(10))
            await world.device.perform(.signOut)
            await world.device.perform(.confirmSignOut)
            await world.device.kill()
            await world.device.launch()
        }
        let observation = RunObservation(trace: run.result.trace, roles: PickupRoles.roles)
        _ = OracleCatalogue.check(observation, oracles: PickupPlugin.oracleList, settings: OracleSettings())
        let table = CoverageTable(app: .pickup, routes: [Route.page(1), .page(2), .page(3), .signIn, .mainTab].map { ($0.description, $0) },
                                  actions: PickupVocabulary.actions)
        let coverage = RunCoverage.of(observation, table: table)
        _ = LaunchMetrics.of(observation)
        let journey = JourneyMetrics.of(observation)
        // The pickup app's screens are measured and counted like the fix plan's.
        let first: (route: Route, action: UserAction) = seed % 2 == 0 ? (.page(1), .nextPage) : (.mainTab, .signOut)
        #expect(journey.waitMs(on: first.route) != nil, "\(first.route) showed, so its wait is measured")
        #expect(coverage.contains(.offered, route: table.routeIndex(first.route)!, item: table.actions.position(of: first.action)!))
    }
}
