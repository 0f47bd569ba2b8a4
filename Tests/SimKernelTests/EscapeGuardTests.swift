import Testing
@testable import SimKernel

/// The escape guard takes the driver thread's global-executor jobs into the run, so nothing
/// started inside a run leaves it.
@Suite struct EscapeGuardTests {
    /// Records what the test did, at the virtual time it did it.
    struct Note: TraceRecord {
        let text: String
        var lane: String { "test" }
        func writeCanonical(to writer: inout some CanonicalWriter) { writer.write(text) }
    }

    @Test func theRuntimeHooksAreFound() {
        #expect(EscapeGuard.isInstalled)
    }

    @Test func aCleanRunHasNoForeignJobs() {
        let result = KernelSelfCheck.run(seed: 3, strategy: .seeded)
        #expect(result.foreignEnqueues == 0)
        #expect(result.isClean)
    }

    @Test func aDetachedTaskStartedInsideARunRunsInTheRunOnItsVirtualClock() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            try? await simulation.clock.sleep(for: .seconds(2))
            Task.detached {  // determinism: ok (this test proves the guard takes it into the run)
                simulation.record(Note(text: "detached task ran"))
            }
            try? await simulation.clock.sleep(for: .seconds(1))
        }
        #expect(result.isClean)
        #expect(result.trace.entries.contains { $0.line == "2000ms test detached task ran" })
    }

    @Test func aPlainTaskStartedInsideARunRunsInTheRun() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let task = Task {
                try? await simulation.clock.sleep(for: .seconds(5))
                simulation.record(Note(text: "plain task woke"))
            }
            await task.value
        }
        #expect(result.isClean)
        #expect(result.trace.entries.contains { $0.line == "5000ms test plain task woke" })
    }

    @Test func aSleepOnTheWallClocksTaskSleepRunsOnTheRunsVirtualClock() {
        // On Swift 6.3.1 `Task.sleep` hands its wake-up job to the default executor with a
        // deadline, past the runtime's enqueue hooks; `MainActorBridge`'s default executor parks it
        // on the run's clock (`VirtualSleep.swift`). An hour of it takes no wall time.
        let simulation = Simulation(seed: 1)
        let result = simulation.run("wall-clock sleeper") {
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // determinism: ok (proves it runs on virtual time)
            simulation.record(Note(text: "slept an hour"))
        }
        #expect(result.isClean, "\(result.report)")
        #expect(result.trace.entries.contains { $0.line == "3600000ms test slept an hour" })
    }
}
