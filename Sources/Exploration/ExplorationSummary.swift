import SimKernel
import Oracles

/// What many explored runs add up to: counts, violations by oracle, one hash over every
/// per-seed trace hash, and timing percentiles per target.
///
/// It is built one run at a time (`add`) and summaries of disjoint seeds add up (`merge`), so an
/// exploration of any length keeps this and nothing per seed: memory grows with the number of
/// distinct metric values, never with the number of seeds. The result does not depend on the
/// order runs are added in, so workers and shards can each sum their own part.
///
/// ```swift
/// var summary = ExplorationSummary()
/// for seed in plan.seeds { summary.add(Explorer.explore(plan, seed: seed)) }
/// print(summary.failedRuns, summary.summaryHash)
/// ```
public struct ExplorationSummary: Sendable {
    public struct Percentiles: Sendable, Equatable {
        public let p50, p95, p99, max: Int64
        public let worstSeed: UInt64
    }

    public private(set) var runs = 0
    public private(set) var failedRuns = 0
    /// Violations per oracle name; read through `violationsByOracle`, which sorts them.
    private var violationCounts: [String: Int] = [:]  // looked up; iterated only sorted
    /// Every run's line `<target> <seed> <trace hash>`, hashed, summed and xor-ed: a digest that
    /// any order of adding gives alike.
    private var lineHashSum: UInt64 = 0
    private var lineHashXor: UInt64 = 0
    /// Per target, one `MetricSamples` per name in `metricNames` (one lookup per run, not one per
    /// metric); iterated only sorted.
    private var samples: [String: [MetricSamples]] = [:]
    /// What the runs reached (`explore --coverage`).
    public private(set) var coverage = CoverageCounts()

    public init() {}

    /// The summary of `runs`.
    public init(_ runs: [ExplorationRun]) {
        for run in runs { add(run) }
    }

    /// Counts one run in.
    public mutating func add(_ run: ExplorationRun) {
        runs += 1
        if !run.result.passed { failedRuns += 1 }
        for violation in run.result.violations { violationCounts[violation.oracle, default: 0] += 1 }
        let line = TraceHasher.fnv1a("\(run.target) \(run.seed) \(run.result.traceHash)\n")
        lineHashSum &+= line
        lineHashXor ^= line
        coverage.add(run.result.coverage)
        samples[run.target, default: Self.noSamples].withUnsafeMutableBufferPointer { target in
            for (position, metric) in Self.metricNames.enumerated() {
                guard let value = Self.value(metric, of: run) else { continue }
                target[position].add(value, seed: run.seed)
            }
        }
    }

    /// Adds the runs of `other`, which covered other seeds.
    public mutating func merge(_ other: ExplorationSummary) {
        runs += other.runs
        failedRuns += other.failedRuns
        for (oracle, count) in other.violationCounts { violationCounts[oracle, default: 0] += count }
        lineHashSum &+= other.lineHashSum
        lineHashXor ^= other.lineHashXor
        coverage.merge(other.coverage)
        for (target, theirs) in other.samples {
            samples[target, default: Self.noSamples].withUnsafeMutableBufferPointer { ours in
                for position in theirs.indices { ours[position].merge(theirs[position]) }
            }
        }
    }

    /// Violations per oracle, by oracle name.
    public var violationsByOracle: [(oracle: String, count: Int)] {
        violationCounts.map { (oracle: $0.key, count: $0.value) }.sorted { $0.oracle < $1.oracle }
    }

    /// FNV-1a over the number of runs and the sum and xor of each run's hashed
    /// `<target> <seed> <trace hash>` line: two explorations are the same exactly when this is,
    /// whatever the number of workers, and shards' summaries merge into the unsharded one's.
    public var summaryHash: String {
        TraceHasher.hex(TraceHasher.fnv1a("runs \(runs) sum \(TraceHasher.hex(lineHashSum)) xor \(TraceHasher.hex(lineHashXor))"))
    }

    /// Per target and metric (`firstRouteMs`, `loadingMs`, `interactiveMs`), targets sorted.
    public var metrics: [(target: String, metric: String, percentiles: Percentiles)] {
        samples.keys.sorted().flatMap { target in
            zip(Self.metricNames, samples[target]!).compactMap { metric, sampled in
                sampled.isEmpty ? nil : (target, metric, sampled.percentiles)
            }
        }
    }

    static let metricNames = Budgets.metricNames
    private static let noSamples = [MetricSamples](repeating: MetricSamples(), count: metricNames.count)

    /// A metric of the run's first launch (one never reached counts as the whole launch), or of
    /// the whole run (the app's time to main only for runs that reached it).
    static func value(_ metric: String, of run: ExplorationRun) -> Int64? {
        switch metric {
        case "waitMs": return run.result.journey?.waitMs
        case "longestWaitMs": return run.result.journey?.longestWaitMs
        case "appTimeToMainMs": return run.result.journey?.appTimeToMainMs
        default: break
        }
        guard let metrics = run.result.metrics else { return nil }
        switch metric {
        case "firstRouteMs": return metrics.firstRouteMs ?? metrics.durationMs
        case "loadingMs": return metrics.loadingMs
        default: return metrics.interactiveMs ?? metrics.durationMs
        }
    }
}

/// The values one metric took, as counts per distinct value: exact percentiles in memory that
/// grows with the number of distinct values (whole milliseconds), not with the number of runs.
struct MetricSamples: Sendable {
    private var counts: [Int64: Int] = [:]  // looked up; iterated only sorted
    private var total = 0
    /// The largest value, and the lowest seed that reached it.
    private var worst: (value: Int64, seed: UInt64)?

    var isEmpty: Bool { total == 0 }

    mutating func add(_ value: Int64, seed: UInt64) {
        counts[value, default: 0] += 1
        total += 1
        consider(worst: (value, seed))
    }

    mutating func merge(_ other: MetricSamples) {
        for (value, count) in other.counts { counts[value, default: 0] += count }
        total += other.total
        if let theirs = other.worst { consider(worst: theirs) }
    }

    /// Keeps the larger value, or for equal values the lower seed, so any order of adding agrees.
    private mutating func consider(worst candidate: (value: Int64, seed: UInt64)) {
        if let current = worst, current.value > candidate.value || (current.value == candidate.value && current.seed <= candidate.seed) {
            return
        }
        worst = candidate
    }

    /// Nearest-rank percentiles: the value at rank ⌈fraction × total⌉ of the sorted values.
    var percentiles: ExplorationSummary.Percentiles {
        precondition(total > 0 && worst != nil, "percentiles of a metric with no samples")
        let sorted = counts.keys.sorted()
        func rank(_ fraction: Double) -> Int64 {
            let wanted = min(total - 1, max(0, Int((fraction * Double(total)).rounded(.up)) - 1))
            var seen = 0
            for value in sorted {
                seen += counts[value]!
                if seen > wanted { return value }
            }
            return sorted[sorted.count - 1]
        }
        return .init(p50: rank(0.5), p95: rank(0.95), p99: rank(0.99), max: worst!.value, worstSeed: worst!.seed)
    }
}
