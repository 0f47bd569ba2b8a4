import Testing
@testable import SimKernel

/// The escape guard counts work that leaves the simulation executor, and only that.
@Suite struct EscapeGuardTests {
    @Test func theRuntimeHooksAreFound() {
        #expect(EscapeGuard.isInstalled)
    }

    @Test func aCleanRunHasNoEscapedJobs() {
        let result = KernelSelfCheck.run(seed: 3, strategy: .seeded)
        #expect(result.escapedJobs == 0)
        #expect(result.foreignEnqueues == 0)
        #expect(result.isClean)
    }

    @Test func aDetachedTaskIsCountedAsAnEscape() {
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            Task.detached {}  // determinism: ok (this test proves the guard sees it)
        }
        #expect(result.escapedJobs >= 1)
        #expect(!result.isClean)
        #expect(result.report.contains("escaped to the global executor"))
    }

    @Test func anUnstructuredTaskWithoutExecutorPreferenceIsCountedAsAnEscape() {
        // SE-0417: `Task {}` does not inherit a task executor preference.
        let simulation = Simulation(seed: 1)
        let result = simulation.run {
            Task {}
        }
        #expect(result.escapedJobs >= 1)
    }

    @Test func aWallClockSleepLeavesTheRunUnsettledAndNamesTheSleepingTask() {
        // On Swift 6.3.1 `Task.sleep` hands its job straight to Dispatch, past the runtime's
        // enqueue hooks, so it cannot be counted as an escape. It still cannot pass quietly:
        // the driver goes idle with the task unfinished and reports a deadlock naming it. The
        // sleep is an hour of wall time so that it can never end before the driver looks (a
        // short one races the idle check on a loaded machine and the run then "completes").
        let simulation = Simulation(seed: 1)
        let result = simulation.run("wall-clock sleeper") {
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // determinism: ok (proves the run reports it)
        }
        #expect(!result.isClean)
        #expect(result.outcome == .deadlock)
        #expect(result.pending.tasks == ["wall-clock sleeper"])
    }
}
