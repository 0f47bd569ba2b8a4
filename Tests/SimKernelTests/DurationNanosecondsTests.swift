import Testing
@testable import SimKernel

/// `Duration.totalNanoseconds` is what every virtual sleep converts through.
@Suite struct DurationNanosecondsTests {
    /// The definition it replaced: seconds and attoseconds from `components`, saturating.
    static func fromComponents(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowSum) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowSum { return seconds < 0 ? .min : .max }
        return total
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func agreesWithTheComponentsDefinitionForSeededDurations(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "durations")
        for _ in 0..<2_000 {
            let attoseconds = Int128(Int64(bitPattern: random.next())) * Int128(random.nextInt(in: 1...1_000_000))
            let duration = Duration(attoseconds: attoseconds)
            #expect(duration.totalNanoseconds == Self.fromComponents(duration), "\(attoseconds) as")
        }
    }

    @Test func truncatesTowardZeroAndSaturates() {
        #expect(Duration(attoseconds: 1_999_999_999).totalNanoseconds == 1)
        #expect(Duration(attoseconds: -1_999_999_999).totalNanoseconds == -1)
        #expect(Duration.milliseconds(1500).totalNanoseconds == 1_500_000_000)
        #expect(Duration.seconds(Int64.max).totalNanoseconds == .max)
        #expect(Duration.seconds(Int64.min).totalNanoseconds == .min)
    }
}
