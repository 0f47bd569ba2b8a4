import SimKernel
import Oracles

/// What many explored runs add up to: counts, violations by oracle, one hash over every
/// per-seed trace hash, and timing percentiles per target.
public struct ExplorationSummary: Sendable {
    public struct Percentiles: Sendable, Equatable {
        public let p50, p95, p99, max: Int64
        public let worstSeed: UInt64
    }

    public let runs: Int
    public let failedRuns: Int
    /// Violations per oracle, by oracle name.
    public let violationsByOracle: [(oracle: String, count: Int)]
    /// FNV-1a over `<target> <seed> <trace hash>` lines in seed order: two explorations are the
    /// same exactly when this is.
    public let summaryHash: String
    /// Per target and metric (`firstRouteMs`, `loadingMs`, `interactiveMs`).
    public let metrics: [(target: String, metric: String, percentiles: Percentiles)]

    public init(_ runs: [ExplorationRun]) {
        self.runs = runs.count
        failedRuns = runs.filter { !$0.result.passed }.count
        var counts: [(oracle: String, count: Int)] = []
        for violation in runs.flatMap(\.result.violations) {
            if let position = counts.firstIndex(where: { $0.oracle == violation.oracle }) {
                counts[position].count += 1
            } else {
                counts.append((violation.oracle, 1))
            }
        }
        violationsByOracle = counts.sorted { $0.oracle < $1.oracle }
        var hasher = TraceHasher()
        for run in runs { hasher.combine("\(run.target) \(run.seed) \(run.result.traceHash)\n") }
        summaryHash = hasher.hexDigits
        metrics = Self.percentiles(runs)
    }

    static let metricNames = ["firstRouteMs", "loadingMs", "interactiveMs"]

    /// A metric of the run's first launch; one never reached counts as the whole launch.
    static func value(_ metric: String, of run: ExplorationRun) -> Int64? {
        guard let metrics = run.result.metrics else { return nil }
        switch metric {
        case "firstRouteMs": return metrics.firstRouteMs ?? metrics.durationMs
        case "loadingMs": return metrics.loadingMs
        default: return metrics.interactiveMs ?? metrics.durationMs
        }
    }

    private static func percentiles(_ runs: [ExplorationRun]) -> [(target: String, metric: String, percentiles: Percentiles)] {
        var targets: [String] = []
        for run in runs where !targets.contains(run.target) { targets.append(run.target) }
        return targets.sorted().flatMap { target in
            metricNames.compactMap { metric in
                let samples = runs.filter { $0.target == target }.compactMap { run in value(metric, of: run).map { ($0, run.seed) } }
                guard !samples.isEmpty else { return nil }
                let sorted = samples.map(\.0).sorted()
                func rank(_ fraction: Double) -> Int64 {
                    sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
                }
                let worst = samples.max { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 > $1.1) }!
                return (target, metric, Percentiles(p50: rank(0.5), p95: rank(0.95), p99: rank(0.99), max: worst.0,
                                                    worstSeed: worst.1))
            }
        }
    }
}
