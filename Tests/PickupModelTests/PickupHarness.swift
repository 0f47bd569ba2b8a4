import Testing
import SimKernel
import AppVocabulary
@testable import PickupModel

/// One run of the pickup app in a fresh simulation, and what the tests look at.
struct PickupRun {
    let result: SimulationResult
    let final: ScreenState
    let storage: PickupStorage

    var events: [ModelEvent] { result.trace.entries.compactMap { $0.record as? ModelEvent } }

    var screens: [ScreenState] {
        events.compactMap { if case .screen(let state) = $0 { state } else { nil } }
    }

    /// The routes shown, each change once.
    var routes: [Route?] {
        var routes: [Route?] = []
        for screen in screens where routes.last.map({ $0 != screen.route }) ?? true { routes.append(screen.route) }
        return routes
    }

    func requests(to endpoint: Endpoint) -> Int {
        events.filter { if case .requestSent(_, _, endpoint) = $0 { true } else { false } }.count
    }
}

enum PickupHarness {
    static let appleID = "ada@icloud.example"

    /// A returning user: an account, its session in the keychain, onboarding done.
    static func signedIn(_ mutants: [Mutant] = []) -> PickupConfiguration {
        var configuration = PickupConfiguration()
        configuration.appleID = appleID
        configuration.accounts = [appleID]
        configuration.sessionUser = appleID
        configuration.hasCompletedOnboarding = true
        configuration.mutants = MutantSet(mutants)
        return configuration
    }

    static func newUser(_ mutants: [Mutant] = []) -> PickupConfiguration {
        var configuration = PickupConfiguration()
        configuration.appleID = appleID
        configuration.mutants = MutantSet(mutants)
        return configuration
    }

    /// Prepares the world, launches the app, runs `script`, then lets the run settle.
    static func run(_ configuration: PickupConfiguration, seed: UInt64 = 1,
                    _ script: @escaping @Sendable (PickupWorld) async -> Void = { _ in }) -> PickupRun {
        let simulation = Simulation(seed: seed, limits: RunLimits(maxVirtualTime: .seconds(3600)))
        let box = Box()
        let result = simulation.run {
            let world = PickupWorld(simulation: simulation, configuration: configuration)
            await world.prepare()
            await world.device.launch()
            await script(world)
            await pause(world, .seconds(30))
            box.final = await world.currentScreen()
            box.storage = await world.device.storage
        }
        // Every run of these tests ends with nothing waiting and nothing escaped the simulation.
        #expect(result.outcome == .completed && result.foreignEnqueues == 0 && result.strandedTasks.isEmpty,
                "the run did not end cleanly: \(result.outcome)")
        return PickupRun(result: result, final: box.final, storage: box.storage)
    }

    /// The user waits `duration` (the app works meanwhile).
    static func pause(_ world: PickupWorld, _ duration: Duration) async {
        try? await world.simulation.clock.sleep(for: duration, label: "user waits")
    }

    /// From the first page to signed in: Next, Next, Get Started, Sign in with Apple.
    static func onboardAndSignIn(_ world: PickupWorld) async {
        await world.device.perform(.nextPage)
        await world.device.perform(.nextPage)
        await world.device.perform(.getStarted)
        await world.device.perform(.signInWithApple)
        await pause(world, .seconds(10))
    }

    final class Box: @unchecked Sendable {
        var final = ScreenState.notRunning
        var storage = PickupStorage()
    }
}
