import Synchronization
import Scenarios
import Exploration
import AppVocabulary
import OnboardingModel
import Oracles

/// Does coverage guidance find the catalogue sooner than plain seeds? For every catalogue id:
/// the runs until the first failing one, plain seeds against guided runs, within the same
/// budget of runs; and the coverage each reached in that budget on the fixed model.
struct GuidedBenchmark {
    var budget = 1000
    /// Three starting points, so that one lucky sequence does not decide.
    var firstSeeds: [UInt64] = [1, 100_001, 200_001]
    /// The fix plan's ids: its personas are what the guided runs explore.
    static let mutants = FixPlanCatalogue.entries.map(\.mutant)

    func run() {
        for first in firstSeeds { run(from: first) }
    }

    func run(from first: UInt64) {
        print("guided: seeds from \(first)")
        let targets = BenchApps.fixPlanPersonas
        var plainFound = 0, guidedFound = 0, plainTotal = 0, guidedTotal = 0, guidedSooner = 0, plainSooner = 0
        for mutant in Self.mutants {
            let plan = ExplorationPlan(targets: targets, firstSeed: first, seedCount: budget, mutants: [mutant])
            let plain = plan.seeds.firstIndex { !Explorer.explore(plan, seed: $0).result.passed }.map { $0 + 1 }
            var guidedPlan = plan
            guidedPlan.guided = true
            let guided = firstFailure(guidedPlan)
            plainFound += plain == nil ? 0 : 1
            guidedFound += guided == nil ? 0 : 1
            plainTotal += plain ?? budget
            guidedTotal += guided ?? budget
            if let plain, let guided, guided < plain { guidedSooner += 1 }
            if let plain, let guided, plain < guided { plainSooner += 1 }
            if plain != guided {
                print("guided.\(mutant.rawValue): plain \(plain.map(String.init) ?? "-") guided \(guided.map(String.init) ?? "-")")
            }
        }
        print("guided.found: plain \(plainFound), guided \(guidedFound) of \(Self.mutants.count) within \(budget) runs")
        print("guided.runs_to_find_total: plain \(plainTotal), guided \(guidedTotal) (a miss counts as \(budget))")
        print("guided.sooner: guided \(guidedSooner), plain \(plainSooner)")
        let fixed = ExplorationPlan(targets: targets, firstSeed: first, seedCount: budget)
        var plainCoverage = CoverageCounts(), guidedCoverage = CoverageCounts()
        for seed in fixed.seeds { plainCoverage.add(Explorer.explore(fixed, seed: seed).result.coverage) }
        var guidedFixed = fixed
        guidedFixed.guided = true
        guidedCoverage = Explorer.explore(guidedFixed, jobs: 2, keepFailures: 0).summary.coverage
        for (kind, name) in [(RunCoverage.Pairs.taken, "taken"), (.faults, "faults"), (.lifecycle, "lifecycle")] {
            print("guided.coverage_\(name): plain \(plainCoverage.reached(kind).count), guided \(guidedCoverage.reached(kind).count)")
        }
    }

    /// The position (from 1) of the first failing run of a guided plan, if any.
    private func firstFailure(_ plan: ExplorationPlan) -> Int? {
        let passed = Mutex<[Bool]>([])
        _ = Explorer.explore(plan, jobs: 2, keepFailures: 0, perSeed: InSeedOrder { run in passed.withLock { $0.append(run.result.passed) } })
        return passed.withLock { $0.firstIndex(of: false).map { $0 + 1 } }
    }
}
