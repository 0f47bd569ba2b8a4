import Foundation
import Synchronization
import SimKernel
import AppVocabulary
import Oracles
import Scenarios

/// Coverage-guided exploration, an experiment kept out of the command line because it does not
/// reliably help (`onboarding-bench guided` measures it; docs/exploration.md has the numbers):
/// rounds of runs, the first of plain seeds,
/// each later one half plain seeds and half children of runs that reached a coverage pair no
/// earlier run had. A child keeps its parent's knobs (persona world, swarm faults, the user's
/// profile) and runs under a seed of its own, so its choices, answers and same-instant orderings
/// differ. Parents come only from earlier rounds, so the runs are the same for any number of
/// workers; a round's runs are independent and run in parallel. Memory stays flat: a round, the
/// parents (at most one per coverage pair) and the summary.
///
/// Against plain seeds, runs to find the whole catalogue went from −40% to +8% over four
/// measurements as the model and the user changed.
public enum GuidedExploration {
    /// Runs per round: parents found in a round guide the next.
    public static let roundSize = 100

    /// The guided counterpart of `Explorer.explore`: `plan.seedCount` runs, the same summary,
    /// kept failures and per-seed stream.
    public static func explore(_ plan: ExplorationPlan, jobs: Int, keepFailures: Int, perSeed: InSeedOrder?,
                               progress: @escaping @Sendable (ExplorationProgress) -> Void) -> ExplorationOutcome {
        let jobs = max(1, jobs)
        var summary = ExplorationSummary()
        var failures: [ExplorationRun] = []
        var parents: [UInt64] = []
        var nextPlain = plan.firstSeed
        var done = 0, failed = 0
        var round = 0
        while done < plan.seedCount {
            let slots = self.slots(round: round, size: min(roundSize, plan.seedCount - done), parents: parents, nextPlain: &nextPlain)
            let runs = runRound(plan, slots: slots, jobs: jobs)
            for var run in runs {
                // The summary's coverage is the union so far: a run that adds a pair is a parent.
                let reached = summary.coverage.reachedCount
                run.result.releaseTraceEntries()
                perSeed?.take(run, at: done)
                summary.add(run)
                if summary.coverage.reachedCount != reached { parents.append(run.parent ?? run.seed) }
                if !run.result.passed && failures.count < keepFailures { failures.append(run) }
                if !run.result.passed { failed += 1 }
                done += 1
                progress(ExplorationProgress(done: done, total: plan.seedCount, failed: failed))
            }
            round += 1
        }
        return ExplorationOutcome(summary: summary, failures: failures)
    }

    /// The seeds of a round: plain seeds, and from the second round on every other slot a child
    /// of a parent picked by the round and slot.
    static func slots(round: Int, size: Int, parents: [UInt64], nextPlain: inout UInt64) -> [(seed: UInt64, parent: UInt64?)] {
        (0..<size).map { slot in
            if round > 0, !parents.isEmpty, slot % 2 == 1 {
                let parent = parents[Int(mix(UInt64(round) << 32 | UInt64(slot)) % UInt64(parents.count))]
                return (childSeed(of: parent, round: round, slot: slot), parent)
            }
            defer { nextPlain &+= 1 }
            return (nextPlain, nil)
        }
    }

    /// Runs a round's slots on `jobs` workers; the runs come back in slot order.
    private static func runRound(_ plan: ExplorationPlan, slots: [(seed: UInt64, parent: UInt64?)], jobs: Int) -> [ExplorationRun] {
        let results = Mutex<[ExplorationRun?]>(Array(repeating: nil, count: slots.count))
        let next = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard position < slots.count else { return }
                let run = self.run(plan, seed: slots[position].seed, parent: slots[position].parent)
                results.withLock { $0[position] = run }
            }
        }
        if jobs == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: jobs, execute: work) }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// A plain seed's run, or a child's: its parent's scenario under its own seed.
    public static func run(_ plan: ExplorationPlan, seed: UInt64, parent: UInt64?) -> ExplorationRun {
        guard let parent else { return Explorer.explore(plan, seed: seed) }
        let target = plan.target(for: parent)
        let (scenario, swarm) = self.scenario(target, seed: seed, parent: parent, user: plan.user)
        let result = ScenarioRunner.run(scenario, seed: seed, mutants: plan.mutants)
        return ExplorationRun(target: target.name, seed: seed, swarm: swarm, result: result, parent: parent)
    }

    /// The scenario of a child: `parent`'s, with `seed` as its seed and its free user drawing
    /// the parent's profile.
    public static func scenario(_ target: ExplorationTarget, seed: UInt64, parent: UInt64, user: UserDriver) -> (Scenario, Swarm) {
        var (scenario, swarm) = target.scenario(seed: parent, user: user)
        scenario.seed = seed
        scenario.steps = scenario.steps.map { step in
            guard case .freeUser(var user) = step else { return step }
            user.profileSeed = parent
            return .freeUser(user)
        }
        swarm.noteParent(parent)
        return (scenario, swarm)
    }

    /// A child's seed: apart from every plain seed (top bit set), fixed by parent, round and slot.
    static func childSeed(of parent: UInt64, round: Int, slot: Int) -> UInt64 {
        mix(parent ^ UInt64(round) << 40 ^ UInt64(slot)) | 1 << 63
    }

    /// SplitMix64's finaliser: a derived seed or choice that depends on every bit of its input.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
