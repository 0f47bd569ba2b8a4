import Testing
@testable import SimKernel

/// A run's choices, recorded draw by draw, replay it exactly whatever the seed, and an edited
/// sequence is the seed's run with those draws changed.
@Suite struct ChoiceTapeTests {
    /// A run that sleeps 5 to 12 ms at a time (the "user" stream), records that draw and a draw of
    /// the "network" stream after each sleep, and orders same-instant timers by the scheduler's
    /// draws. Without the first line (it names the seed).
    func run(seed: UInt64, choices: ChoiceTape? = nil, branches: [BranchPoint] = []) -> [String] {
        let simulation = Simulation(seed: seed, strategy: .seeded, branches: branches, choices: choices)
        _ = simulation.run("draws") {
            var user = simulation.randomStream("user"), network = simulation.randomStream("network")
            for round in 0..<40 {
                let think = user.nextInt(in: 5...12)
                // Two sleepers due at one instant: the scheduler draws their order.
                simulation.spawn("a\(round)") { try? await simulation.clock.sleep(for: .milliseconds(think), label: "a"); simulation.record(Note("a")) }
                simulation.spawn("b\(round)") { try? await simulation.clock.sleep(for: .milliseconds(think), label: "b"); simulation.record(Note("b")) }
                try? await simulation.clock.sleep(for: .milliseconds(think + 1), label: "think")
                simulation.record(Note("user \(think) network \(network.nextInt(in: 0...1_000_000))"))
            }
        }
        return Array(simulation.trace.canonicalText.split(separator: "\n").map(String.init).dropFirst())
    }

    @Test(arguments: [UInt64(1), 2, 42, 2026])
    func aRunPlayedBackFromItsChoicesIsTheSameRunUnderAnySeed(seed: UInt64) {
        let tape = ChoiceTape()
        let recorded = run(seed: seed, choices: tape)
        #expect(recorded == run(seed: seed), "recording changes nothing")
        let sequence = tape.sequence
        #expect(sequence.streams.map(\.name).sorted() == ["network", "scheduler", "user"])
        #expect(sequence.draws(of: "user")?.count == 40 && sequence.draws(of: "network")?.count == 40)
        let replay = ChoiceTape(replaying: sequence)
        let replayed = run(seed: seed &+ 7_777, choices: replay) == recorded
        #expect(replayed, "every draw came from the tape")
        #expect(replay.drawsPastTheEnd == 0 && replay.valuesReplayed == sequence.count)
        #expect(run(seed: seed &+ 7_777) != recorded, "the other seed's own run differs")
    }

    @Test func aBranchedRunsChoicesReplayItWithoutItsBranches() {
        let branches = [BranchPoint(atMilliseconds: 150, seed: 99, stream: "user")]
        let tape = ChoiceTape()
        let recorded = run(seed: 5, choices: tape, branches: branches)
        #expect(recorded == run(seed: 5, branches: branches))
        #expect(run(seed: 5, choices: ChoiceTape(replaying: tape.sequence)) == recorded)
    }

    @Test func aStreamWhoseChoicesRunOutDrawsWhatItsSeedDrawsThere() {
        let tape = ChoiceTape()
        let original = run(seed: 3, choices: tape)
        var sequence = tape.sequence
        // The network's first draw changed, everything else cut: the seed's run with one value changed.
        let network = sequence.streams.firstIndex { $0.name == "network" }!
        sequence.streams[network].draws = [sequence.streams[network].draws[0] ^ 0xFFFF_0000_0000_0000]
        let edited = ChoiceTape(replaying: sequence)
        let lines = run(seed: 3, choices: edited)
        let changed = zip(original, lines).filter { $0 != $1 }
        #expect(changed.count == 1, "one line changed: \(changed)")
        #expect(edited.drawsPastTheEnd > 0)
        #expect(run(seed: 3, choices: ChoiceTape(replaying: ChoiceSequence())) == original, "an empty sequence is the seed's run")
    }

    @Test func aStreamsTextReadsBackAndAnythingElseNamesTheBadDraw() throws {
        let draws: [UInt64] = [0, 0x1f, .max, 0x9c04_e2d1_7a3b_5e60]
        let text = ChoiceSequence.text(of: draws)
        #expect(text == "0 1f ffffffffffffffff 9c04e2d17a3b5e60")
        #expect(try ChoiceSequence.draws(fromText: "  " + text.uppercased() + " ").get() == draws)
        #expect(try ChoiceSequence.draws(fromText: "").get() == [])
        for (bad, position) in [("1f -2", 1), ("+1", 0), ("1ffffffffffffffff", 0), ("0x1f", 0), ("12 zz 3", 1)] {
            guard case .failure(let problem) = ChoiceSequence.draws(fromText: bad) else {
                Issue.record("\(bad) was read")
                continue
            }
            #expect(problem.position == position, "\(bad)")
        }
        #expect(ChoiceSequence.isStreamName("user-tastes") && !ChoiceSequence.isStreamName("User") && !ChoiceSequence.isStreamName(""))
    }
}
