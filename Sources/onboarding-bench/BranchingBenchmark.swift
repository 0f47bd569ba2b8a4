import Synchronization
import Scenarios
import Exploration
import AppVocabulary

/// Does branching find bugs in fewer runs than plain seeds (issue #65)? For every catalogue id
/// of every app, with the free user, from three starting seeds: the runs until the first failing
/// one, plain seeds against `explore --branching`, within the same budget; then per app the ids
/// found, the median runs to the first failure, and the ids each way found sooner.
struct BranchingBenchmark {
    var budget = 1000
    var jobs = 2
    /// Three starting points, so that one lucky sequence does not decide.
    var firstSeeds: [UInt64] = [1, 100_001, 200_001]

    func run() {
        for app in AppRegistry.apps {
            guard let plugin = AppRegistry.plugin(for: app) else { continue }
            let personas = plugin.personas.map { ExplorationTarget.appPersona(app, $0) }
            var plain: [Int?] = [], branching: [Int?] = []
            for first in firstSeeds {
                for entry in plugin.catalogue {
                    var plan = ExplorationPlan(targets: personas, firstSeed: first, seedCount: budget, mutants: [entry.mutant])
                    let plainFirst = firstFailure(plan)
                    plan.branching = true
                    let branchingFirst = firstFailure(plan)
                    plain.append(plainFirst)
                    branching.append(branchingFirst)
                    if plainFirst != branchingFirst {
                        print("branching.\(app.rawValue).\(entry.mutant.rawValue) from \(first): plain \(text(plainFirst)) branching \(text(branchingFirst))")
                    }
                }
            }
            let pairs = zip(plain, branching)
            print("branching.\(app.rawValue).found: plain \(plain.compactMap { $0 }.count), branching \(branching.compactMap { $0 }.count) "
                  + "of \(plain.count) (ids × starting seeds) within \(budget) runs")
            print("branching.\(app.rawValue).median_runs_to_first_failure: plain \(median(plain)), branching \(median(branching))")
            print("branching.\(app.rawValue).sooner: branching \(pairs.count { ($1 ?? budget + 1) < ($0 ?? budget + 1) }), "
                  + "plain \(pairs.count { ($0 ?? budget + 1) < ($1 ?? budget + 1) })")
        }
    }

    private func text(_ value: Int?) -> String { value.map(String.init) ?? "-" }

    private func median(_ values: [Int?]) -> String {
        BlindBenchmark.median(values.map { $0 ?? budget + 1 }, budget: budget)
    }

    /// The position (from 1) of the first failing run of a plan, if any, in the order the runs were made.
    private func firstFailure(_ plan: ExplorationPlan) -> Int? {
        let passed = Mutex<[Bool]>([])
        _ = Explorer.explore(plan, jobs: jobs, keepFailures: 0, perSeed: InSeedOrder { run in passed.withLock { $0.append(run.result.passed) } })
        return passed.withLock { $0.firstIndex(of: false).map { $0 + 1 } }
    }
}
