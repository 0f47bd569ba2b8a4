/// The values one metric took, as counts per distinct value: exact percentiles in memory that
/// grows with the number of distinct values (whole milliseconds), not with the number of runs.
/// It also keeps the worst few seeds, for replay commands.
struct MetricSamples: Sendable {
    private var counts: [Int64: Int] = [:]  // looked up; iterated only sorted
    private(set) var total = 0
    /// The seeds with the largest values (each seed once, at its largest value), largest first,
    /// the lower seed first among equal values, at most `keptWorst`.
    private var worst: [ExplorationSummary.WorstRun] = []
    static let keptWorst = 3

    var isEmpty: Bool { total == 0 }

    /// Each distinct value with how many times it came, smallest first.
    var valueCounts: [(value: Int64, count: Int)] { counts.keys.sorted().map { ($0, counts[$0]!) } }

    /// The worst runs kept, worst first.
    var worstRuns: [ExplorationSummary.WorstRun] { worst }

    /// Adds `count` values of `value` (reading a saved state).
    mutating func restore(value: Int64, count: Int) {
        guard count > 0, total <= ExplorationState.maxCount else { return }
        counts[value, default: 0] += count
        total += count
    }

    /// Keeps a saved worst run.
    mutating func restoreWorst(_ run: ExplorationSummary.WorstRun) { consider(run) }

    mutating func add(_ value: Int64, seed: UInt64) {
        counts[value, default: 0] += 1
        total += 1
        consider(ExplorationSummary.WorstRun(value: value, seed: seed))
    }

    mutating func merge(_ other: MetricSamples) {
        for (value, count) in other.counts { counts[value, default: 0] += count }
        total += other.total
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

    /// Nearest-rank percentiles: the value at rank ⌈fraction × total⌉ of the sorted values.
    var percentiles: ExplorationSummary.Percentiles {
        precondition(total > 0 && !worst.isEmpty, "percentiles of a metric with no samples")
        let values = quantiles([0.5, 0.95, 0.99])
        return .init(p50: values[0], p95: values[1], p99: values[2], max: worst[0].value, worst: worst, samples: total)
    }

    /// The nearest-rank value of each fraction (0 is the smallest value, 1 the largest), in one
    /// pass over the sorted values; `fractions` must be in increasing order.
    func quantiles(_ fractions: [Double]) -> [Int64] {
        precondition(total > 0, "quantiles of a metric with no samples")
        let sorted = counts.keys.sorted()
        var result: [Int64] = []
        result.reserveCapacity(fractions.count)
        var position = 0, seen = counts[sorted[0]]!
        for fraction in fractions {
            // Whole percents, ranked with integers: 0.07 × 100 is not exactly 7 in floating point.
            let percent = min(100, max(0, Int((fraction * 100).rounded())))
            let wanted = min(total - 1, max(0, (percent * total + 99) / 100 - 1))
            while seen <= wanted, position + 1 < sorted.count {
                position += 1
                seen += counts[sorted[position]]!
            }
            result.append(sorted[position])
        }
        return result
    }
}
