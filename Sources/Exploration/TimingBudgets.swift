import Foundation
import Oracles
import Scenarios

/// Timing budgets per persona (`scenarios/budgets.json`), checked over an exploration: for each
/// metric, a maximum (a bare number) or limits at percentiles, and how much a percentile may
/// grow over a baseline exploration.
///
/// ```json
/// {"format": 1, "budgets": {"new-user": {"firstRouteMs": 0, "waitMs": {"p50": 10000, "p95": 40000, "maxGrowth": "10%"}}}}
/// ```
public struct TimingBudgets: Sendable {
    /// Limits on one metric's distribution over the runs; nil is no limit.
    public struct Limit: Sendable, Equatable {
        public var p50: Int64?
        public var p95: Int64?
        public var p99: Int64?
        public var max: Int64?
        /// How much, in percent, each percentile this limit names (every one when it names none)
        /// may grow over the baseline's (`explore --baseline`).
        public var maxGrowthPercent: Double?

        public init(p50: Int64? = nil, p95: Int64? = nil, p99: Int64? = nil, max: Int64? = nil, maxGrowthPercent: Double? = nil) {
            self.p50 = p50
            self.p95 = p95
            self.p99 = p99
            self.max = max
            self.maxGrowthPercent = maxGrowthPercent
        }

        public static let percentiles = ["p50", "p95", "p99", "max"]
        public static let keys = percentiles + ["maxGrowth"]

        /// The limit set at each percentile, in the order of `percentiles`.
        public var named: [(percentile: String, limit: Int64)] {
            zip(Self.percentiles, [p50, p95, p99, max]).compactMap { name, limit in limit.map { (name, $0) } }
        }

        /// The values of the limits set.
        var values: [Int64] { named.map(\.limit) }

        /// How many values a percentile needs before a limit on it is judged: 20 beyond it
        /// (p50: 40, p95: 400, p99: 2000; a maximum: 1). With fewer, which value lands at the
        /// percentile's rank is mostly chance.
        public static func minimumSamples(for percentile: String) -> Int {
            switch percentile {
            case "p50": 40
            case "p95": 400
            case "p99": 2000
            default: 1
            }
        }
    }

    /// A limit not judged: its metric had too few values for the percentile.
    public struct Unjudged: Sendable, Equatable {
        public let target: String
        public let metric: String
        public let percentile: String
        public let samples: Int
        public let needed: Int
    }

    /// An exceeded limit: which, by how much, the worst runs to replay, and what the runs over it drew.
    public struct Exceedance: Sendable, Equatable {
        public let target: String
        public let metric: String
        public let percentile: String
        /// The limit in milliseconds; for growth, the baseline's value plus the growth allowed.
        public let limit: Int64
        public let measured: Int64
        /// For a growth budget: the baseline's value and the growth allowed, in percent.
        public let growth: (baseline: Int64, allowedPercent: Double)?
        /// The worst runs (largest value first).
        public let worst: [ExplorationSummary.WorstRun]
        /// How many runs went over the limit, of how many (nil for growth).
        public let runsOver: (over: Int, runs: Int)?
        /// The knob kinds over-represented among the runs over the limit.
        public let overRepresented: [BudgetWatch.OverRepresented]

        public static func == (lhs: Exceedance, rhs: Exceedance) -> Bool {
            lhs.target == rhs.target && lhs.metric == rhs.metric && lhs.percentile == rhs.percentile && lhs.limit == rhs.limit
                && lhs.measured == rhs.measured && lhs.growth?.baseline == rhs.growth?.baseline && lhs.worst == rhs.worst
        }
    }

    /// The target name that puts a limit on every run of the exploration, whatever its target.
    public static let allTargets = "all"

    public let byTarget: [(target: String, limits: [(metric: String, limit: Limit)])]

    public init(byTarget: [(target: String, limits: [(metric: String, limit: Limit)])]) { self.byTarget = byTarget }

    public static let empty = TimingBudgets(byTarget: [])

    public var isEmpty: Bool { byTarget.allSatisfy { $0.limits.isEmpty } }

    /// Whether any limit says how much it may grow over a baseline.
    public var limitsGrowth: Bool { byTarget.contains { $0.limits.contains { $0.limit.maxGrowthPercent != nil } } }

    /// The limits `summary` exceeds, in the file's order of targets and metrics, and the
    /// percentiles that grew more than allowed over `baseline`.
    public func exceeded(in summary: ExplorationSummary, baseline: TimingBaseline? = nil) -> [Exceedance] {
        byTarget.flatMap { target, limits in
            limits.flatMap { metric, limit -> [Exceedance] in
                guard let measured = summary.percentiles(of: metric, for: target) else { return [] }
                let judged = limit.named.filter { measured.samples >= Limit.minimumSamples(for: $0.percentile) }
                var found = judged.filter { measured[$0.percentile] > $0.limit }.map { percentile, value in
                    Exceedance(target: target, metric: metric, percentile: percentile, limit: value, measured: measured[percentile],
                               growth: nil, worst: measured.worst,
                               runsOver: summary.watch.runsOver(target: target, metric: metric, limit: value),
                               overRepresented: summary.watch.overRepresented(target: target, metric: metric, limit: value))
                }
                if let allowed = limit.maxGrowthPercent, let before = baseline?.percentiles(of: metric, for: target) {
                    let percentiles = limit.named.isEmpty ? Limit.percentiles : limit.named.map(\.percentile)
                    for percentile in percentiles where measured.samples >= Limit.minimumSamples(for: percentile)
                        && (before.samples ?? Int.max) >= Limit.minimumSamples(for: percentile) {
                        let ceiling = Self.grown(before[percentile], by: allowed)
                        guard measured[percentile] > ceiling else { continue }
                        found.append(Exceedance(target: target, metric: metric, percentile: percentile, limit: ceiling,
                                                measured: measured[percentile], growth: (before[percentile], allowed),
                                                worst: measured.worst, runsOver: nil, overRepresented: []))
                    }
                }
                return found
            }
        }
    }

    /// The limits on percentiles that had too few values to judge (`Limit.minimumSamples`), and
    /// those on metrics no run measured (0 values).
    public func unjudged(in summary: ExplorationSummary) -> [Unjudged] {
        byTarget.flatMap { target, limits in
            limits.flatMap { metric, limit -> [Unjudged] in
                let samples = summary.percentiles(of: metric, for: target)?.samples ?? 0
                return limit.named.compactMap { percentile, _ in
                    let needed = Limit.minimumSamples(for: percentile)
                    return samples < needed ? Unjudged(target: target, metric: metric, percentile: percentile, samples: samples, needed: needed) : nil
                }
            }
        }
    }

    /// `value` grown by `percent`, rounded down: the most a percentile may reach.
    static func grown(_ value: Int64, by percent: Double) -> Int64 {
        Int64((Double(value) * (1 + percent / 100)).rounded(.down))
    }
}
