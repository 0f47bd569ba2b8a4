import Testing
import SimKernel

/// A model isolated to the main actor, as an iOS view model often is.
@MainActor final class MainActorCounter {
    var count = 0
    let simulation: Simulation

    init(simulation: Simulation) { self.simulation = simulation }

    func bump() async {
        try? await simulation.clock.sleep(for: .seconds(1), label: "main-actor work")
        count += 1
        MainActor.assertIsolated("a main-actor job runs as the main actor's")
        simulation.record(Note("main actor count=\(count)"))
    }
}

/// `@MainActor` code runs inside a run, in its order, on its virtual clock (`MainActorBridge`).
@Suite struct MainActorBridgeTests {
    init() { MainActorBridge.install() }

    func countThrice(seed: UInt64) -> SimulationResult {
        let simulation = Simulation(seed: seed)
        return simulation.run {
            let counter = await MainActorCounter(simulation: simulation)
            for _ in 0..<3 { await counter.bump() }
            let count = await counter.count
            simulation.record(Note("done count=\(count)"))
        }
    }

    @Test func mainActorCodeRunsInTheRunOnItsVirtualClock() {
        let result = countThrice(seed: 1)
        #expect(result.isClean, "\(result.report)")
        #expect(result.notes == ["main actor count=1", "main actor count=2", "main actor count=3", "done count=3"])
        #expect(result.time(of: "done count=3") == .zero.advanced(by: .seconds(3)))
        #expect(result.foreignEnqueues == 0)
    }

    /// Synchronous code of the run, as an actor's method that reads a main-actor model is.
    static func assumeMain<T: Sendable>(_ body: @MainActor () -> T) -> T { MainActor.assumeIsolated(body) }

    @Test func codeOfARunMayAssumeTheMainActorOnItsDriverThread() {
        let simulation = Simulation(seed: 3)
        let result = simulation.run {
            let counter = await MainActorCounter(simulation: simulation)
            let count = Self.assumeMain { counter.count + 1 }
            simulation.record(Note("assumed count=\(count)"))
        }
        #expect(result.isClean, "\(result.report)")
        #expect(result.notes == ["assumed count=1"])
    }

    @Test func aRunWithMainActorCodeIsTheSameTwice() {
        #expect(countThrice(seed: 7).traceHash == countThrice(seed: 7).traceHash)
    }
}
