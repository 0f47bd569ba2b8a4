import Testing
@testable import SimKernel

/// A branched run is its parent exactly up to the branch instant, and its own after it.
@Suite struct BranchPointTests {
    /// A run that sleeps 5 to 12 ms at a time (from the "user" stream) and records that draw and a
    /// draw of the "network" stream after each sleep.
    func trace(seed: UInt64, branches: [BranchPoint], strategy: SchedulingStrategy = .seeded) -> [String] {
        let simulation = Simulation(seed: seed, strategy: strategy, branches: branches)
        _ = simulation.run("draws") {
            var user = simulation.randomStream("user"), network = simulation.randomStream("network")
            for _ in 0..<60 {
                let think = user.nextInt(in: 5...12)
                try? await simulation.clock.sleep(for: .milliseconds(think), label: "think")
                simulation.record(Note("user \(think) network \(network.nextInt(in: 0...1_000_000))"))
            }
        }
        return simulation.trace.canonicalText.split(separator: "\n").map(String.init)
    }

    func millisecond(of line: String) -> Int64 {
        Int64(line.prefix { $0.isNumber }) ?? -1
    }

    @Test(arguments: [UInt64(1), 2, 3, 42, 2026])
    func aBranchedRunIsItsParentBeforeTheBranchAndItsOwnAfter(seed: UInt64) {
        let parent = trace(seed: seed, branches: [])
        let at: Int64 = 150
        let child = trace(seed: seed, branches: [BranchPoint(atMilliseconds: at, seed: seed &+ 1000)])
        #expect(parent.filter { millisecond(of: $0) < at } == child.filter { millisecond(of: $0) < at })
        #expect(parent.filter { millisecond(of: $0) >= at } != child.filter { millisecond(of: $0) >= at })
        #expect(child == trace(seed: seed, branches: [BranchPoint(atMilliseconds: at, seed: seed &+ 1000)]), "a branch replays exactly")
    }

    @Test func aSecondBranchKeepsTheFirstBranchsRunUpToItsOwnInstant() {
        let first = [BranchPoint(atMilliseconds: 100, seed: 5)]
        let second = first + [BranchPoint(atMilliseconds: 250, seed: 6)]
        let parent = trace(seed: 9, branches: first), child = trace(seed: 9, branches: second)
        #expect(parent.filter { millisecond(of: $0) < 250 } == child.filter { millisecond(of: $0) < 250 })
        #expect(parent != child)
    }

    /// The draws a run recorded of a stream, in order, from the lines `trace(seed:branches:)` writes.
    func draws(of stream: String, in lines: [String]) -> [String] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            guard let position = words.firstIndex(where: { $0 == stream }), position + 1 < words.count else { return nil }
            return String(words[position + 1].prefix { $0.isNumber })
        }
    }

    @Test(arguments: [UInt64(1), 2, 42])
    func aBranchOfOneStreamKeepsEveryOtherStreamsDraws(seed: UInt64) {
        let parent = trace(seed: seed, branches: [])
        let child = trace(seed: seed, branches: [BranchPoint(atMilliseconds: 150, seed: seed &+ 1000, stream: "user")])
        #expect(draws(of: "network", in: child) == draws(of: "network", in: parent), "the network's draws are the parent's")
        #expect(draws(of: "user", in: child) != draws(of: "user", in: parent))
        #expect(parent.filter { millisecond(of: $0) < 150 } == child.filter { millisecond(of: $0) < 150 })
        let elsewhere = trace(seed: seed, branches: [BranchPoint(atMilliseconds: 150, seed: seed &+ 1000, stream: "backend")])
        #expect(elsewhere == parent, "a point for a stream the run never draws changes nothing")
    }

    @Test(arguments: [UInt64(1), 2, 42])
    func aBranchOfOneDrawChangesThatDrawAndKeepsEveryLaterOne(seed: UInt64) {
        let parent = draws(of: "user", in: trace(seed: seed, branches: []))
        let child = draws(of: "user", in: trace(seed: seed, branches: [BranchPoint(atMilliseconds: 150, seed: seed &+ 1000,
                                                                                  stream: "user", draws: 1)]))
        #expect(child.count == parent.count)
        let changed = zip(parent, child).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed.count <= 1, "one draw redrawn, every later one the parent's: \(changed)")
        let two = draws(of: "user", in: trace(seed: seed, branches: [BranchPoint(atMilliseconds: 150, seed: seed &+ 1000,
                                                                                stream: "user", draws: 2)]))
        #expect(Array(two.prefix(changed.first ?? 0)) == Array(parent.prefix(changed.first ?? 0)))
        #expect(Array(two.dropFirst((changed.first ?? parent.count) + 2)) == Array(parent.dropFirst((changed.first ?? parent.count) + 2)))
    }

    @Test func pointsGivenOutOfOrderAreTakenInTimeOrder() {
        let inOrder = [BranchPoint(atMilliseconds: 100, seed: 5), BranchPoint(atMilliseconds: 250, seed: 6)]
        #expect(trace(seed: 9, branches: inOrder.reversed()) == trace(seed: 9, branches: inOrder))
        #expect(Simulation(seed: 9, branches: inOrder.reversed()).branches == inOrder)
    }

    @Test func aRunWithoutBranchesDrawsAsBefore() {
        var plain = SeededRandom(seed: 77, stream: "user")
        let simulation = Simulation(seed: 77)
        var handed = simulation.randomStream("user")
        #expect((0..<5).map { _ in plain.next() } == (0..<5).map { _ in handed.next() })
    }

    @Test func theWatchdogsReportNamesTheBranchesOfTheRunItStopped() {
        let simulation = Simulation(seed: 5, branches: [BranchPoint(atMilliseconds: 10, seed: 7)])
        #expect(simulation.stallReport(quietFor: .seconds(1)).text.contains("seed 5@10ms=7 made no progress"))
        #expect(simulation.crashedRun().branches == simulation.branches)
        #expect(Simulation(seed: 5).stallReport(quietFor: .seconds(1)).text.contains("seed 5 made no progress"))
    }

    @Test func aStreamThatOutlivesItsRunKeepsDrawingWhereItIs() {
        var stream: SeededRandom
        do {
            let simulation = Simulation(seed: 3, branches: [BranchPoint(atMilliseconds: 10, seed: 4)])
            stream = simulation.randomStream("user")
        }
        var same = SeededRandom(seed: 3, stream: "user")
        #expect((0..<3).map { _ in stream.next() } == (0..<3).map { _ in same.next() })
    }
}
