import Testing
import SimKernel
import AppVocabulary
@testable import PickupModel

/// A finished pickup run frees its whole world, whether the app is still running at the end or
/// was killed: 100,000 explored seeds must not pile up memory (they once kept 3.3 GB, through the
/// network monitor's hold on the app).
@Suite struct PickupMemoryTests {
    func isFreed(_ configuration: PickupConfiguration, _ script: @escaping @Sendable (PickupWorld) async -> Void) -> Bool {
        weak var weakSimulation: Simulation?
        do {
            let simulation = Simulation(seed: 5)
            weakSimulation = simulation
            _ = simulation.run {
                let world = PickupWorld(simulation: simulation, configuration: configuration)
                await world.prepare()
                await world.device.launch()
                await script(world)
            }
        }
        return weakSimulation == nil
    }

    @Test func aRunEndingWithTheAppOnMainFreesItsWorld() {
        #expect(isFreed(PickupHarness.signedIn()) { world in
            try? await world.simulation.clock.sleep(for: .seconds(3))
        })
    }

    @Test func aRunEndingMidSignInOrAfterAKillFreesItsWorld() {
        var configuration = PickupHarness.newUser()
        configuration.hasCompletedOnboarding = true
        #expect(isFreed(configuration) { world in
            await world.device.perform(.signInWithApple)
        })
        #expect(isFreed(PickupHarness.signedIn()) { world in
            await world.device.kill()
        })
    }
}
