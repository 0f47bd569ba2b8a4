import SimKernel
@testable import AppVocabulary
@testable import OnboardingModel

/// Runs the model in a fresh simulation and collects what the tests look at.
struct ModelRun {
    let result: SimulationResult
    let final: ScreenState
    let finalJourney: Journey?
    let backendProgress: OnboardingPhase?
    let pushTokenRegistered: Bool
    let storage: DeviceStorage
    let policyOutcome: UserPolicy.Outcome?

    var events: [ModelEvent] { result.trace.entries.compactMap { $0.record as? ModelEvent } }

    var screens: [ScreenState] {
        events.compactMap { if case .screen(let state) = $0 { return state } else { return nil } }
    }

    var routes: [Route?] {
        var routes: [Route?] = []
        for screen in screens where routes.last.map({ $0 != screen.route }) ?? true { routes.append(screen.route) }
        return routes
    }

    var errorsShown: [String] { screens.compactMap(\.errorText) }

    func analytics(_ event: String) -> [String] {
        events.compactMap { if case .analytics(let user, event) = $0 { return user } else { return nil } }
    }

    /// Times (virtual ms) of a timer's ticks, per timer id.
    var timerTicks: [(id: Int, at: Int64, remaining: Int)] {
        result.trace.entries.compactMap { entry in
            guard case .timerTick(let id, let remaining)? = entry.record as? ModelEvent else { return nil }
            return (id, entry.time.milliseconds, remaining)
        }
    }
}

enum Harness {
    static let newEmail = "new.user@example.com"
    static let returningEmail = "back.again@example.com"

    /// A configuration with a returning account whose journey is `journey`.
    static func returning(_ journey: Journey = .complete, mutants: [Mutant] = [],
                          faults: FaultPlan = FaultPlan(), strict: Bool = false) -> WorldConfiguration {
        WorldConfiguration(
            mutants: MutantSet(mutants),
            backend: BackendConfiguration(strictCreateUser: strict,
                                          accounts: [.init(email: returningEmail, journey: journey)]),
            faults: faults)
    }

    static func run(_ configuration: WorldConfiguration, seed: UInt64 = 1, policy: UserPolicy? = nil,
                    limits: RunLimits = RunLimits(maxVirtualTime: .seconds(6 * 3600)),
                    _ script: @escaping @Sendable (OnboardingWorld) async -> Void = { _ in }) -> ModelRun {
        let simulation = Simulation(seed: seed, limits: limits)
        let box = Box()
        let result = simulation.run {
            let world = OnboardingWorld(simulation: simulation, configuration: configuration)
            await world.prepare()
            await world.device.launch()
            if let policy { box.outcome = await policy.drive(world) }
            await script(world)
            let email = policy?.email ?? configuration.backend.accounts.first?.email ?? Harness.newEmail
            box.final = await world.currentScreen()
            box.journey = await world.backend.journey(ofEmail: email)
            box.progress = await world.backend.progress(ofEmail: email)
            box.pushed = await world.backend.hasPushToken(email: email)
            box.storage = await world.device.storage
        }
        return ModelRun(result: result, final: box.final, finalJourney: box.journey, backendProgress: box.progress,
                        pushTokenRegistered: box.pushed, storage: box.storage, policyOutcome: box.outcome)
    }

    final class Box: @unchecked Sendable {
        var final = ScreenState.notRunning
        var journey: Journey?
        var progress: OnboardingPhase?
        var pushed = false
        var storage = DeviceStorage()
        var outcome: UserPolicy.Outcome?
    }
}

extension OnboardingWorld {
    func wait(_ duration: Duration) async {
        try? await simulation.clock.sleep(for: duration, label: "script waits")
    }

    /// Performs `action` and lets `after` of virtual time pass.
    func tap(_ action: UserAction, _ input: String? = nil, after: Duration = .seconds(1)) async {
        await device.perform(action, input: input)
        await wait(after)
    }

    /// Drives a new user (or a returning one) with the user policy until `phase` shows.
    func walk(to phase: OnboardingPhase, email: String = Harness.newEmail, returning: Bool = false) async {
        _ = await UserPolicy(email: email, returning: returning, stopAt: phase).drive(self)
    }
}

extension OnboardingWorld {
    /// Reads the latest code from the user's mail, types it and taps Verify.
    func enterCode(email: String, after: Duration = .seconds(2)) async {
        let code = await backend.latestCode(for: email)
        await tap(.typeCode, code, after: .milliseconds(300))
        await tap(.verify, after: after)
    }
}

/// Runs the same configuration and script on the fixed model and with `mutant` switched on.
func fixedAndMutant(_ mutant: Mutant, _ configuration: WorldConfiguration, policy: UserPolicy? = nil,
                    _ script: @escaping @Sendable (OnboardingWorld) async -> Void = { _ in }) -> (fixed: ModelRun, mutant: ModelRun) {
    var mutated = configuration
    mutated.mutants = MutantSet(configuration.mutants.members + [mutant])
    return (Harness.run(configuration, policy: policy, script), Harness.run(mutated, policy: policy, script))
}
