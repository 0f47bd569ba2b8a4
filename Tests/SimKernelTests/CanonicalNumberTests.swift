import Testing
@testable import SimKernel

/// Numbers in canonical text: every trace line carries some, and the hash is over their digits.
@Suite struct CanonicalNumberTests {
    static func text(_ write: (inout CanonicalText) -> Void) -> String { CanonicalText.build(write) }

    @Test func decimalsMatchSwiftsOwnRenderingAtTheEdges() {
        for value: UInt64 in [0, 1, 9, 10, 99, 100, 1_000_000, UInt64(Int64.max), .max] {
            #expect(Self.text { $0.write(decimal: value) } == String(value))
        }
        #expect(Self.text { $0.write(Int64.min) } == String(Int64.min))
        #expect(Self.text { $0.write(-42) } == "-42")
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func decimalsMatchSwiftsOwnRenderingForSeededValues(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "decimals")
        for _ in 0..<2_000 {
            let value = random.next() >> random.nextInt(in: 0...63)
            #expect(Self.text { $0.write(decimal: value) } == String(value))
        }
    }

    @Test func paddedDecimalsFillToTheWidthAndNeverCut() {
        #expect(Self.text { $0.write(decimal: 250, width: 6) } == "000250")
        #expect(Self.text { $0.write(decimal: 0, width: 6) } == "000000")
        #expect(Self.text { $0.write(decimal: 1_234_567, width: 6) } == "1234567")
    }

    @Test func instantsReadAsMillisecondsWithAnExactFraction() {
        #expect(SimulationInstant(nanoseconds: 1_500_000_000).description == "1500ms")
        #expect(SimulationInstant(nanoseconds: 1_500_000_250).description == "1500.000250ms")
        #expect(SimulationInstant.zero.description == "0ms")
    }
}
