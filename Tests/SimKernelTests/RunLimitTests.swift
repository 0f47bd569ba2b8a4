import Testing
@testable import SimKernel

/// Every run ends: deadlocks and limits end it with a report naming what was pending.
@Suite struct RunLimitTests {
    @Test func aRootTaskWaitingOnNothingIsADeadlockThatNamesThePendingTasks() {
        let trap = Trap()
        let simulation = Simulation(seed: 1)
        let result = simulation.run("stuck root") {
            simulation.spawn("sync-queue flush") {
                await withUnsafeContinuation { trap.continuation = $0 }
            }
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        #expect(result.outcome == .deadlock)
        #expect(result.pending.tasks == ["stuck root", "sync-queue flush"])
        #expect(result.report.contains("did not settle"))
        #expect(result.report.contains("task 'sync-queue flush' not finished"))
    }

    @Test func theVirtualTimeLimitEndsARunAndNamesThePendingTimer() {
        let simulation = Simulation(seed: 1, limits: RunLimits(maxVirtualTime: .seconds(600)))
        let result = simulation.run("launch") {
            try? await simulation.clock.sleep(for: .seconds(3600), label: "backend check")
        }
        #expect(result.outcome == .limitReached(.virtualTime))
        #expect(result.pending.timers == [PendingWork.Timer(deadline: SimulationInstant(nanoseconds: 3_600_000_000_000),
                                                            label: "backend check")])
        #expect(result.pending.tasks == ["launch"])
        #expect(result.report.contains("timer 'backend check' due at 3600000ms"))
    }

    @Test func theJobLimitEndsABusyLoop() {
        let simulation = Simulation(seed: 1, limits: RunLimits(maxJobs: 500))
        let result = simulation.run("spinner") {
            while true { await Task.yield() }
        }
        #expect(result.outcome == .limitReached(.jobs))
        #expect(result.jobsRun == 500)
        #expect(result.pending.tasks == ["spinner"])
    }

    /// A cancelled task's waits return at once; one that keeps waiting in a loop would spin inside
    /// one job forever. The kernel parks it for good after `maxTeardownJobs` refused waits.
    @Test func aTaskThatKeepsWaitingAfterItWasCancelledIsStoppedAndReported() {
        let simulation = Simulation(seed: 1, limits: RunLimits(maxVirtualTime: .seconds(10), maxTeardownJobs: 50))
        let result = simulation.run("poller") {
            while true { try? await simulation.clock.sleep(for: .seconds(1), label: "poll") }
        }
        #expect(result.outcome == .limitReached(.virtualTime))
        #expect(result.strandedTasks == ["poller"])
        #expect(!result.isClean)
        #expect(result.report.contains("kept waiting in a loop after they were cancelled"))
    }

    @Test func aTaskThatStopsWhenItsWaitThrowsIsNotStranded() {
        let simulation = Simulation(seed: 1, limits: RunLimits(maxVirtualTime: .seconds(10), maxTeardownJobs: 50))
        let result = simulation.run("poller") {
            while true {
                do { try await simulation.clock.sleep(for: .seconds(1), label: "poll") } catch { return }
            }
        }
        #expect(result.outcome == .limitReached(.virtualTime))
        #expect(result.strandedTasks.isEmpty)
    }

    @Test func unlabelledTimersTakeTheNameOfTheirTask() {
        let simulation = Simulation(seed: 1, limits: RunLimits(maxVirtualTime: .seconds(1)))
        let result = simulation.run {
            simulation.spawn("otp countdown") { try? await simulation.clock.sleep(for: .seconds(30)) }
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        #expect(result.pending.timers.map(\.label) == ["otp countdown"])
    }

    @Test func quiescenceWaitsForEveryTimer() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            for seconds in [1, 5, 3] {
                simulation.spawn("t\(seconds)") { try? await simulation.clock.sleep(for: .seconds(seconds)) }
            }
            await simulation.quiescence()
            simulation.record(Note("quiet at \(simulation.now)"))
        }
        #expect(result.notes == ["quiet at 5000ms"])
    }

    @Test func spawningFromOutsideARunStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let simulation = Simulation(seed: 1)
            simulation.spawn("outside") {}
        }
    }

    @Test func runningASimulationTwiceStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let simulation = Simulation(seed: 1)
            _ = simulation.run {}
            _ = simulation.run {}
        }
    }
}
