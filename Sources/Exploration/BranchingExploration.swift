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
/// run exactly up to the millisecond it reached one of its new states in, then drawing afresh from a
/// seed of its own (`BranchPoint`: the user's choices from that millisecond on, the user's reaction
/// to the new state among them, the network's answers, same-instant orders).
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

    /// A place to branch from: a run, the millisecond its future is drawn afresh from, and the
    /// key whose first reaching made it a place.
    struct Place: Sendable {
        let run: RunID
        let at: Int64
        let key: UInt64
    }

    /// How the slots of a round are shared out and places picked (measured side by side by
    /// `onboarding-bench branching`; `.standard` is what `explore --branching` runs).
    package struct Strategy: Sendable, Equatable, CustomStringConvertible {
        /// One slot in `branchEvery` is a branch (from the second round on).
        package var branchEvery = 2
        /// Pick a place among `rarityCandidates` drawn ones, the one whose key the fewest runs
        /// reached (AFL's favoured entries); 1 picks as drawn.
        package var rarityCandidates = 1
        /// One branch in `spliceEvery` draws its future from the seed another place's run drew
        /// its last future from (a splice: this run's past, that run's choices); 0 never.
        package var spliceEvery = 0
        /// How many milliseconds after the millisecond a new state was reached its place is: 0
        /// (the default: what the user and the app draw in that millisecond, such as whether the
        /// user interrupts a request just sent, is drawn afresh; measured the better of the two,
        /// docs/exploration.md), or 1 (the branch has reached the state for sure, and the user's
        /// first reaction to it is its parent's).
        package var after: Int64 = 0
        /// What a branch draws afresh: every stream (the default), or the free user's alone
        /// (`FreeUser.stream`) with every other draw its parent's, all of its draws from the
        /// place on or only the next few (one decision changed, the rest kept).
        package var redraw: Redraw = .everyStream

        /// What a branch draws afresh (`BranchPoint.stream`, `BranchPoint.draws`).
        package enum Redraw: Sendable, Equatable {
            case everyStream
            case usersFuture
            case usersNext(Int)

            /// `all`, `user`, or `user` and a count of the user's draws (`user1`), as
            /// `--branch-strategy` spells it.
            var code: String {
                switch self {
                case .everyStream: "all"
                case .usersFuture: "user"
                case .usersNext(let draws): "user\(draws)"
                }
            }

            init?(code: Substring) {
                switch code {
                case "all": self = .everyStream
                case "user": self = .usersFuture
                default:
                    guard code.hasPrefix("user"), let draws = Int(code.dropFirst(4)), (1...1000).contains(draws) else { return nil }
                    self = .usersNext(draws)
                }
            }
        }

        package static let standard = Strategy()

        package init(branchEvery: Int = 2, rarityCandidates: Int = 1, spliceEvery: Int = 0, after: Int64 = 0,
                     redraw: Redraw = .everyStream) {
            self.after = min(1, max(0, after))
            self.branchEvery = max(1, branchEvery)
            self.rarityCandidates = max(1, rarityCandidates)
            self.spliceEvery = max(0, spliceEvery)
            self.redraw = redraw
        }

        /// Reads `EVERY[:RARITY[:SPLICE[:AFTER[:REDRAW]]]]` (`explore --branch-strategy 4:3:2:0:user1`);
        /// nil for anything else.
        package init?(_ text: String) {
            var parts = text.split(separator: ":", omittingEmptySubsequences: false)
            var redraw = Redraw.everyStream
            if parts.count == 5 {
                guard let drawn = Redraw(code: parts.removeLast()) else { return nil }
                redraw = drawn
            }
            let numbers = parts.compactMap { Int($0) }
            guard (1...4).contains(parts.count), numbers.count == parts.count, (1...1000).contains(numbers[0]),
                  numbers.count < 2 || (1...1000).contains(numbers[1]), numbers.count < 3 || (0...1000).contains(numbers[2]),
                  numbers.count < 4 || (0...1).contains(numbers[3]) else { return nil }
            self.init(branchEvery: numbers[0], rarityCandidates: numbers.count > 1 ? numbers[1] : 1,
                      spliceEvery: numbers.count > 2 ? numbers[2] : 0, after: numbers.count > 3 ? Int64(numbers[3]) : 0,
                      redraw: redraw)
        }

        /// As `--branch-strategy` takes it, every part written: `4:3:2:0:all`.
        package var code: String { "\(branchEvery):\(rarityCandidates):\(spliceEvery):\(after):\(redraw.code)" }

        package var description: String {
            "branch 1 in \(branchEvery)" + (rarityCandidates > 1 ? ", rarest of \(rarityCandidates)" : "")
                + (spliceEvery > 0 ? ", splice 1 in \(spliceEvery)" : "") + (after == 0 ? "" : ", a millisecond after the state")
                + redrawDescription
        }

        private var redrawDescription: String {
            switch redraw {
            case .everyStream: ""
            case .usersFuture: ", the user's choices alone redrawn"
            case .usersNext(let draws): ", the user's next \(draws == 1 ? "draw" : "\(draws) draws") alone redrawn"
            }
        }

        /// A branch of `run` at `at` drawing from `seed`, redrawing what this strategy redraws.
        func branch(of run: RunID, at: Int64, seed: UInt64) -> RunID {
            switch redraw {
            case .everyStream: run.branching(at: at, seed: seed)
            case .usersFuture: run.branching(at: at, seed: seed, stream: FreeUser.stream)
            case .usersNext(let draws): run.branching(at: at, seed: seed, stream: FreeUser.stream, draws: draws)
            }
        }
    }

    /// The branching counterpart of `Explorer.explore`: `plan.seeds.count` runs, the same summary,
    /// kept failures and per-seed stream (runs in the order they were made).
    public static func explore(_ plan: ExplorationPlan, jobs: Int, keepFailures: Int, perSeed: InSeedOrder?,
                               progress: @escaping @Sendable (ExplorationProgress) -> Void) -> ExplorationOutcome {
        explore(plan, strategy: .standard, jobs: jobs, keepFailures: keepFailures, perSeed: perSeed, progress: progress)
    }

    package static func explore(_ plan: ExplorationPlan, strategy: Strategy, jobs: Int, keepFailures: Int, perSeed: InSeedOrder?,
                                progress: @escaping @Sendable (ExplorationProgress) -> Void) -> ExplorationOutcome {
        let jobs = max(1, jobs)
        let seeds = plan.seeds
        var summary = ExplorationSummary(watching: plan.budgets)
        var failures: [ExplorationRun] = []
        var corpus: [Place] = []
        // How many runs reached each key: looked up only, never iterated.
        var hits: [UInt64: Int32] = [:]
        var nextPlain = 0
        var done = 0, failed = 0, round = 0
        while done < seeds.count {
            let size = min(roundSize, seeds.count - done)
            let ids = slots(round: round, size: size, corpus: corpus, hits: hits, strategy: strategy,
                            seeds: seeds, nextPlain: &nextPlain)
            for (slot, (var run, reached)) in runRound(plan, ids: ids, jobs: jobs).enumerated() {
                var instants: [(at: Int64, key: UInt64)] = []
                for (key, time) in reached {
                    if let count = hits[key] {
                        hits[key] = count &+ 1 > 0 ? count &+ 1 : count
                        continue
                    }
                    if hits.count < keyLimit { hits[key] = 1 }
                    // The place is the new state's own millisecond (or one after it: `Strategy.after`).
                    let at = time.milliseconds + strategy.after
                    if instants.count < pointsPerRun, instants.last?.at != at, at > (run.branches.last?.at.milliseconds ?? 0) {
                        instants.append((at, key))
                    }
                }
                for (at, key) in instants {
                    let place = Place(run: run.id, at: at, key: key)
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
    static func slots(round: Int, size: Int, corpus: [Place], hits: [UInt64: Int32], strategy: Strategy,
                      seeds: ExplorationPlan.ShardSeeds, nextPlain: inout Int) -> [RunID] {
        var branchesMade = 0
        return (0..<size).map { slot in
            let pick = mix(UInt64(round) << 32 | UInt64(slot))
            if round > 0, !corpus.isEmpty, slot % strategy.branchEvery == strategy.branchEvery - 1 || nextPlain >= seeds.count {
                var place = corpus[placeIndex(pick, corpus: corpus)]
                var draw = pick
                for _ in 1..<strategy.rarityCandidates {
                    draw = mix(draw)
                    let other = corpus[placeIndex(draw, corpus: corpus)]
                    if hits[other.key, default: 0] < hits[place.key, default: 0] { place = other }
                }
                branchesMade += 1
                if strategy.spliceEvery > 0, branchesMade % strategy.spliceEvery == 0,
                   let donor = corpus[Int(mix(~pick) % UInt64(corpus.count))].run.branches.last {
                    return strategy.branch(of: place.run, at: place.at, seed: donor.seed)
                }
                return strategy.branch(of: place.run, at: place.at, seed: mix(pick ^ place.run.seed ^ UInt64(place.at)) >> 1)
            }
            // Plain seeds run out only if the corpus is empty too; then the seeds start over.
            defer { nextPlain += 1 }
            return RunID(seed: seeds[nextPlain % max(1, seeds.count)])
        }
    }

    /// Half the time one of the newest eighth of the corpus, else any.
    private static func placeIndex(_ pick: UInt64, corpus: [Place]) -> Int {
        let newest = max(1, corpus.count / 8)
        return pick & 1 == 0 ? corpus.count - 1 - Int((pick >> 1) % UInt64(newest))
                             : Int((pick >> 1) % UInt64(corpus.count))
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
