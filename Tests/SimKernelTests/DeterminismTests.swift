import Testing
@testable import SimKernel

/// Same seed ⇒ same trace; different seeds under `seeded` ⇒ different same-instant orders;
/// the hash is stable text, not `hashValue`.
@Suite struct DeterminismTests {
    @Test(arguments: SchedulingStrategy.allCases)
    func theSameSeedGivesTheSameTraceHashWithinAProcess(strategy: SchedulingStrategy) {
        let first = KernelSelfCheck.run(seed: 99, strategy: strategy)
        let second = KernelSelfCheck.run(seed: 99, strategy: strategy)
        #expect(first.isClean)
        #expect(first.traceHash == second.traceHash)
        #expect(first.trace.canonicalText == second.trace.canonicalText)
    }

    @Test func differentSeedsUnderSeededStrategyProduceDifferentOrders() {
        // Eight seeds over 4 workers × 5 rounds of same-instant wake-ups: if the strategy
        // ignored the seed, every seed would give the same order.
        let orders = (1...8).map { seed in wakeOrder(KernelSelfCheck.run(seed: UInt64(seed), strategy: .seeded)) }
        #expect(Set(orders.map { $0.joined(separator: ",") }).count >= 2)
    }

    @Test func fifoOrderDoesNotDependOnTheSeed() {
        let orders = (1...5).map { seed in wakeOrder(KernelSelfCheck.run(seed: UInt64(seed), strategy: .fifo)) }
        #expect(Set(orders.map { $0.joined(separator: ",") }).count == 1)
    }

    @Test func traceHashIsFNV1aOverCanonicalLines() {
        // Known FNV-1a 64 vectors: if the hash function changed, every recorded hash would too.
        #expect(TraceHasher.fnv1a("") == 0xCBF2_9CE4_8422_2325)
        #expect(TraceHasher.fnv1a("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(TraceHasher.hex(0xAB) == "00000000000000ab")
        var trace = Trace()
        trace.append(Note("hello"), at: SimulationInstant(nanoseconds: 1_500_000))
        #expect(trace.canonicalText == "1.500000ms test hello\n")
        #expect(trace.hash == TraceHasher.fnv1a("1.500000ms test hello\n"))
        #expect(trace.hashHex.count == 16)
    }

    @Test func anInstantRepeatedOrLongIsHashedAsItsText() {
        // The trace hashes an instant's text again from a kept copy while the instant repeats.
        let instants: [Int64] = [0, 0, 1_500_000, 1_500_000, 1_500_001, 2_000_000, 2_000_000,
                                 9_223_372_036_854_775_807, 9_223_372_036_854_775_807]
        var trace = Trace()
        var text = ""
        for nanoseconds in instants {
            let time = SimulationInstant(nanoseconds: nanoseconds)
            trace.append(Note("n"), at: time)
            text += "\(time) test n\n"
        }
        #expect(trace.canonicalText == text)
        #expect(trace.hash == TraceHasher.fnv1a(text))
    }

    @Test func anEntryGivesItsRecordBackOnlyAsTheRecordsOwnType() {
        var trace = Trace()
        trace.append(Note("hello"), at: .zero)
        trace.append(KernelEvent.runEnded(outcome: "done"), at: .zero)
        #expect(trace.entries[0].recorded(as: Note.self)?.canonicalText == "hello")
        #expect(trace.entries[0].recorded(as: KernelEvent.self) == nil)
        #expect(trace.entries[1].recorded(as: KernelEvent.self) == .runEnded(outcome: "done"))
        #expect(trace.entries[1].recorded(as: Note.self) == nil)
    }

    @Test func namedRandomStreamsAreReproducibleAndIndependent() {
        var network = SeededRandom(seed: 5, stream: "network")
        var networkAgain = SeededRandom(seed: 5, stream: "network")
        var backend = SeededRandom(seed: 5, stream: "backend")
        var first: [UInt64] = [], again: [UInt64] = [], other: [UInt64] = []
        for _ in 0..<8 {
            first.append(network.next())
            again.append(networkAgain.next())
            other.append(backend.next())
        }
        #expect(first == again)
        #expect(first != other)
    }

    @Test(arguments: 0..<10)
    func boundedDrawsStayInRangeAndCoverIt(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "range")
        let draws = (0..<500).map { _ in random.nextInt(in: 3...7) }
        #expect(draws.allSatisfy { (3...7).contains($0) })
        #expect(Set(draws) == Set(3...7))
        let never = random.chance(.never)
        let always = random.chance(.always)
        #expect(!never)
        #expect(always)
    }

    private func wakeOrder(_ result: SimulationResult) -> [String] {
        result.trace.entries.compactMap { entry -> String? in
            guard case .woke(let worker, let round)? = entry.record as? KernelSelfCheck.Event else { return nil }
            return "\(worker).\(round)"
        }
    }
}
