import Testing
@testable import SimKernel

/// A step that records a note at each of its times, then schedules its next one: the shape of a
/// request travelling out, through a server, and back.
private final class Relay: SimulationStep {
    let simulation: Simulation
    let name: String
    var delays: [Duration]

    init(_ name: String, simulation: Simulation, delays: [Duration]) {
        self.name = name
        self.simulation = simulation
        self.delays = delays
    }

    var label: String { "\(name) waits" }

    func run() {
        simulation.record(Note("\(name) at \(simulation.now)"))
        guard !delays.isEmpty else { return }
        simulation.schedule(self, at: simulation.now.advanced(by: delays.removeFirst()))
    }
}

/// `SimulationStep`: work that waits only for time runs without a task, in the very order a task
/// doing the same would run.
@Suite struct SimulationStepTests {
    @Test func aScheduledStepRunsAtItsDeadline() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            simulation.schedule(Relay("ping", simulation: simulation, delays: [.milliseconds(30)]),
                                at: SimulationInstant(nanoseconds: 20_000_000))
            try? await simulation.clock.sleep(for: .seconds(1))
        }
        #expect(result.notes == ["ping at 20ms", "ping at 50ms"])
        #expect(result.isClean)
    }

    @Test func aStartedStepRunsAfterTheJobsReadyBeforeIt() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            simulation.spawn("first") { simulation.record(Note("first task")) }
            simulation.start(Relay("step", simulation: simulation, delays: []))
            simulation.spawn("second") { simulation.record(Note("second task")) }
            simulation.record(Note("root"))
            await simulation.quiescence()
        }
        #expect(result.notes == ["root", "first task", "step at 0ms", "second task"])
    }

    /// The guarantee the model relies on: replacing a task that only sleeps by steps changes
    /// nothing in the trace, under every seeded same-instant ordering.
    @Test func stepsInterleaveExactlyAsSleepingTasksWouldUnderEverySeed() {
        for seed in UInt64(1)...60 {
            let withTasks = relayWorkload(seed: seed, asSteps: false)
            let withSteps = relayWorkload(seed: seed, asSteps: true)
            #expect(withSteps.notes == withTasks.notes, "seed \(seed)")
            #expect(withSteps.trace.hash == withTasks.trace.hash, "seed \(seed)")
        }
    }

    @Test func anUnscheduledStepNeverRunsAndNothingWaitsForIt() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            let late = Relay("late", simulation: simulation, delays: [])
            simulation.schedule(late, at: SimulationInstant(nanoseconds: 5_000_000_000))
            try? await simulation.clock.sleep(for: .seconds(1))
            #expect(simulation.unschedule(late))
            #expect(!simulation.unschedule(late), "taking it back twice finds nothing the second time")
            await simulation.quiescence()
            simulation.record(Note("quiet at \(simulation.now)"))
        }
        #expect(result.notes == ["quiet at 1000ms"])
        #expect(result.pending.timers.isEmpty)
    }

    @Test func stepsParkedWhenTheRunEndsAreReportedAndNeverRun() {
        let simulation = Simulation(seed: 1, limits: RunLimits(maxVirtualTime: .seconds(1)))
        let result = simulation.run {
            simulation.schedule(Relay("late", simulation: simulation, delays: []), at: SimulationInstant(nanoseconds: 5_000_000_000))
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        #expect(result.outcome == .limitReached(.virtualTime))
        #expect(result.pending.timers.map(\.label) == ["late waits"])
        #expect(result.notes.isEmpty)
    }

    /// Workers that record, sleep a seeded while, record again, sleep, and record: as tasks, or as
    /// steps. Equal delays make same-instant ties for the seeded strategy to order.
    private func relayWorkload(seed: UInt64, asSteps: Bool) -> SimulationResult {
        let simulation = Simulation(seed: seed, strategy: .seeded)
        return simulation.run {
            var random = simulation.randomStream("delays")
            for worker in 0..<6 {
                let delays = (0..<2).map { _ in Duration.milliseconds(10 * random.nextInt(in: 1...3)) }
                let name = "w\(worker)"
                if asSteps {
                    simulation.start(Relay(name, simulation: simulation, delays: delays))
                } else {
                    simulation.spawn(name) {
                        for delay in [Duration.zero] + delays {
                            if delay > .zero { try? await simulation.clock.sleep(for: delay) }
                            simulation.record(Note("\(name) at \(simulation.now)"))
                        }
                    }
                }
            }
            try? await simulation.clock.sleep(for: .milliseconds(20))
            simulation.record(Note("root at \(simulation.now)"))
        }
    }
}
