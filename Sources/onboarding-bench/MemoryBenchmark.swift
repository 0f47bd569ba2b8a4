#if canImport(Glibc)
import Glibc
#endif
import Scenarios
import Exploration

/// Memory stays flat however many seeds `explore` runs: the process's peak resident size after
/// 10,000 seeds and after 1,000,000 (two workers, as CI runs it). The peak never falls, so the
/// second figure covers both runs.
struct MemoryBenchmark {
    var seedCounts = [10_000, 1_000_000]

    func run() {
        for seeds in seedCounts {
            let plan = ExplorationPlan(targets: BenchApps.fixPlanPersonas, seedCount: seeds)
            let stopwatch = Stopwatch()
            let outcome = Explorer.explore(plan, jobs: 2)
            print("memory.explore_\(seeds)_seeds_peak_rss_mb: \(Self.peakResidentMegabytes()) "
                  + "(\(outcome.summary.failedRuns) failed, \(Int(stopwatch.elapsedSeconds))s)")
        }
    }

    static func peakResidentMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024  // kilobytes on Linux
    }
}
