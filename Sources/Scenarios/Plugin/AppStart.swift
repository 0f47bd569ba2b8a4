import SimKernel
import AppVocabulary

/// What a plug-in's world starts from in one run.
public struct AppStart: Sendable {
    /// The run's kernel: its clock, randomness, executor and trace.
    public let simulation: Simulation
    /// The scenario's own sections for the app.
    public let setup: AppSetup
    /// The scenario's faults (and latency), for the app's `Network`.
    public let faults: FaultPlan
    /// How long the app's requests wait for an answer (`network.timeouts.request`; 10 s unless
    /// the scenario says).
    public let requestTimeout: Duration
    /// The bugs switched on for this run.
    public let mutants: MutantSet
    /// The app's roles (`AppPlugin.roles`), for its `Network` (`AppHostWorld(roles:)`): which
    /// replies are failures and what requests carry.
    public let roles: AppRoles
    /// The whole scenario, for an app whose `decodeSetup` read its sections into typed fields
    /// of its own (the bundled apps); nil when the world is built without one.
    public let scenario: Scenario?

    public init(simulation: Simulation, setup: AppSetup, faults: FaultPlan, requestTimeout: Duration, mutants: MutantSet,
                roles: AppRoles = .none, scenario: Scenario? = nil) {
        self.simulation = simulation
        self.roles = roles
        self.setup = setup
        self.faults = faults
        self.requestTimeout = requestTimeout
        self.mutants = mutants
        self.scenario = scenario
    }
}
