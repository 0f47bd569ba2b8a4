/// Counts of non-negative whole numbers (milliseconds) in HdrHistogram's log-linear layout: exact
/// below 2,048, and above that 1,024 buckets per doubling, so a bucket is at most 1/1024 of its
/// values wide (0.1%). The layout is fixed, the same in every build, so histograms of disjoint
/// runs add up exactly (`merge`, shards, `--baseline`).
///
/// Memory is one 4-byte count per bucket up to the largest value seen (fewer than 20,000 buckets
/// up to a day), whatever the number of values: a count that passes 2³² keeps its high part in
/// a small side table.
///
/// ```swift
/// var histogram = LogLinearHistogram()
/// histogram.add(1_000_000)
/// histogram.buckets.first!.low          // 999_936: its bucket holds 999,936…1,000,447
/// ```
struct LogLinearHistogram: Sendable {
    /// Values below this are counted exactly.
    static let exactBelow: Int64 = 2048
    /// Buckets per doubling above `exactBelow`.
    static let bucketsPerDoubling: Int64 = 1024
    private static let doublingShift = Int64(bucketsPerDoubling.trailingZeroBitCount)

    /// The low 32 bits of each bucket's count, by bucket index.
    private var counts: [UInt32] = []
    /// The high part (in units of 2³²) of counts that passed 2³²: looked up only, never iterated.
    private var highParts: [Int: Int] = [:]
    private(set) var total = 0

    /// The bucket index of `value` (the value itself below `exactBelow`).
    static func index(of value: Int64) -> Int {
        precondition(value >= 0, "a histogram counts non-negative values")
        guard value >= exactBelow else { return Int(value) }
        let shift = Int64(63 - value.leadingZeroBitCount) - doublingShift
        return Int(bucketsPerDoubling * shift + (value >> shift))
    }

    /// The lowest value of the bucket at `index`.
    static func lowestValue(atIndex index: Int) -> Int64 {
        let index = Int64(index)
        guard index >= exactBelow else { return index }
        let shift = index / bucketsPerDoubling - 1
        return (index - bucketsPerDoubling * shift) << shift
    }

    /// The highest value of the bucket at `index`.
    static func highestValue(atIndex index: Int) -> Int64 {
        guard Int64(index) >= exactBelow else { return Int64(index) }
        let shift = Int64(index) / bucketsPerDoubling - 1
        return lowestValue(atIndex: index) + ((Int64(1) << shift) - 1)
    }

    /// The lowest value of the bucket `value` falls in.
    static func bucket(of value: Int64) -> Int64 { lowestValue(atIndex: index(of: value)) }

    /// The highest value of the bucket whose lowest value is `low`.
    static func highestValue(inBucketAt low: Int64) -> Int64 { highestValue(atIndex: index(of: low)) }

    var isEmpty: Bool { total == 0 }

    /// Counts `count` (≥ 0) more values of `value`.
    mutating func add(_ value: Int64, count: Int = 1) {
        add(count, atIndex: Self.index(of: value))
    }

    private mutating func add(_ count: Int, atIndex index: Int) {
        guard count > 0 else { return }
        if index >= counts.count { grow(toHold: index) }
        let sum = UInt64(counts[index]) + UInt64(count & 0xFFFF_FFFF)
        counts[index] = UInt32(truncatingIfNeeded: sum)
        let high = (count >> 32) + Int(sum >> 32)
        if high > 0 { highParts[index, default: 0] += high }
        total += count
    }

    /// Grows the counts to a whole number of doublings' worth past `index`, exactly (no spare
    /// capacity: the array is as large as the largest value asks).
    private mutating func grow(toHold index: Int) {
        let size = (index / Int(Self.bucketsPerDoubling) + 1) * Int(Self.bucketsPerDoubling)
        var grown: [UInt32] = []
        grown.reserveCapacity(size)
        grown.append(contentsOf: counts)
        grown.append(contentsOf: repeatElement(0, count: size - counts.count))
        counts = grown
    }

    private func count(atIndex index: Int) -> Int {
        let low = Int(counts[index])
        guard let high = highParts[index] else { return low }
        return low + high << 32
    }

    mutating func merge(_ other: LogLinearHistogram) {
        for index in other.counts.indices where other.counts[index] != 0 || other.highParts[index] != nil {
            add(other.count(atIndex: index), atIndex: index)
        }
    }

    /// Each filled bucket's index and count, lowest first.
    func forEachBucket(_ body: (_ index: Int, _ count: Int) -> Void) {
        for index in counts.indices where counts[index] != 0 || highParts[index] != nil {
            body(index, count(atIndex: index))
        }
    }

    /// Each filled bucket's lowest value and count, lowest first.
    var buckets: [(low: Int64, count: Int)] {
        var result: [(low: Int64, count: Int)] = []
        forEachBucket { result.append((Self.lowestValue(atIndex: $0), $1)) }
        return result
    }

    /// The highest value of the bucket holding each nearest-rank quantile (the value at rank
    /// ⌈fraction × total⌉), in one pass; `fractions` increasing, from 0 to 1.
    func quantiles(_ fractions: [Double]) -> [Int64] {
        precondition(total > 0, "quantiles of a histogram with no values")
        var result: [Int64] = []
        result.reserveCapacity(fractions.count)
        var index = 0, seen = count(atIndex: 0)
        for fraction in fractions {
            // Whole percents, ranked with integers: 0.07 × 100 is not exactly 7 in floating point.
            let percent = min(100, max(0, Int((fraction * 100).rounded())))
            let wanted = min(total - 1, max(0, (percent * total + 99) / 100 - 1))
            while seen <= wanted, index + 1 < counts.count {
                index += 1
                seen += count(atIndex: index)
            }
            result.append(Self.highestValue(atIndex: index))
        }
        return result
    }
}
