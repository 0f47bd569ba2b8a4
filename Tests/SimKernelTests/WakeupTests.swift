import Testing
@testable import SimKernel

/// `suspend(until:wakeup:)`: a deadline or a wake-up, whichever comes first, with no second task.
@Suite struct WakeupTests {
    @Test func aWakeUpBeforeTheDeadlineResumesAtOnceAndReleasesTheTimer() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let wakeup = Wakeup()
            simulation.spawn("answer") {
                try? await simulation.clock.sleep(for: .milliseconds(80), label: "server")
                simulation.wake(wakeup)
            }
            let deadline = simulation.now.advanced(by: .seconds(10))
            let reason = await simulation.suspend(until: deadline, label: "request timeout", wakeup: wakeup)
            simulation.record(Note("\(reason) at \(simulation.now)"))
            await simulation.quiescence()
        }
        #expect(result.notes == ["woken at 80ms"])
        #expect(result.virtualTime == SimulationInstant(nanoseconds: 80_000_000), "the 10 s timer was released")
    }

    @Test func theDeadlineWinsWhenNobodyWakes() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let reason = await simulation.suspend(until: SimulationInstant(nanoseconds: 3_000_000_000), label: "timeout",
                                                  wakeup: Wakeup())
            simulation.record(Note("\(reason) at \(simulation.now)"))
        }
        #expect(result.notes == ["deadline at 3000ms"])
    }

    @Test func aWakeUpBeforeSuspendingReturnsImmediately() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let wakeup = Wakeup()
            simulation.wake(wakeup)
            let reason = await simulation.suspend(until: nil, label: "already answered", wakeup: wakeup)
            simulation.record(Note("\(reason) at \(simulation.now)"))
        }
        #expect(result.notes == ["woken at 0ms"])
        #expect(result.isClean)
    }

    @Test func withoutADeadlineOnlyAWakeUpOrCancellationResumes() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let waiter = simulation.spawn("waiter") {
                let reason = await simulation.suspend(until: nil, label: "forever")
                simulation.record(Note("\(reason) at \(simulation.now)"))
            }
            try? await simulation.clock.sleep(for: .seconds(5))
            waiter.cancel()
            await waiter.value
        }
        #expect(result.notes == ["cancelled at 5000ms"])
    }

    /// The kernel reuses finished timers: a late wake-up of an earlier wait must not end a later one.
    @Test func aLateWakeUpOfAFinishedWaitDoesNotEndTheNextWait() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let wakeup = Wakeup()
            simulation.spawn("waker") {
                try? await simulation.clock.sleep(for: .milliseconds(10))
                simulation.wake(wakeup)
                try? await simulation.clock.sleep(for: .milliseconds(20))
                simulation.wake(wakeup)  // the wait it was for is over
            }
            let first = await simulation.suspend(until: nil, label: "answer", wakeup: wakeup)
            simulation.record(Note("\(first) at \(simulation.now)"))
            for _ in 0..<3 {
                try? await simulation.clock.sleep(for: .milliseconds(100), label: "later wait")
                simulation.record(Note("slept until \(simulation.now)"))
            }
        }
        #expect(result.notes == ["woken at 10ms", "slept until 110ms", "slept until 210ms", "slept until 310ms"])
    }
}
