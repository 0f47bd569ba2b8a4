import Testing
@testable import SimKernel

/// The ready queue every job and step of a run passes through: first in, first out across its
/// wrap-around and its growth, and what is left in it freed with it.
@Suite struct RingBufferTests {
    @Test(arguments: 0..<10)
    func popsInTheOrderPushedAcrossWrapsAndGrowth(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "ring-test")
        var ring = RingBuffer<Int>(capacity: 2)
        var expected: [Int] = []
        var next = 0
        for _ in 0..<500 {
            if random.nextInt(in: 0...2) > 0 {
                ring.push(next)
                expected.append(next)
                next += 1
            } else {
                #expect(ring.pop() == (expected.isEmpty ? nil : expected.removeFirst()))
            }
            let count = ring.count
            #expect(count == expected.count)
        }
        while let value = ring.pop() { #expect(value == expected.removeFirst()) }
        let emptied = ring.isEmpty
        #expect(expected.isEmpty && emptied)
    }

    final class Token {}

    @Test func whatIsLeftInItIsFreedWithIt() {
        weak var popped: Token?, left: Token?
        do {
            var ring = RingBuffer<Token>(capacity: 1)
            let first = Token(), second = Token()
            (popped, left) = (first, second)
            ring.push(first)
            ring.push(second)
            _ = ring.pop()
        }
        #expect(popped == nil && left == nil, "no element outlives the buffer")
    }
}
