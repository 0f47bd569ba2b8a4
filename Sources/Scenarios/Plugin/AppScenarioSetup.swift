import SimKernel
import AppVocabulary

/// An app's own sections of its scenario files, `device` (the phone) and `backend` (the accounts
/// and what the server knows): how they are checked, read, written back, shrunk, run under a swarm,
/// and described to an editor. Part of `AppPlugin`; every requirement has a default: any section is
/// accepted and kept as written, `device.online` (the key every app's phone has) is read, and
/// `device.phone` (what is in its defaults and keychain, `AppSetup.phoneContents`) is checked.
public protocol AppScenarioSetup: Sendable {
    /// Checks the scenario's `device` and `backend` sections: every problem with its JSON path.
    /// By default any section is accepted.
    func checkSetup(_ setup: AppSetup) -> [AppSetupProblem]
    /// Reads the scenario's `device` and `backend` sections into `scenario`: every problem with
    /// its JSON path. By default the sections are kept as written (`scenario.setup`), `device.online`
    /// is read, `device.phone` is checked, and `checkSetup` judges the rest.
    func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem]
    /// The sections as a scenario file writes them (`shrink` writes its smallest failing run):
    /// what `decodeSetup` reads back to the same scenario. By default `scenario.setup`.
    func encodeSetup(of scenario: Scenario) -> AppSetup
    /// What else is wrong with `scenario` for this app (its own sections, read into
    /// `Scenario.ownSetup`): each problem with its JSON path. By default nothing.
    func problems(of scenario: Scenario) -> [AppSetupProblem]
    /// Simpler versions of `scenario` in its own sections, one change each, biggest first: what
    /// `shrink` tries besides the faults and steps (settings left at the app's default). By
    /// default none (a plug-in's `device` and `backend` keys are tried one by one anyway).
    func simplifications(of scenario: Scenario) -> [Scenario]
    /// A scenario file's own run of `seed` in an exploration: its steps, with the seed's swarm
    /// applied. By default `scenario.explored(seed:swarm:)` (the swarm's faults and its knobs of
    /// the `device` and `backend` sections); an app with a typed world of its own
    /// (`Scenario.ownSetup`) puts the swarm's knobs into it too.
    func explored(_ scenario: Scenario, seed: UInt64, swarm: Swarm) -> Scenario
    /// Its own part of its files' JSON Schema (`AppSchema`): the `device` and `backend` sections,
    /// the definitions they use, the value each of its own steps takes. `schema --app` prints it
    /// with every app's part. By default any `device` and `backend` object, any step value.
    var scenarioSchema: AppSchema { get }
}

extension AppScenarioSetup where Self: AppPlugin {
    public func checkSetup(_ setup: AppSetup) -> [AppSetupProblem] { [] }

    public func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem] {
        scenario.setup = setup
        let context = DecodingContext(file: scenario.file)
        if case .object(let members)? = setup.device, let online = members.first(where: { $0.key == "online" }) {
            scenario.startsOffline = !(context.bool(online.value, at: "$.device.online") ?? true)
        }
        setup.phoneProblems(for: self, context: context)
        // A place reported here is not reported again by `checkSetup`.
        let reported = context.reportedLocations
        return context.setupProblems + checkSetup(setup).filter { !reported.contains($0.path) }
    }

    public func encodeSetup(of scenario: Scenario) -> AppSetup { scenario.setup }
    public func problems(of scenario: Scenario) -> [AppSetupProblem] { [] }
    public func simplifications(of scenario: Scenario) -> [Scenario] { [] }
    public func explored(_ scenario: Scenario, seed: UInt64, swarm: Swarm) -> Scenario {
        scenario.explored(seed: seed, swarm: swarm)
    }
    public var scenarioSchema: AppSchema { AppSchema() }
}
