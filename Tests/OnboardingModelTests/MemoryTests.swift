import Testing
import SimKernel
@testable import AppVocabulary
@testable import OnboardingModel

/// A finished run frees its whole world: thousands of explored seeds must not pile up memory.
@Suite struct MemoryTests {
    /// Runs `script` in a fresh simulation and says whether the simulation was freed afterwards.
    func isFreed(_ configuration: WorldConfiguration, _ script: @escaping @Sendable (OnboardingWorld) async -> Void) -> Bool {
        weak var weakSimulation: Simulation?
        do {
            let simulation = Simulation(seed: 5)
            weakSimulation = simulation
            _ = simulation.run {
                let world = OnboardingWorld(simulation: simulation, configuration: configuration)
                await world.prepare()
                await world.device.launch()
                await script(world)
            }
        }
        return weakSimulation == nil
    }

    @Test func aWholeJourneyFreesItsWorld() {
        #expect(isFreed(WorldConfiguration()) { world in
            _ = await UserPolicy(email: Harness.newEmail).drive(world)
        })
    }

    @Test func aRunThatEndsOfflineWithWorkQueuedFreesItsWorld() {
        // The sync queue is left waiting for the network; cancelling it at the end must end the wait.
        #expect(isFreed(WorldConfiguration()) { world in
            await world.walk(to: .processOverview)
            await world.network.setOnline(false)
            await world.device.perform(.next)
            try? await world.simulation.clock.sleep(for: .seconds(5))
        })
    }

    @Test func aKilledAppAndARunEndingMidRequestFreeTheirWorld() {
        #expect(isFreed(WorldConfiguration(faults: FaultPlan(rules: [FaultRule(endpoint: .sendOTP, kind: .drop)]))) { world in
            await world.walk(to: .auth)
            await world.device.perform(.typeEmail, input: Harness.newEmail)
            await world.device.perform(.sendCode)
            try? await world.simulation.clock.sleep(for: .seconds(2))
        })
        #expect(isFreed(WorldConfiguration()) { world in
            await world.walk(to: .authVerification)
            await world.device.kill()
        })
    }
}
