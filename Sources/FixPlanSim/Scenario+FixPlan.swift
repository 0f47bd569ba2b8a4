import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios
import Oracles

extension Scenario {
    /// The fix plan's starting world: its own sections (`device`, `backend`, its timeouts) kept
    /// as the scenario's `ownSetup`, with every app's parts (mutants, faults, the request timeout)
    /// read from and written to the scenario's own fields.
    public var world: WorldConfiguration {
        get {
            var world = ownSetup as? WorldConfiguration ?? WorldConfiguration()
            world.mutants = mutants
            world.faults = faults
            world.timeouts.request = requestTimeout
            let defaults = ClientTimeouts()
            world.timeouts.launchCheck = appTimeouts[FixPlanPlugin.launchCheck] ?? defaults.launchCheck
            world.timeouts.goalGeneration = appTimeouts[FixPlanPlugin.goalGeneration] ?? defaults.goalGeneration
            return world
        }
        set {
            mutants = newValue.mutants
            faults = newValue.faults
            requestTimeout = newValue.timeouts.request
            let defaults = ClientTimeouts()
            appTimeouts[FixPlanPlugin.launchCheck] = newValue.timeouts.launchCheck == defaults.launchCheck
                ? nil : newValue.timeouts.launchCheck
            appTimeouts[FixPlanPlugin.goalGeneration] = newValue.timeouts.goalGeneration == defaults.goalGeneration
                ? nil : newValue.timeouts.goalGeneration
            ownSetup = newValue
        }
    }

    /// A fix-plan scenario starting from `world`.
    public init(file: String, name: String, summary: String = "", guards: [String] = [], seed: UInt64 = 1,
                strategy: SchedulingStrategy = .fifo, world: WorldConfiguration,
                startsOffline: Bool = false, steps: [ScenarioStep], expectations: Expectations = Expectations(),
                settings: OracleSettings = OracleSettings(), settleAfterSteps: Duration = .seconds(60),
                maxVirtualTime: Duration = .seconds(4 * 3600)) {
        self.init(file: file, name: name, summary: summary, guards: guards, seed: seed, strategy: strategy,
                  startsOffline: startsOffline, steps: steps, expectations: expectations, settings: settings,
                  settleAfterSteps: settleAfterSteps, maxVirtualTime: maxVirtualTime)
        self.world = world
    }
}
