import SimKernel
import AppVocabulary
import Oracles

/// Plays a scenario's steps against the model, with the oracles watching, and checks its
/// expectations.
///
/// ```swift
/// let result = ScenarioRunner.run(scenario)
/// #expect(result.passed, "\(result.violations)")
/// ```
public enum ScenarioRunner {
    /// Runs `scenario` with its own seed (or `seed`), its own mutants plus `mutants`.
    ///
    /// A scenario that cannot run (see `Scenario.problems`: a zero time limit, a negative wait, a
    /// session without an account) is not run: its result fails with one `scenario` violation per
    /// problem, so a scenario built in code gets the same answer a file would.
    public static func run(_ scenario: Scenario, seed: UInt64? = nil, mutants extra: [Mutant] = []) -> ScenarioResult {
        judge(simulate(scenario, seed: seed, mutants: extra))
    }

    /// A scenario played and not yet judged: what `judge` needs. Running many seeds, simulate a
    /// few and then judge them: the oracles' code stays in the processor's caches from one run's
    /// judging to the next, instead of being pushed out by a simulation in between.
    public struct Played: Sendable {
        enum Stage: Sendable {
            /// The scenario cannot run (`Scenario.problems`): its result, nothing simulated.
            case refused(ScenarioResult)
            case simulated(SimulationResult, EndState)
        }
        let scenario: Scenario
        let seed: UInt64
        let mutants: MutantSet
        let stage: Stage
    }

    /// Plays `scenario` (as `run` does) without judging it.
    ///
    /// A scenario with `choices` plays them back; with `recordingChoices`, any other records every
    /// draw it makes (`SimulationResult.choices`: what `choices` replays).
    public static func simulate(_ scenario: Scenario, seed: UInt64? = nil, mutants extra: [Mutant] = [],
                                recordingChoices: Bool = false) -> Played {
        let mutants = MutantSet(scenario.mutants.members + extra)
        let seed = seed ?? scenario.seed
        let plugin = AppRegistry.plugin(for: scenario.app)
        let problems = plugin == nil ? [AppRegistry.unregistered(scenario.app, file: scenario.file)] : scenario.problems
        guard let plugin, problems.isEmpty else {
            return Played(scenario: scenario, seed: seed, mutants: mutants,
                          stage: .refused(refused(scenario, seed: seed, mutants: mutants, problems: problems)))
        }
        let tape = scenario.choices.map(ChoiceTapeMode.replay) ?? (recordingChoices ? .record : nil)
        let simulation = Simulation(seed: seed, strategy: scenario.strategy,
                                    limits: RunLimits(maxVirtualTime: scenario.maxVirtualTime), branches: scenario.branches,
                                    choices: tape)
        simulation.subject = scenario.file
        let capture = EndState()
        // Every app, bundled or not, builds its world through its plug-in.
        let start = AppStart(simulation: simulation, setup: scenario.setup, faults: scenario.faults,
                             requestTimeout: scenario.requestTimeout, mutants: mutants, roles: plugin.roles, scenario: scenario)
        let outcome = simulation.run("scenario") {
            let world = plugin.makeWorld(start)
            if let phone = scenario.setup.phoneContents { await world.setUpPhone(phone) }
            await world.prepare()
            if scenario.startsOffline { await world.network.setOnline(false) }
            for (number, step) in scenario.steps.enumerated() {
                // A run that reached a limit is torn down by cancelling this task: skip the steps left.
                if Task.isCancelled { break }
                await play(step, number: number, in: world, plugin: plugin, capture: capture, scenario: scenario)
            }
            try? await simulation.clock.sleep(for: scenario.settleAfterSteps, label: "settle after the last step")
            await capture.record(world, plugin: plugin, scenario: scenario)
        }
        return Played(scenario: scenario, seed: seed, mutants: mutants, stage: .simulated(outcome, capture))
    }

    /// Judges a played scenario: the oracles, its expectations, the kernel's problems, the metrics.
    public static func judge(_ played: Played) -> ScenarioResult {
        let outcome: SimulationResult, capture: EndState
        switch played.stage {
        case .refused(let result): return result
        case .simulated(let simulated, let state): (outcome, capture) = (simulated, state)
        }
        let scenario = played.scenario
        let observation = RunObservation(trace: outcome.trace, roles: AppRegistry.roles(of: scenario.app),
                                         timing: AppRegistry.timingTable(of: scenario.app))
        let forApp = AppRegistry.oracles(for: scenario.app)
        let oracles = scenario.expectations.oracles.map { names in forApp.filter { names.contains($0.name) } } ?? forApp
        var violations = OracleCatalogue.check(observation, oracles: oracles, settings: scenario.settings)
        violations += capture.refusals.map { ExpectationChecker.violation(for: $0, run: observation) }
        for checkpoint in capture.checkpoints {
            violations += ExpectationChecker.check(checkpoint.expectations, at: checkpoint.snapshot, step: checkpoint.step,
                                                   policyOutcome: capture.policyOutcome, run: observation)
        }
        violations += ExpectationChecker.check(scenario.expectations, at: capture.final, step: nil,
                                               policyOutcome: capture.policyOutcome, run: observation)
        violations += kernelProblems(outcome)
        let launches = LaunchMetrics.of(observation)
        var result = ScenarioResult(scenario: scenario, seed: played.seed, mutants: played.mutants, violations: violations,
                                    simulation: outcome, metrics: launches.first)
        result.launches = launches
        result.journey = JourneyMetrics.of(observation)
        result.coverage = RunCoverage.of(observation, table: AppRegistry.coverageTable(of: scenario.app))
        result.freeUserLogs = capture.freeUserLogs
        return result
    }

    /// The result of a scenario that cannot run: nothing simulated, a violation per problem.
    private static func refused(_ scenario: Scenario, seed: UInt64, mutants: MutantSet, problems: [ScenarioError]) -> ScenarioResult {
        let outcome = Simulation(seed: seed).run("invalid scenario") {}
        let violations = problems.map { problem in
            Violation(oracle: "scenario", at: .zero, message: "The scenario cannot run: \(problem.location): \(problem.message)"
                      + (problem.suggestion.map { " (\($0))" } ?? ""), excerpt: [])
        }
        return ScenarioResult(scenario: scenario, seed: seed, mutants: mutants, violations: violations,
                              simulation: outcome, metrics: nil)
    }

    private static func play(_ step: ScenarioStep, number: Int, in world: any AppWorld, plugin: any AppPlugin,
                             capture: EndState, scenario: Scenario) async {
        switch step {
        case .launch: await world.launchApp()
        case .kill: await world.killApp()
        case .background: await world.backgroundApp()
        case .foreground: await world.foregroundApp()
        case .reinstall: await world.reinstallApp()
        case .goOffline: await world.network.setOnline(false)
        case .goOnline: await world.network.setOnline(true)
        case .wait(let duration): try? await world.simulation.clock.sleep(for: duration, label: "scenario wait")
        case .untilIdle(let max): await untilIdle(world, max: max)
        case .action(let action, let input, let mayBeRefused):
            await perform(action, input: input, step: number, mayBeRefused: mayBeRefused, world: world, capture: capture)
        case .expect(let expectations):
            let snapshot = await Snapshot.take(world, plugin: plugin, email: capture.email(for: expectations, plugin: plugin, scenario: scenario))
            capture.checkpoints.append((number, expectations, snapshot))
        case .freeUser(let user):
            // The same person on every app: each app's screens have their own drive.
            guard let log = await AppRegistry.plugin(for: world.app)?.drive(user, in: world) else { return }
            capture.policy(email: user.email, outcome: log.outcome)
            capture.freeUserLogs.append(log)
        case .app(let own):
            await plugin.play(own, in: world, player: StepPlayer(number: number, capture: capture, world: world))
        }
    }

    /// Taps `action`; a tap the screen refuses is kept for the report unless the step allows it.
    static func perform(_ action: UserAction, input: String?, step: Int, mayBeRefused: Bool,
                                world: any AppWorld, capture: EndState) async {
        let screen = await world.currentScreen()
        guard await !world.perform(action, input: input), !mayBeRefused else { return }
        capture.refusals.append(Refusal(step: step, action: action, screen: screen,
                                        at: world.simulation.clock.now, traceIndex: world.simulation.trace.count - 1))
    }

    /// Polls every 250 ms until nothing is in flight and the screen stood still for a second.
    private static func untilIdle(_ world: any AppWorld, max: Duration) async {
        let clock = world.simulation.clock
        let deadline = clock.now.advanced(by: max)
        var lastScreen = await world.currentScreen()
        var stillFor = Duration.zero
        while clock.now < deadline {
            // Cancelled (the run reached a limit), a sleep returns at once without moving time:
            // keep polling and this loop would never end.
            do { try await clock.sleep(for: .milliseconds(250), label: "until idle") } catch { return }
            let screen = await world.currentScreen()
            let busy = await world.network.requestsInFlight > 0
            stillFor = (screen == lastScreen && !busy) ? stillFor + .milliseconds(250) : .zero
            lastScreen = screen
            if stillFor >= .seconds(1) { return }
        }
    }

    /// Which limit ended the run and what was still pending, in a sentence.
    private static func notSettled(_ outcome: SimulationResult) -> String {
        let pending = outcome.pending.lines
        let shown = pending.prefix(3).joined(separator: "; ") + (pending.count > 3 ? "; and \(pending.count - 3) more" : "")
        switch outcome.outcome {
        case .limitReached(.virtualTime):
            return "it reached its virtual-time limit (limits.virtualTime) with \(shown) pending; raise the limit or end the steps sooner"
        case .limitReached(.jobs):
            return "it reached its limit of \(outcome.jobsRun) jobs with \(shown) pending; something loops without waiting"
        case .deadlock:
            return "a deadlock: nothing in it could move, with \(shown) pending. " + Self.waitOutsideTheRun
        default:
            return "\(outcome.outcome) with \(shown) pending"
        }
    }

    /// What leaves a run waiting for good, or brings work back from another thread, and the fix.
    static let waitOutsideTheRun = "A wait on something outside the run comes back late or never: a continuation resumed by "
        + "DispatchQueue.asyncAfter, a Timer, a URLSession or another thread's callback. Wait on the clock the app was given, "
        + "or on Task.sleep, ContinuousClock or SuspendingClock (all follow the run's virtual time), and send requests "  // determinism: ok (a message that names it)
        + "through the HTTP client the app was given (docs/your-app.md, \"Time and waits\")"

    private static func kernelProblems(_ outcome: SimulationResult) -> [Violation] {
        var problems: [Violation] = []
        if outcome.outcome != .completed {
            problems.append(Violation(oracle: "kernel", at: outcome.virtualTime,
                                      message: "The run did not settle: \(notSettled(outcome)).",
                                      excerpt: outcome.report.split(separator: "\n").map(String.init)))
        }
        if !outcome.strandedTasks.isEmpty {
            problems.append(Violation(oracle: "kernel", at: outcome.virtualTime,
                                      message: "Task(s) \(outcome.strandedTasks.joined(separator: ", ")) kept waiting after they were cancelled and were stopped: a loop around a wait must end when the wait throws.",
                                      excerpt: []))
        }
        if outcome.foreignEnqueues > 0 {
            problems.append(Violation(oracle: "kernel", at: outcome.virtualTime,
                                      message: "\(outcome.foreignEnqueues) job(s) arrived from other threads: the run is not deterministic. "
                                        + Self.waitOutsideTheRun,
                                      excerpt: []))
        }
        return problems
    }
}

/// What the world looked like when the steps were done, at each `expect` step, and the taps the
/// screen refused: what expectations are checked against.
final class EndState: @unchecked Sendable {
    // Written inside the simulation, read after it; the run's end orders the two.
    var final = Snapshot()
    var checkpoints: [(step: Int, expectations: Expectations, snapshot: Snapshot)] = []
    var refusals: [Refusal] = []
    var policyEmail: String?
    var policyOutcome: DriveOutcome?
    /// What each free-user step chose, in order.
    var freeUserLogs: [FreeUserLog] = []

    func policy(email: String, outcome: DriveOutcome) {
        policyEmail = email
        policyOutcome = outcome
    }

    /// Whose backend state `expectations` judge: the email they name, the user policy's, or the first account's.
    func email(for expectations: Expectations, plugin: any AppPlugin, scenario: Scenario) -> String? {
        expectations.backend?.email ?? policyEmail ?? plugin.firstAccount(of: scenario)
    }

    func record(_ world: any AppWorld, plugin: any AppPlugin, scenario: Scenario) async {
        final = await Snapshot.take(world, plugin: plugin, email: email(for: scenario.expectations, plugin: plugin, scenario: scenario))
    }
}

/// The screen and one account's backend state at one moment, and how much of the trace came before.
struct Snapshot: Sendable {
    var screen = ScreenState.notRunning
    /// The account's state on the backend (`AppPlugin.account`), for `expect.backend`.
    var account: AccountState?
    /// The facts of an account the app declares (`AppPlugin.backendFacts`), for the messages.
    var backendFacts: [BackendFact] = []
    /// Events with a trace index below this happened before the moment.
    var traceCount = 0
    var time = SimulationInstant.zero

    static func take(_ world: any AppWorld, plugin: any AppPlugin, email: String?) async -> Snapshot {
        var snapshot = Snapshot()
        snapshot.screen = await world.currentScreen()
        snapshot.traceCount = world.simulation.trace.count
        snapshot.time = world.simulation.clock.now
        guard let email else { return snapshot }
        snapshot.account = await plugin.account(email, in: world)
        snapshot.backendFacts = plugin.backendFacts
        return snapshot
    }
}

/// A step's tap that the screen did not offer.
struct Refusal: Sendable {
    let step: Int
    let action: UserAction
    /// The screen the tap landed on.
    let screen: ScreenState
    let at: SimulationInstant
    /// The trace entry recording the refusal.
    let traceIndex: Int
}
