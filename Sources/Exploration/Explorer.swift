import Foundation
import Synchronization
import SimKernel
import AppVocabulary
import Oracles
import Scenarios

/// What the explorer varies: a persona of an app (`AppPlugin.personas`), or a scenario file.
public enum ExplorationTarget: Sendable {
    case scenario(Scenario)
    /// A persona of `app`, as its plug-in lists it (`AppPlugin.personas`).
    case appPersona(AppID, AppPersona)

    public var name: String {
        switch self {
        case .scenario(let scenario): scenario.file
        case .appPersona(_, let persona): persona.name
        }
    }

    /// The app the target runs.
    public var app: AppID {
        switch self {
        case .scenario(let scenario): scenario.app
        case .appPersona(let app, _): app
        }
    }

    /// The scenario this target runs for `seed`, with the swarm its app draws for the seed
    /// (`AppPlugin.swarm(seed:)`): the persona's (`AppPlugin.scenario(of:seed:swarm:user:)`),
    /// driven by `user`, or the file's (its own steps) with the swarm's faults and knobs added and
    /// seeded same-instant ordering.
    public func scenario(seed: UInt64, user: UserDriver = .standard) -> (Scenario, Swarm) {
        switch self {
        case .scenario(let scenario):
            let swarm = Swarm.draw(seed: seed, app: scenario.app)
            var explored = AppRegistry.plugin(for: scenario.app)?.explored(scenario, seed: seed, swarm: swarm)
                ?? scenario.explored(seed: seed, swarm: swarm)
            // A file kept with its choices pins one run; explored under a seed, it draws the seed's.
            explored.choices = nil
            return (explored, swarm)
        case .appPersona(let app, let persona):
            var swarm = Swarm.draw(seed: seed, app: app)
            let scenario = AppRegistry.plugin(for: app)?.scenario(of: persona, seed: seed, swarm: &swarm, user: user)
                ?? Scenario.explored(persona, app: app, seed: seed, swarm: &swarm, user: user)
            return (scenario, swarm)
        }
    }
}

/// Which seeds to explore, how to split them, and what to switch on.
public struct ExplorationPlan: Sendable {
    public var targets: [ExplorationTarget]
    public var firstSeed: UInt64
    public var seedCount: Int
    /// Shard `index` (1-based) of `count`: the seeds whose offset from `firstSeed` is `index - 1` modulo `count`.
    public var shard: (index: Int, count: Int)
    public var mutants: [Mutant]
    /// Who drives the personas.
    public var user: UserDriver
    /// Coverage-guided (`GuidedExploration`, an experiment): `seedCount` runs in rounds, half of
    /// them derived from the knobs of runs that reached new coverage. Shards are ignored.
    public var guided = false
    /// Branching exploration (`BranchingExploration`): `seedCount` runs in rounds, most of them
    /// futures of earlier runs from the instant those reached a state no run had reached before.
    /// A shard runs a corpus of its own over its own seeds.
    public var branching = false
    /// How branching shares out a round's slots and picks places (`explore --branch-strategy`).
    package var branchStrategy: BranchingExploration.Strategy = .standard
    /// Violations accepted for now (`explore --known FILE`): they do not fail their runs and are
    /// counted by entry instead.
    public var known: KnownViolations = .none
    /// The budgets whose limits the summary watches: which runs go over each, with which knobs.
    public var budgets: TimingBudgets = .empty
    /// Whether explored scenario files are also judged by their own expectations (`expect`, and
    /// their `expect.budgets`), which were written for the faults the file names; by default only
    /// the oracles judge them.
    public var keepsScenarioExpectations = false
    /// Whether each run records every draw it makes (`SimulationResult.choices`): what `replay -o`
    /// writes into the file that plays the run back from its choices.
    public var recordsChoices = false

    public init(targets: [ExplorationTarget], firstSeed: UInt64 = 1, seedCount: Int,
                shard: (index: Int, count: Int) = (1, 1), mutants: [Mutant] = [], user: UserDriver = .standard) {
        self.user = user
        self.targets = targets
        self.firstSeed = firstSeed
        self.seedCount = seedCount
        self.shard = shard
        self.mutants = mutants
    }

    /// Whether the plan can run: a target, a shard index in `1...count`, a seed count that is not
    /// negative. A plan that cannot has no seeds (the command line refuses such plans first).
    public var isRunnable: Bool {
        !targets.isEmpty && shard.count >= 1 && (1...shard.count).contains(shard.index) && seedCount >= 0
    }

    /// The seeds of this shard, in order, computed as they are read: a plan of ten million seeds
    /// holds no list of them.
    public var seeds: ShardSeeds {
        guard isRunnable, shard.index - 1 < seedCount else { return ShardSeeds(first: firstSeed, step: 1, count: 0) }
        return ShardSeeds(first: firstSeed &+ UInt64(shard.index - 1), step: UInt64(shard.count),
                          // index ≤ seedCount here, so nothing overflows, however many shards.
                          count: (seedCount - shard.index) / shard.count + 1)
    }

    /// The seeds `first`, `first + step`, … (`count` of them, wrapping past the largest seed).
    public struct ShardSeeds: RandomAccessCollection, Sendable {
        let first: UInt64
        let step: UInt64
        public let count: Int

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }
        public subscript(position: Int) -> UInt64 { first &+ UInt64(position) &* step }
    }

    /// Seed `seed` runs this target.
    public func target(for seed: UInt64) -> ExplorationTarget {
        targets[Int(seed % UInt64(targets.count))]
    }
}

/// One explored run: which target and seed, the swarm it drew, and the result.
public struct ExplorationRun: Sendable {
    public let target: String
    public let seed: UInt64
    public let swarm: Swarm
    public internal(set) var result: ScenarioResult
    /// The seed whose knobs this run kept (coverage-guided exploration), or nil.
    public internal(set) var parent: UInt64? = nil
    /// Where the run drew afresh (branching exploration): empty for a plain seed's run.
    public internal(set) var branches: [BranchPoint] = []
    /// The entry of the plan's known violations (`ExplorationPlan.known`) that accepted each of
    /// the run's known violations (`result.known`), in order.
    public internal(set) var knownEntries: [Int] = []

    /// The run's name: its seed, with its branch points (`RunID`).
    public var id: RunID { RunID(seed: seed, branches: branches) }
}

/// What an exploration keeps: the summary of every run and the first failing runs in full.
public struct ExplorationOutcome: Sendable {
    public var summary: ExplorationSummary
    /// The failing runs of the lowest seeds (in seed order), at most the number asked for; the
    /// rest are counted in `summary` only.
    public var failures: [ExplorationRun]

    public init(summary: ExplorationSummary, failures: [ExplorationRun]) {
        self.summary = summary
        self.failures = failures
    }
}

/// Runs many seeds, on one or more workers; the results are the same for any number of workers.
public enum Explorer {
    /// How many failing runs `explore` keeps in full unless told otherwise.
    public static let defaultKeptFailures = 100

    /// Explores `plan` with `jobs` workers, each driving its own simulations on its own thread,
    /// and keeps only the summary and the first `keepFailures` failing runs: memory stays flat
    /// however many seeds there are. `progress` is called (from any worker) after each run with
    /// the runs done and failed so far; `perSeed`, when given, is handed every run in seed order.
    public static func explore(_ plan: ExplorationPlan, jobs: Int = 1, keepFailures: Int = defaultKeptFailures,
                               perSeed: InSeedOrder? = nil,
                               progress: @escaping @Sendable (ExplorationProgress) -> Void = { _ in }) -> ExplorationOutcome {
        // No more workers than seeds: an idle worker only holds memory.
        let jobs = min(max(1, jobs), max(1, plan.seeds.count)), keepFailures = max(0, keepFailures)
        if plan.branching {
            return BranchingExploration.explore(plan, strategy: plan.branchStrategy, jobs: jobs, keepFailures: keepFailures,
                                                perSeed: perSeed, progress: progress)
        }
        if plan.guided {
            return GuidedExploration.explore(plan, jobs: jobs, keepFailures: keepFailures, perSeed: perSeed, progress: progress)
        }
        let seeds = plan.seeds
        let parts = Mutex<[WorkerPart?]>(Array(repeating: nil, count: jobs))
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { worker in
            var part = WorkerPart(summary: ExplorationSummary(watching: plan.budgets))
            while true {
                // A batch of seeds is played, then judged: the oracles' code stays in the caches
                // from one run's judging to the next (judging in between simulations costs more).
                let first = next.wrappingAdd(batchSize, ordering: .relaxed).oldValue
                guard first < seeds.count else { break }
                let positions = first..<min(first + batchSize, seeds.count)
                let played = positions.map { play(plan, seed: seeds[$0]) }
                for (position, seed) in zip(positions, played) {
                    // A run of many seeds keeps each trace's hash, not its entries: memory stays
                    // flat (`replay` brings them back); a batch's traces go with the batch.
                    var run = judge(plan, seed)
                    run.result.releaseTraceEntries()
                    perSeed?.take(run, at: position)
                    part.summary.add(run)
                    // A worker takes positions in increasing order, so its first failures are its lowest.
                    if !run.result.passed && part.failures.count < keepFailures { part.failures.append((position, run)) }
                    let failedSoFar = run.result.passed ? failed.load(ordering: .relaxed) : failed.wrappingAdd(1, ordering: .relaxed).newValue
                    progress(ExplorationProgress(done: done.wrappingAdd(1, ordering: .relaxed).newValue, total: seeds.count, failed: failedSoFar))
                }
            }
            var finished = Optional(consume part)
            parts.withLock { $0[worker] = finished.take() }
        }
        if jobs == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: jobs, execute: work)
        }
        // The first worker's summary takes in the others' (in any order: adding up does not
        // depend on it), each dropped once added, so no third copy of the timing is ever held.
        var finished = parts.withLock { parts in
            defer { parts = [] }
            return parts.compactMap { $0 }
        }
        var summary: ExplorationSummary?
        var failures: [(position: Int, run: ExplorationRun)] = []
        while let part = finished.popLast() {
            if summary == nil { summary = part.summary } else { summary!.merge(part.summary) }
            failures += part.failures
        }
        failures.sort { $0.position < $1.position }
        return ExplorationOutcome(summary: summary ?? ExplorationSummary(watching: plan.budgets),
                                  failures: failures.prefix(keepFailures).map(\.run))
    }

    /// What one worker adds up: its summary and its lowest failing runs with their positions.
    private struct WorkerPart: Sendable {
        var summary: ExplorationSummary
        var failures: [(position: Int, run: ExplorationRun)] = []
    }

    /// Every run of `plan`, in seed order, for small plans (tests, tools): it keeps each run, so
    /// memory grows with the seeds. `explore` keeps a summary instead.
    public static func run(_ plan: ExplorationPlan, jobs: Int = 1) -> [ExplorationRun] {
        let runs = Mutex<[ExplorationRun]>([])
        _ = explore(plan, jobs: jobs, keepFailures: 0, perSeed: InSeedOrder { run in runs.withLock { $0.append(run) } })
        return runs.withLock { $0 }
    }

    /// One seed of the plan.
    public static func explore(_ plan: ExplorationPlan, seed: UInt64) -> ExplorationRun {
        judge(plan, play(plan, seed: seed))
    }

    /// One run of the plan by its name: a seed's, or a branch's (`RunID`).
    public static func explore(_ plan: ExplorationPlan, run id: RunID) -> ExplorationRun {
        judge(plan, play(plan, seed: id.seed, branches: id.branches))
    }

    /// How many seeds a worker plays before it judges them.
    static let batchSize = 32

    /// A seed played and not yet judged.
    struct PlayedSeed {
        let target: ExplorationTarget
        let seed: UInt64
        let swarm: Swarm
        let played: ScenarioRunner.Played
        var branches: [BranchPoint] = []
    }

    /// Plays seed `seed` of `plan`: its target's scenario with the seed's swarm, not yet judged.
    static func play(_ plan: ExplorationPlan, seed: UInt64, branches: [BranchPoint] = []) -> PlayedSeed {
        let target = plan.target(for: seed)
        var (scenario, swarm) = target.scenario(seed: seed, user: plan.user)
        scenario.branches = branches
        // A file's own budgets are expectations written for its own faults, like its `expect`s.
        if case .scenario = target, !plan.keepsScenarioExpectations { scenario.settings.budgets = Budgets() }
        return PlayedSeed(target: target, seed: seed, swarm: swarm,
                          played: ScenarioRunner.simulate(scenario, seed: seed, mutants: plan.mutants, recordingChoices: plan.recordsChoices),
                          branches: branches)
    }

    /// Judges a played seed.
    static func judge(_ plan: ExplorationPlan, _ seed: PlayedSeed) -> ExplorationRun {
        var result = ScenarioRunner.judge(seed.played)
        if case .scenario = seed.target, !plan.keepsScenarioExpectations { result = result.keepingOraclesOnly() }
        var knownEntries: [Int] = []
        if !plan.known.isEmpty, !result.violations.isEmpty {
            let name = seed.target.name
            result = result.settingAside { violation in
                guard let entry = plan.known.entry(accepting: violation.oracle, target: name, seed: seed.seed) else { return false }
                knownEntries.append(entry)
                return true
            }
        }
        var run = ExplorationRun(target: seed.target.name, seed: seed.seed, swarm: seed.swarm, result: result,
                                 branches: seed.branches)
        run.knownEntries = knownEntries
        return run
    }
}

/// Hands each run of an exploration to `body` in seed order, whichever worker finished it first.
///
/// Runs that finish early wait here until the ones before them are done; the workers take seeds
/// in order, so only a few wait at a time.
public final class InSeedOrder: Sendable {
    private let body: @Sendable (ExplorationRun) -> Void
    private let state = Mutex<(next: Int, waiting: [Int: ExplorationRun])>((0, [:]))  // looked up by position, never iterated

    public init(_ body: @escaping @Sendable (ExplorationRun) -> Void) { self.body = body }

    /// Hands `run` over as the run at `position` (0, 1, 2, … in the order the body sees them).
    public func take(_ run: ExplorationRun, at position: Int) {
        state.withLock { state in
            state.waiting[position] = run
            while let ready = state.waiting.removeValue(forKey: state.next) {
                body(ready)
                state.next += 1
            }
        }
    }
}

/// How far an exploration has got: runs done of the total, and how many of them failed.
public struct ExplorationProgress: Sendable, Equatable {
    public let done: Int
    public let total: Int
    public let failed: Int

    public init(done: Int, total: Int, failed: Int) {
        self.done = done
        self.total = total
        self.failed = failed
    }
}
