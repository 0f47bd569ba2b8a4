/// Wall-clock stopwatch for the benchmark only: simulated code never reads real time.
struct Stopwatch {
    private let clock = ContinuousClock()  // determinism: ok (benchmarks measure wall time)
    private var start: ContinuousClock.Instant  // determinism: ok (wall time for reports only)

    init() { start = clock.now }

    var elapsedSeconds: Double {
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The seconds since the start or the last lap, and a new lap from now.
    mutating func lap() -> Double {
        let now = clock.now
        let (seconds, attoseconds) = (now - start).components
        start = now
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// Statistics over repeated measurements.
enum Statistics {
    static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "the median of nothing is undefined")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
