import Testing
@testable import SimKernel

/// A run's choices, recorded draw by draw, replay it exactly whatever the seed, and an edited
/// sequence is the seed's run with those draws changed.
@Suite struct ChoiceTapeTests {
    /// A run that sleeps 5 to 12 ms at a time (the "user" stream), records that draw and a draw of
    /// the "network" stream after each sleep, and orders same-instant timers by the scheduler's
    /// draws. Without the first line (it names the seed).
    func run(seed: UInt64, choices: ChoiceTapeMode? = nil, branches: [BranchPoint] = []) -> [String] {
        played(seed: seed, choices: choices, branches: branches).lines
    }

    /// The run's lines (without the first) and what it recorded or replayed.
    func played(seed: UInt64, choices: ChoiceTapeMode?, branches: [BranchPoint] = []) -> (lines: [String], result: SimulationResult) {
        let simulation = Simulation(seed: seed, strategy: .seeded, branches: branches, choices: choices)
        let result = simulation.run("draws") {
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
        return (Array(simulation.trace.canonicalText.split(separator: "\n").map(String.init).dropFirst()), result)
    }

    @Test(arguments: [UInt64(1), 2, 42, 2026])
    func aRunPlayedBackFromItsChoicesIsTheSameRunUnderAnySeed(seed: UInt64) throws {
        let (recorded, first) = played(seed: seed, choices: .record)
        #expect(recorded == run(seed: seed), "recording changes nothing")
        let sequence = try #require(first.choices)
        #expect(sequence.streams.map(\.name).sorted() == ["network", "scheduler", "user"])
        #expect(sequence.draws(of: "user")?.count == 40 && sequence.draws(of: "network")?.count == 40)
        let (lines, again) = played(seed: seed &+ 7_777, choices: .replay(sequence))
        let replayed = lines == recorded  // compared apart: a failure names the seed, not two traces
        #expect(replayed, "every draw came from the sequence")
        let took = again.replayedChoices
        #expect(took?.values == sequence.count && took?.unused == 0 && took?.pastTheEnd == 0)
        #expect(took?.streamsNotDrawn == [] && took?.streamsDrawn.sorted() == ["network", "scheduler", "user"])
        #expect(again.choices == sequence, "what the replay drew is the sequence itself")
        #expect(first.replayedChoices == nil)
        #expect(run(seed: seed &+ 7_777) != recorded, "the other seed's own run differs")
    }

    @Test func aBranchedRunsChoicesReplayItWithoutItsBranches() throws {
        let branches = [BranchPoint(atMilliseconds: 150, seed: 99, stream: "user")]
        let (recorded, first) = played(seed: 5, choices: .record, branches: branches)
        #expect(recorded == run(seed: 5, branches: branches))
        #expect(run(seed: 5, choices: .replay(try #require(first.choices))) == recorded)
    }

    @Test func aStreamWhoseChoicesRunOutDrawsWhatItsSeedDrawsThere() throws {
        let (original, first) = played(seed: 3, choices: .record)
        var sequence = try #require(first.choices)
        // The network's first draw changed, everything else cut: the seed's run with one value changed.
        let network = try #require(sequence.streams.firstIndex { $0.name == "network" })
        sequence.streams[network].draws = [sequence.streams[network].draws[0] ^ 0xFFFF_0000_0000_0000]
        let (lines, edited) = played(seed: 3, choices: .replay(sequence))
        let changed = zip(original, lines).filter { $0 != $1 }
        #expect(changed.count == 1, "one line changed: \(changed)")
        #expect(edited.replayedChoices?.values == sequence.count && edited.replayedChoices?.pastTheEnd == 39, "the network drew 39 past its one value")
        #expect(run(seed: 3, choices: .replay(ChoiceSequence())) == original, "an empty sequence is the seed's run")
        #expect(edited.choices?.draws(of: "network") == first.choices?.draws(of: "network").map { [sequence.streams[network].draws[0]] + $0.dropFirst() },
                "what the edited run drew: the edited value, then the seed's draws")
        var misspelt = sequence
        misspelt.streams[network] = ChoiceSequence.Stream(name: "netwrk", draws: [1, 2])
        let (_, result) = played(seed: 3, choices: .replay(misspelt))
        #expect(result.replayedChoices?.streamsNotDrawn == ["netwrk"] && result.replayedChoices?.unused == 2)
    }

    @Test func theKernelsStreamIsNotAnApps() {
        let simulation = Simulation(seed: 4, choices: .record)
        var app = simulation.randomStream("scheduler"), other = simulation.randomStream("scheduler-of-the-app")
        #expect(app.next() == other.next(), "a stream asked for by the kernel's name is another, the same for every run")
        var kernels = SeededRandom(seed: 4, stream: "scheduler")
        #expect(app.next() != kernels.next())
    }

    @Test func aStreamsTextReadsBackAndAnythingElseNamesTheBadDraw() throws {
        let draws: [UInt64] = [0, 0x1f, .max, 0x9c04_e2d1_7a3b_5e60]
        let text = ChoiceSequence.text(of: draws)
        #expect(text == "0 1f ffffffffffffffff 9c04e2d17a3b5e60")
        #expect(try ChoiceSequence.draws(fromText: "  " + text.uppercased() + " ").get() == draws)
        #expect(try ChoiceSequence.draws(fromText: "").get() == [])
        #expect(try ChoiceSequence.draws(fromText: "1f\n0\t2 ").get() == [0x1f, 0, 2], "line breaks and tabs separate too")
        for (bad, position) in [("1f -2", 2), ("+1", 1), ("1ffffffffffffffff", 1), ("0x1f", 1), ("12 zz 3", 2), ("1\n2\tzz", 3)] {
            guard case .failure(let problem) = ChoiceSequence.draws(fromText: bad) else {
                Issue.record("\(bad) was read")
                continue
            }
            #expect(problem.position == position, "\(bad)")
        }
        #expect(ChoiceSequence.isStreamName("user-tastes") && !ChoiceSequence.isStreamName("User") && !ChoiceSequence.isStreamName(""))
    }
}
