/// The values one metric took, in a log-linear histogram (`LogLinearHistogram`: exact below
/// 2,048 ms, within 0.1% above), so memory does not grow with the number of runs or the time
/// limit; and the worst few seeds with their exact values, for replay commands.
struct MetricSamples: Sendable {
    private var histogram = LogLinearHistogram()
    /// The seeds with the largest values (each seed once, at its largest value), largest first,
    /// the lower seed first among equal values, at most `keptWorst`.
    private var worst: [ExplorationSummary.WorstRun] = []
    static let keptWorst = 3

    var total: Int { histogram.total }
    var isEmpty: Bool { histogram.isEmpty }

    /// The lowest value of the bucket `value` falls in (the value itself below 2,048).
    static func bucket(of value: Int64) -> Int64 { LogLinearHistogram.bucket(of: value) }

    /// The highest value of the bucket whose lowest value is `low`.
    static func highestValue(inBucketAt low: Int64) -> Int64 { LogLinearHistogram.highestValue(inBucketAt: low) }

    /// Each filled bucket's lowest value with how many values it holds, smallest first.
    var valueCounts: [(value: Int64, count: Int)] { histogram.buckets.map { ($0.low, $0.count) } }

    /// The worst runs kept, worst first.
    var worstRuns: [ExplorationSummary.WorstRun] { worst }

    /// Adds `count` values of `value` (reading a saved state).
    mutating func restore(value: Int64, count: Int) {
        guard count > 0, total <= ExplorationState.maxCount else { return }
        histogram.add(value, count: count)
    }

    /// Keeps a saved worst run.
    mutating func restoreWorst(_ run: ExplorationSummary.WorstRun) { consider(run) }

    mutating func add(_ value: Int64, seed: UInt64) {
        histogram.add(value)
        consider(ExplorationSummary.WorstRun(value: value, seed: seed))
    }

    mutating func merge(_ other: MetricSamples) {
        histogram.merge(other.histogram)
        for run in other.worst { consider(run) }
    }

    /// Keeps the `keptWorst` worst seeds; any order of adding agrees, because the order is total
    /// (larger value, then lower seed) and a seed keeps its largest value.
    private mutating func consider(_ candidate: ExplorationSummary.WorstRun) {
        if let known = worst.firstIndex(where: { $0.seed == candidate.seed }) {
            guard candidate.value > worst[known].value else { return }
            worst.remove(at: known)
        }
        let position = worst.firstIndex { candidate.isWorse(than: $0) } ?? worst.endIndex
        guard position < Self.keptWorst else { return }
        worst.insert(candidate, at: position)
        if worst.count > Self.keptWorst { worst.removeLast() }
    }

    /// Nearest-rank percentiles: the value at rank ⌈fraction × total⌉ of the sorted values, as
    /// its bucket's highest value (never below the exact one, and within 0.1% of it); `max` exact.
    var percentiles: ExplorationSummary.Percentiles {
        precondition(total > 0 && !worst.isEmpty, "percentiles of a metric with no samples")
        let values = quantiles([0.5, 0.95, 0.99])
        return .init(p50: values[0], p95: values[1], p99: values[2], max: worst[0].value, worst: worst, samples: total)
    }

    /// The nearest-rank value of each fraction (0 is the smallest value, 1 the largest), as its
    /// bucket's highest value but never above the largest value seen; `fractions` increasing.
    func quantiles(_ fractions: [Double]) -> [Int64] {
        let largest = worst.first?.value ?? .max
        return histogram.quantiles(fractions).map { min($0, largest) }
    }
}
