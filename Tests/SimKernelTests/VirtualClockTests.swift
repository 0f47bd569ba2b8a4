import Testing
@testable import SimKernel

/// The virtual clock: time moves only when nothing is ready, timers fire in
/// (deadline, insertion) order, cancellation releases a timer, long sleeps cost nothing.
@Suite struct VirtualClockTests {
    @Test func timeMovesOnlyWhenNoJobIsReady() {
        // A busy task yields a thousand times while another sleeps 10 ms. If time moved
        // while jobs were ready, the busy task would see a later `now`, or the sleeper
        // would wake before the busy task finished.
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let sleeper = simulation.spawn("sleeper") {
                try? await simulation.clock.sleep(for: .milliseconds(10))
                simulation.record(Note("sleeper woke"))
            }
            for _ in 0..<1000 { await Task.yield() }
            simulation.record(Note("busy done at \(simulation.now)"))
            await sleeper.value
        }
        #expect(result.isClean)
        #expect(result.notes == ["busy done at 0ms", "sleeper woke"])
        #expect(result.time(of: "sleeper woke") == SimulationInstant(nanoseconds: 10_000_000))
    }

    @Test func timersDueAtTheSameInstantWakeInInsertionOrderUnderFifo() {
        // Workers park in reverse order of their numbers, all due at 100 ms, so a heap that
        // broke ties by anything but insertion order (or not at all) would wake them otherwise.
        let simulation = Simulation(seed: 1, strategy: .fifo)
        let result = simulation.run {
            let deadline = SimulationInstant(nanoseconds: 100_000_000)
            for worker in (0..<12).reversed() {
                simulation.spawn("worker \(worker)") {
                    try? await simulation.clock.sleep(until: deadline, label: "worker \(worker)")
                    simulation.record(Note("\(worker)"))
                }
                await Task.yield()  // let the worker park before the next one starts
            }
            await simulation.quiescence()
        }
        #expect(result.isClean)
        #expect(result.notes == (0..<12).reversed().map(String.init))
        #expect(result.virtualTime == SimulationInstant(nanoseconds: 100_000_000))
    }

    @Test func earlierDeadlinesFireFirstWhateverTheInsertionOrder() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            for delay in [50, 10, 40, 20, 30] {
                simulation.spawn("delay \(delay)") {
                    try? await simulation.clock.sleep(for: .milliseconds(delay))
                    simulation.record(Note("\(delay) at \(simulation.now)"))
                }
            }
            await simulation.quiescence()
        }
        #expect(result.notes == ["10 at 10ms", "20 at 20ms", "30 at 30ms", "40 at 40ms", "50 at 50ms"])
    }

    @Test func cancellingASleeperWakesItWithCancellationErrorAndReleasesItsTimer() {
        // The run waits for quiescence after the cancel: that can only come if the
        // cancelled timer left the heap; otherwise the run would deadlock or wait an hour.
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let sleeper = simulation.spawn("sleeper") {
                do {
                    try await simulation.clock.sleep(for: .seconds(3600), label: "an hour")
                    simulation.record(Note("slept the hour"))
                } catch is CancellationError {
                    simulation.record(Note("cancelled at \(simulation.now)"))
                } catch {
                    simulation.record(Note("unexpected \(error)"))
                }
            }
            try? await simulation.clock.sleep(for: .milliseconds(10))
            sleeper.cancel()
            await simulation.quiescence()
        }
        #expect(result.isClean)
        #expect(result.notes == ["cancelled at 10ms"])
        #expect(result.virtualTime == SimulationInstant(nanoseconds: 10_000_000))
        #expect(result.pending.timers.isEmpty)
    }

    @Test func sleepingInAnAlreadyCancelledTaskThrowsAtOnce() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let task = simulation.spawn("cancelled early") {
                await Task.yield()
                do {
                    try await simulation.clock.sleep(for: .seconds(5))
                    simulation.record(Note("slept"))
                } catch {
                    simulation.record(Note("threw at \(simulation.now)"))
                }
            }
            task.cancel()
            await task.value
        }
        #expect(result.notes == ["threw at 0ms"])
        #expect(result.pending.timers.isEmpty)
    }

    @Test func cancellingATaskWakesEveryChildTaskSleepingUnderIt() {
        // Children inherit the spawned task's context but must not take its place as the one
        // waiting: with two children asleep at once, both wake when the parent is cancelled.
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let parent = simulation.spawn("parent") {
                await withTaskGroup(of: Void.self) { group in
                    for child in 0..<2 {
                        group.addTask {
                            do {
                                try await simulation.clock.sleep(for: .seconds(3600), label: "child \(child)")
                            } catch {
                                simulation.record(Note("child \(child) cancelled at \(simulation.now)"))
                            }
                        }
                    }
                }
                do {
                    try await simulation.clock.sleep(for: .seconds(1))
                } catch {
                    simulation.record(Note("parent cancelled at \(simulation.now)"))
                }
            }
            try? await simulation.clock.sleep(for: .seconds(5))
            parent.cancel()
            await parent.value
        }
        #expect(result.isClean)
        #expect(result.notes.sorted() == ["child 0 cancelled at 5000ms", "child 1 cancelled at 5000ms",
                                          "parent cancelled at 5000ms"])
        #expect(result.pending.timers.isEmpty)
    }

    @Test func aDayOfVirtualSleepFinishesAtExactlyADay() {
        // Asserts on virtual time only; a wall-clock sleep would never finish within the test.
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            try? await simulation.clock.sleep(for: .seconds(24 * 3600), label: "a day")
        }
        #expect(result.outcome == .completed)
        #expect(result.virtualTime.nanoseconds == 24 * 3600 * 1_000_000_000)
    }

    @Test func nowIsSetBeforeASleeperResumes() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let clock = simulation.clock
            let deadline = clock.now.advanced(by: .milliseconds(1500))
            try? await clock.sleep(until: deadline, tolerance: nil)
            simulation.record(Note("now \(clock.now)"))
        }
        #expect(result.notes == ["now 1500ms"])
    }

    @Test(arguments: 0..<20)
    func timerHeapKeepsItsOrderUnderRandomInsertAndCancel(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "heap-test")
        var heap = TimerHeap()
        var timers: [SleepTimer] = []
        for sequence in 0..<200 {
            let timer = SleepTimer(deadline: SimulationInstant(nanoseconds: Int64(random.nextInt(in: 0...50))),
                                   sequence: UInt64(sequence), label: { "t" }, task: nil)
            heap.insert(timer)
            timers.append(timer)
            if random.nextInt(in: 0...3) == 0, let victim = timers.randomElement(using: &random),
               victim.isWaiting {
                victim.state = .resolved(.cancelled)
                heap.noteResolvedEarly(victim)
            }
        }
        heap.checkInvariants()
        var popped: [SleepTimer] = []
        while let entry = heap.pop() {
            guard case .sleeper(let timer) = entry else { Issue.record("only sleepers were parked"); break }
            popped.append(timer)
        }
        let expected = timers.filter(\.isWaiting).sorted { $0.firesBefore($1) }
        #expect(popped.map(\.sequence) == expected.map(\.sequence))
        let emptied = heap.isEmpty
        #expect(emptied)
    }
}
