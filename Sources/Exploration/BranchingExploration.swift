import Foundation
import Synchronization
import SimKernel
import AppVocabulary
import Oracles
import Scenarios

/// Branching exploration: new runs are futures of runs that reached something new, from the
/// instant they reached it, instead of new runs from the start.
///
/// Rounds of runs. The first round is plain seeds. After each run, what it reached that no earlier
/// run had (`ReachedStates`: a change of what the user saw, an action, a fault or a lifecycle
/// event on a state) marks up to `pointsPerRun` instants of it as places to branch from, kept in a
/// corpus. In later rounds every other slot is a plain seed and the rest are branches: a parent's
/// run exactly up to a millisecond after one of its new states, then drawing afresh from a seed of
/// its own (`BranchPoint`: the user's next choices, the network's answers, same-instant orders).
/// A chain of ordinary steps that plain seeds meet once in thousands of runs needs each step met
/// once from where the last one left off.
///
/// Deterministic for any number of workers: parents come only from earlier rounds and a round's
/// runs are added in slot order. A shard (`--shard I/N`) explores its own seeds with its own corpus.
/// Memory is bounded: the corpus holds at most `corpusLimit` places and the keys seen at most
/// `keyLimit`.
public enum BranchingExploration {
    /// Runs per round: places found in a round are branched from in the next.
    public static let roundSize = 100
    /// How many places one run adds to the corpus at most (its first new instants).
    static let pointsPerRun = 3
    static let corpusLimit = 8192
    static let keyLimit = 1 << 20

    /// A place to branch from: a run, and the millisecond its future is drawn afresh from.
    struct Place: Sendable {
        let run: RunID
        let at: Int64
    }

    /// The branching counterpart of `Explorer.explore`: `plan.seeds.count` runs, the same summary,
    /// kept failures and per-seed stream (runs in the order they were made).
    public static func explore(_ plan: ExplorationPlan, jobs: Int, keepFailures: Int, perSeed: InSeedOrder?,
                               progress: @escaping @Sendable (ExplorationProgress) -> Void) -> ExplorationOutcome {
        let jobs = max(1, jobs)
        let seeds = plan.seeds
        var summary = ExplorationSummary(watching: plan.budgets)
        var failures: [ExplorationRun] = []
        var corpus: [Place] = []
        var seen = Set<UInt64>()  // membership only, never iterated
        var nextPlain = 0
        var done = 0, failed = 0, round = 0
        while done < seeds.count {
            let size = min(roundSize, seeds.count - done)
            let ids = slots(round: round, size: size, corpus: corpus, seeds: seeds, nextPlain: &nextPlain)
            for (slot, (var run, reached)) in runRound(plan, ids: ids, jobs: jobs).enumerated() {
                var instants: [Int64] = []
                for (key, time) in reached where !seen.contains(key) {
                    if seen.count < keyLimit { seen.insert(key) }
                    // The place is a millisecond after the new state: the run has reached it for sure.
                    let at = time.milliseconds + 1
                    if instants.count < pointsPerRun, instants.last != at, at > (run.branches.last?.at.milliseconds ?? 0) {
                        instants.append(at)
                    }
                }
                for at in instants {
                    let place = Place(run: run.id, at: at)
                    if corpus.count < corpusLimit {
                        corpus.append(place)
                    } else {
                        corpus[Int(mix(UInt64(round) << 32 | UInt64(slot) << 8 | UInt64(at & 0xFF)) % UInt64(corpusLimit))] = place
                    }
                }
                run.result.releaseTraceEntries()
                perSeed?.take(run, at: done)
                summary.add(run)
                if !run.result.passed {
                    failed += 1
                    if failures.count < keepFailures { failures.append(run) }
                }
                done += 1
                progress(ExplorationProgress(done: done, total: seeds.count, failed: failed))
            }
            round += 1
        }
        return ExplorationOutcome(summary: summary, failures: failures)
    }

    /// The runs of a round: plain seeds in order, and from the second round on every other slot
    /// a branch of a place picked by the round and slot (half the time among the newest eighth of
    /// the corpus: what was reached last is where the chains go on).
    static func slots(round: Int, size: Int, corpus: [Place], seeds: ExplorationPlan.ShardSeeds,
                      nextPlain: inout Int) -> [RunID] {
        (0..<size).map { slot in
            let pick = mix(UInt64(round) << 32 | UInt64(slot))
            if round > 0, !corpus.isEmpty, slot % 2 != 0 || nextPlain >= seeds.count {
                let newest = max(1, corpus.count / 8)
                let index = pick & 1 == 0 ? corpus.count - 1 - Int((pick >> 1) % UInt64(newest))
                                          : Int((pick >> 1) % UInt64(corpus.count))
                let place = corpus[index]
                return place.run.branching(at: place.at, seed: mix(pick ^ place.run.seed ^ UInt64(place.at)) >> 1)
            }
            // Plain seeds run out only if the corpus is empty too; then the seeds start over.
            defer { nextPlain += 1 }
            return RunID(seed: seeds[nextPlain % max(1, seeds.count)])
        }
    }

    /// Runs a round on `jobs` workers: each run with what it reached, in slot order.
    private static func runRound(_ plan: ExplorationPlan, ids: [RunID], jobs: Int)
        -> [(ExplorationRun, [(key: UInt64, time: SimulationInstant)])] {
        let results = Mutex<[(ExplorationRun, [(key: UInt64, time: SimulationInstant)])?]>(Array(repeating: nil, count: ids.count))
        let next = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard position < ids.count else { return }
                let run = Explorer.explore(plan, run: ids[position])
                let app = run.result.scenario.app
                let observation = RunObservation(trace: run.result.simulation.trace, roles: AppRegistry.roles(of: app),
                                                 timing: AppRegistry.timingTable(of: app))
                let reached = ReachedStates.of(observation)
                results.withLock { $0[position] = (run, reached) }
            }
        }
        if jobs == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: min(jobs, ids.count), execute: work) }
        return results.withLock { $0.compactMap { $0 } }
    }

    static func mix(_ value: UInt64) -> UInt64 { ReachedStates.mix(value) }
}
