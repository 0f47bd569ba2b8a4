import Exploration

/// Exploration throughput: seeds per second on one worker, and the speed-up from one worker to
/// two on the same seeds, measured interleaved.
struct ExploreBenchmark {
    var seeds = 1000
    // Nine: the host is shared, and the median of more interleaved pairs moves less with it.
    var repetitions = 9

    func run() {
        let plan = ExplorationPlan(targets: Persona.allCases.map(ExplorationTarget.persona), seedCount: seeds)
        _ = Explorer.run(plan, jobs: 2)  // warm-up
        var rates: [Double] = []
        var speedups: [Double] = []
        for _ in 0..<repetitions {
            let one = Stopwatch()
            _ = Explorer.run(plan, jobs: 1)
            let oneSeconds = one.elapsedSeconds
            let two = Stopwatch()
            _ = Explorer.run(plan, jobs: 2)
            let twoSeconds = two.elapsedSeconds
            rates.append(Double(seeds) / oneSeconds)
            speedups.append(oneSeconds / twoSeconds)
        }
        print("explore.seeds_per_second: \(Int(Statistics.median(rates)))")
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
