import Testing
import Glibc
@testable import SimKernel

/// A countdown as seed 002 §5 writes it, on the main actor: one tick a second, by `Task.sleep`
/// (the seed's own code) or by the injected clock.
@MainActor final class SleepingCountdown {
    enum Wait { case taskSleep, injectedClock }
    let simulation: Simulation
    let wait: Wait
    var secondsLeft = 3

    init(simulation: Simulation, wait: Wait) {
        self.simulation = simulation
        self.wait = wait
    }

    func run() async {
        while secondsLeft > 0 {
            switch wait {
            case .taskSleep: try? await Task.sleep(nanoseconds: 1_000_000_000)  // determinism: ok (the wait under test)
            case .injectedClock: try? await simulation.clock.sleep(for: .seconds(1))
            }
            secondsLeft -= 1
            simulation.record(Note("resend in \(secondsLeft)"))
        }
    }
}

/// `Task.sleep`, `ContinuousClock` and `SuspendingClock` follow a run's virtual clock.
@Suite struct VirtualSleepTests {
    /// Two countdowns and a request racing them, as a screen and its store would.
    func countdowns(seed: UInt64, wait: SleepingCountdown.Wait) -> SimulationResult {
        let simulation = Simulation(seed: seed, strategy: .seeded)
        return simulation.run {
            let first = await SleepingCountdown(simulation: simulation, wait: wait)
            let second = await SleepingCountdown(simulation: simulation, wait: wait)
            async let one: Void = first.run()
            async let two: Void = second.run()
            try? await simulation.clock.sleep(for: .milliseconds(1500))
            simulation.record(Note("answer arrived"))
            _ = await (one, two)
        }
    }

    @Test func aCountdownOnTaskSleepLeavesTheSameTraceAsOnTheInjectedClock() {
        for seed: UInt64 in 1...20 {
            let asleep = countdowns(seed: seed, wait: .taskSleep)
            let injected = countdowns(seed: seed, wait: .injectedClock)
            #expect(asleep.isClean, "\(asleep.report)")
            #expect(asleep.trace.entries.map(\.line) == injected.trace.entries.map(\.line), "seed \(seed)")
            #expect(asleep.notes.filter { $0 == "resend in 0" }.count == 2)
        }
    }

    @Test func aRunThatSleepsOnTheWallClockIsTheSameEveryTime() {
        for seed: UInt64 in 1...20 {
            #expect(countdowns(seed: seed, wait: .taskSleep).traceHash == countdowns(seed: seed, wait: .taskSleep).traceHash)
        }
    }

    @Test func everyWallClockSleepTakesItsDurationOfVirtualTime() {
        let simulation = Simulation(seed: 2)
        let result = simulation.run {
            try? await Task.sleep(for: .milliseconds(300))  // determinism: ok (the wait under test)
            simulation.record(Note("task sleep for"))
            try? await ContinuousClock().sleep(for: .seconds(2))  // determinism: ok (the wait under test)
            simulation.record(Note("continuous clock"))
            try? await SuspendingClock().sleep(until: .now.advanced(by: .seconds(30)))  // determinism: ok (the wait under test)
            simulation.record(Note("suspending clock"))
            try? await Task.sleep(until: .now + .milliseconds(250), clock: .continuous)  // determinism: ok (the wait under test)
            simulation.record(Note("task sleep until"))
            try? await Task.sleep(for: .microseconds(10))  // determinism: ok (the wait under test)
            simulation.record(Note("under a millisecond"))
        }
        #expect(result.isClean, "\(result.report)")
        #expect(result.time(of: "task sleep for") == .zero.advanced(by: .milliseconds(300)))
        #expect(result.time(of: "continuous clock") == .zero.advanced(by: .milliseconds(2300)))
        #expect(result.time(of: "suspending clock") == .zero.advanced(by: .milliseconds(32300)))
        #expect(result.time(of: "task sleep until") == .zero.advanced(by: .milliseconds(32550)))
        #expect(result.time(of: "under a millisecond") == .zero.advanced(by: .microseconds(32_550_010)))
    }

    @Test func aCancelledTaskSleepEndsAtOnceWithCancellation() {
        let simulation = Simulation(seed: 3)
        let result = simulation.run {
            let sleeper = Task {
                do {
                    try await Task.sleep(for: .seconds(30))  // determinism: ok (the wait under test)
                    simulation.record(Note("slept"))
                } catch {
                    simulation.record(Note("cancelled: \(error is CancellationError)"))
                }
            }
            try? await simulation.clock.sleep(for: .seconds(2))
            sleeper.cancel()
            await sleeper.value
            simulation.record(Note("done"))
        }
        #expect(result.isClean, "\(result.report)")
        #expect(result.notes == ["cancelled: true", "done"])
        #expect(result.time(of: "done") == .zero.advanced(by: .seconds(2)))
    }

    @Test func aSleepStillParkedWhenTheRunEndsIsWokenAsItTearsDown() {
        let simulation = Simulation(seed: 4)
        let result = simulation.run {
            Task { try? await Task.sleep(for: .seconds(600)) }  // determinism: ok (the wait under test)
            try? await simulation.clock.sleep(for: .seconds(1))
        }
        #expect(result.isClean, "\(result.report)")
        #expect(result.virtualTime == .zero.advanced(by: .seconds(1)))
        let noTimers = simulation.timers.isEmpty
        #expect(noTimers)
        #expect(!simulation.executor.hasReadyJobs)
    }

    @Test func aRunThatWaitsOnlyOnTaskSleepNamesItWhenItHitsItsTimeLimit() {
        let simulation = Simulation(seed: 5, limits: RunLimits(maxVirtualTime: .seconds(10)))
        let result = simulation.run {
            try? await Task.sleep(for: .seconds(60))  // determinism: ok (the wait under test)
        }
        #expect(result.outcome == .limitReached(.virtualTime))
        #expect(result.pending.lines.contains("timer 'Task.sleep' due at 60000ms"))
    }

    @Test func theContinuousAndSuspendingClocksReadTheRunsTimeInARunAndTheRealTimeOutside() {
        #expect(VirtualClockReading.isInstalled, "the clock slot of libswift_Concurrency.so was found")
        let simulation = Simulation(seed: 6)
        let result = simulation.run {
            let started = ContinuousClock.now  // determinism: ok (the reading under test)
            try? await simulation.clock.sleep(for: .milliseconds(1_250))
            let continuous = started.duration(to: ContinuousClock.now)  // determinism: ok (the reading under test)
            let suspending = SuspendingClock.now  // determinism: ok (the reading under test)
            simulation.record(Note("continuous \(continuous) suspending \(suspending)"))
        }
        #expect(result.notes == ["continuous 1.25 seconds suspending Instant(_value: 1000001.25 seconds)"], "\(result.notes)")
        let outside = ContinuousClock.now  // determinism: ok (outside any run: the real clock)
        #expect(outside.duration(to: ContinuousClock.now) >= .zero)  // determinism: ok (as above)
        #expect(SuspendingClock.now > SuspendingClock.Instant.now.advanced(by: .seconds(-1)))  // determinism: ok (as above)
    }

    @Test func aSleepTakesItsDurationToTheNanosecondHoweverLongTheHostStallsTheSleeper() {
        // The sleeper's thread stops for 30 ms of real time between reading the clock and
        // sleeping until a deadline from that reading: the run's time did not move, so neither
        // does the sleep's.
        let simulation = Simulation(seed: 7)
        let result = simulation.run {
            let deadline = ContinuousClock.now.advanced(by: .microseconds(1_500))  // determinism: ok (the reading under test)
            usleep(30_000)  // determinism: ok (a stalled host, on purpose)
            try? await ContinuousClock().sleep(until: deadline)  // determinism: ok (the wait under test)
            simulation.record(Note("woke"))
        }
        #expect(result.time(of: "woke") == .zero.advanced(by: .microseconds(1_500)))
    }

    @Test func outsideARunTaskSleepStillWaitsInRealTime() async throws {
        MainActorBridge.install()
        let clock = ContinuousClock()  // determinism: ok (the test measures real time outside a run)
        let start = clock.now
        try await Task.sleep(for: .milliseconds(20))  // determinism: ok (outside any run)
        #expect(start.duration(to: clock.now) >= .milliseconds(20))
    }

    @Test func durationsRoundUpToWholeMilliseconds() {
        #expect(VirtualSleep.wholeMilliseconds(.nanoseconds(999_990_000)) == 1_000_000_000)
        #expect(VirtualSleep.wholeMilliseconds(.seconds(1)) == 1_000_000_000)
        #expect(VirtualSleep.wholeMilliseconds(.nanoseconds(1)) == 1_000_000)
        #expect(VirtualSleep.wholeMilliseconds(.zero) == 0)
        #expect(VirtualSleep.wholeMilliseconds(.seconds(-3)) == 0)
        #expect(VirtualSleep.wholeMilliseconds(.seconds(Int64.max)) == .max)
        #expect(VirtualSleep.exact(.nanoseconds(1_500)) == 1_500)
    }
}
