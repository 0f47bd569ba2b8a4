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

    @Test func agreesWithTheDivisionOfTheAttosecondsAtEveryMagnitude() {
        var random = SeededRandom(seed: 65, stream: "duration magnitudes")
        var samples: [Int128] = [0, 1, -1, 999_999_999, 1_000_000_000, -1_000_000_000,
                                 Int128(Int64.max) * 1_000_000_000, Int128(Int64.max) * 1_000_000_000 + 999_999_999,
                                 (Int128(Int64.max) + 1) * 1_000_000_000, Int128(Int64.min) * 1_000_000_000,
                                 Int128(Int64.min) * 1_000_000_000 - 1, (Int128(Int64.min) - 1) * 1_000_000_000,
                                 Int128(1_000_000_000) << 64, (Int128(1_000_000_000) << 64) - 1, .max, .min]
        for bits in 0..<126 {
            let magnitude = (Int128(random.next()) << (bits > 64 ? bits - 64 : 0)) >> (bits < 64 ? 64 - bits : 0)
            samples += [magnitude, -magnitude]
        }
        for attoseconds in samples {
            let expected = Int64(clamping: attoseconds / 1_000_000_000)
            #expect(Duration(attoseconds: attoseconds).totalNanoseconds == expected, "\(attoseconds) as")
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
