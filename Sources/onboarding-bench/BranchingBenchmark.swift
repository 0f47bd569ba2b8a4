import Synchronization
import Scenarios
import Exploration
import AppVocabulary

/// Does branching find bugs in fewer runs than plain seeds (issue #65)? For every catalogue id
/// of every app, with the free user, from three starting seeds: the runs until the first failing
/// one, plain seeds against `explore --branching` (and any other strategies asked for, side by
/// side), within the same budget; then per app and strategy the ids found, the median runs to the
/// first failure, the ids found sooner and later than plain seeds, and the runs in all (a miss
/// counted as the budget plus one).
struct BranchingBenchmark {
    var budget = 1000
    var jobs = 2
    /// Three starting points, so that one lucky sequence does not decide.
    var firstSeeds: [UInt64] = [1, 100_001, 200_001]
    var strategies: [BranchingExploration.Strategy] = [.standard]

    func run() {
        for app in AppRegistry.apps {
            guard let plugin = AppRegistry.plugin(for: app) else { continue }
            let personas = plugin.personas.map { ExplorationTarget.appPersona(app, $0) }
            var plain: [Int?] = []
            var branching: [[Int?]] = Array(repeating: [], count: strategies.count)
            for first in firstSeeds {
                for entry in plugin.catalogue {
                    let plan = ExplorationPlan(targets: personas, firstSeed: first, seedCount: budget, mutants: [entry.mutant])
                    let plainFirst = firstFailure(plan, strategy: nil)
                    plain.append(plainFirst)
                    var line = "branching.\(app.rawValue).\(entry.mutant.rawValue) from \(first): plain \(text(plainFirst))"
                    var differs = false
                    for (index, strategy) in strategies.enumerated() {
                        let found = firstFailure(plan, strategy: strategy)
                        branching[index].append(found)
                        differs = differs || found != plainFirst
                        line += " | \(text(found))"
                    }
                    if differs { print(line) }
                }
            }
            print("branching.\(app.rawValue).plain: found \(plain.compactMap { $0 }.count) of \(plain.count) "
                  + "(ids × starting seeds) within \(budget) runs, median \(median(plain)), runs in all \(total(plain))")
            for (index, strategy) in strategies.enumerated() {
                let pairs = zip(plain, branching[index])
                print("branching.\(app.rawValue).[\(strategy)]: found \(branching[index].compactMap { $0 }.count), "
                      + "median \(median(branching[index])), runs in all \(total(branching[index])), "
                      + "sooner \(pairs.count { ($1 ?? budget + 1) < ($0 ?? budget + 1) }), "
                      + "later \(pairs.count { ($0 ?? budget + 1) < ($1 ?? budget + 1) })")
            }
        }
    }

    private func text(_ value: Int?) -> String { value.map(String.init) ?? "-" }

    private func median(_ values: [Int?]) -> String {
        BlindBenchmark.median(values.map { $0 ?? budget + 1 }, budget: budget)
    }

    private func total(_ values: [Int?]) -> Int { values.reduce(0) { $0 + ($1 ?? budget + 1) } }

    /// The position (from 1) of the first failing run of a plan, if any, in the order the runs
    /// were made: plain seeds, or branching with `strategy`.
    private func firstFailure(_ plan: ExplorationPlan, strategy: BranchingExploration.Strategy?) -> Int? {
        let passed = Mutex<[Bool]>([])
        let perSeed = InSeedOrder { run in passed.withLock { $0.append(run.result.passed) } }
        if let strategy {
            _ = BranchingExploration.explore(plan, strategy: strategy, jobs: jobs, keepFailures: 0, perSeed: perSeed,
                                             progress: { _ in })
        } else {
            _ = Explorer.explore(plan, jobs: jobs, keepFailures: 0, perSeed: perSeed)
        }
        return passed.withLock { $0.firstIndex(of: false).map { $0 + 1 } }
    }
}
