import Scenarios
import Exploration

/// Exploration throughput: seeds per second on one worker for the free user and the scripted
/// user side by side, and the speed-up from one worker to two on the same seeds, all interleaved.
struct ExploreBenchmark {
    var seeds = 1000
    // Nine: the host is shared, and the median of more interleaved pairs moves less with it.
    var repetitions = 9

    func run() {
        let targets = BenchApps.fixPlanPersonas
        let free = ExplorationPlan(targets: targets, seedCount: seeds, user: .free)
        let scripted = ExplorationPlan(targets: targets, seedCount: seeds, user: .scripted)
        _ = Explorer.explore(free, jobs: 2)  // warm-up
        _ = Explorer.explore(scripted, jobs: 2)
        var freeRates: [Double] = [], scriptedRates: [Double] = [], speedups: [Double] = [], ratios: [Double] = []
        for _ in 0..<repetitions {
            let one = Stopwatch()
            _ = Explorer.explore(free, jobs: 1)
            let oneSeconds = one.elapsedSeconds
            let two = Stopwatch()
            _ = Explorer.explore(free, jobs: 2)
            let twoSeconds = two.elapsedSeconds
            let script = Stopwatch()
            _ = Explorer.explore(scripted, jobs: 1)
            let scriptSeconds = script.elapsedSeconds
            freeRates.append(Double(seeds) / oneSeconds)
            scriptedRates.append(Double(seeds) / scriptSeconds)
            speedups.append(oneSeconds / twoSeconds)
            ratios.append(scriptSeconds / oneSeconds)
        }
        print("explore.seeds_per_second: \(Int(Statistics.median(freeRates)))  (free user, the default)")
        print("explore.scripted_seeds_per_second: \(Int(Statistics.median(scriptedRates)))")
        print("explore.free_over_scripted: \(Ratio.format(Statistics.median(ratios)))  (speed of the free user relative to the scripted one)")
        print("explore.speedup_2_jobs: \(Ratio.format(Statistics.median(speedups)))")
    }
}

/// A ratio with three decimals, for the benchmark's output.
enum Ratio {
    static func format(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
