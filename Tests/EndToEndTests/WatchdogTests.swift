import Testing
import Foundation

/// A run whose code spins without suspending is reported, not waited on (issue #30 §5): the
/// built tool ends it with a report and exit 1 within the watchdog's time; ordinary runs under a
/// short watchdog are left alone.
@Suite struct WatchdogTests {
    @Test func aTaskThatLoopsWithoutSuspendingIsReportedAndExitsOne() throws {
        let started = ContinuousClock.now  // determinism: ok (a test's own wall-time bound)
        let output = try BuiltTool.run(["selftest", "--spin", "--watchdog", "1"])
        #expect(output.status == 1)
        #expect(ContinuousClock.now - started < .seconds(30))  // determinism: ok (as above)
        let report = output.standardError
        #expect(report.contains("watchdog: selftest --spin seed 1 made no progress for 1 s of wall time"))
        #expect(report.contains("virtual time stuck at 300ms"))
        #expect(report.contains("running: main, spinner"))
        #expect(report.contains("300ms selfcheck pinged count=3"))
        #expect(report.contains("replay: onboarding-sim selftest --spin --seed 1"))
    }

    @Test func runsThatMakeProgressAreLeftAloneUnderAShortWatchdog() throws {
        let run = try BuiltTool.run(["run", "scenarios/fix-plan", "--watchdog", "1"], in: ScenarioCommandTests.root)
        #expect(run.status == 0)
        #expect(!run.standardError.contains("watchdog"))
        let explore = try BuiltTool.run(["explore", "--seeds", "300", "--watchdog", "1"], in: ScenarioCommandTests.root)
        #expect(explore.status == 0)
        #expect(!explore.standardError.contains("watchdog"))
    }

    @Test func aWatchdogTimeThatIsNotWholeSecondsIsAUsageError() throws {
        for bad in ["-1", "1.5", "ten", "86401"] {
            let output = try BuiltTool.run(["explore", "--seeds", "1", "--watchdog", bad], in: ScenarioCommandTests.root)
            #expect(output.status == 2, "\(bad)")
            #expect(output.standardError.contains("--watchdog: expected whole seconds"), "\(bad)")
        }
        let plain = try BuiltTool.run(["selftest", "--watchdog", "3"])
        #expect(plain.status == 2)
        #expect(plain.standardError.contains("--watchdog goes with --spin"))
    }

    @Test(arguments: [["regress", "scenarios/fix-plan/activation-network-blip.json"],
                      ["report", "--persona", "new-user", "--html", "/dev/null"],
                      ["shrink", "--persona", "new-user", "--seed", "1", "-o", "/dev/null"]])
    func everyCommandThatRunsASimulationHasTheWatchdog(_ command: [String]) throws {
        let bad = try BuiltTool.run(command + ["--watchdog", "ten"], in: ScenarioCommandTests.root)
        #expect(bad.status == 2 && bad.standardError.contains("--watchdog: expected whole seconds"), "\(bad.standardError)")
        #expect(try BuiltTool.run(command + ["--help"]).standardOutput.contains("--watchdog S"))
    }
}

/// A crash in a run's code (a team's app trapping) names the run, its seed and the command that
/// runs it again, before the runtime's own report; the process still ends on its signal.
@Suite struct CrashNoticeTests {
    @Test func aTrapInSimulatedCodeNamesTheRunAndItsReplay() throws {
        let output = try BuiltTool.run(["selftest", "--crash", "--seed", "3"])
        #expect(output.status != 0 && output.status != 1 && output.status != 2)
        let report = output.standardError
        #expect(report.contains("Fatal error: Index out of range"))
        #expect(report.contains("crash: selftest --crash seed 3 ended the process with a trap (signal 4) at virtual time 300ms"))
        #expect(report.contains("running: main, crasher"))
        #expect(report.contains("300ms selfcheck pinged count=3"))
        #expect(report.contains("replay: onboarding-sim selftest --crash --seed 3"))
        #expect(report.components(separatedBy: "crash: ").count == 2)  // once, though the runtime's handler runs after it
    }

    /// A stack spent by a recursion with no end (issue #63: a self-assigning `didSet` ended a run
    /// with exit 139 and no name): the handler runs on a stack of its own and says so.
    @Test func aStackOverflowInSimulatedCodeNamesTheRunAndItsReplay() throws {
        let output = try BuiltTool.run(["selftest", "--overflow", "--seed", "3"])
        #expect(output.status != 0 && output.status != 1 && output.status != 2)
        let report = output.standardError
        #expect(report.contains("crash: selftest --overflow seed 3 ended the process with a stack overflow (signal 11"), "\(report.prefix(2_000))")
        #expect(report.contains("running: main, overflowing"))
        #expect(report.contains("replay: onboarding-sim selftest --overflow --seed 3"))
        #expect(report.components(separatedBy: "crash: ").count == 2)
    }

    @Test func withoutTheWatchdogACrashIsTheRuntimesAlone() throws {
        let output = try BuiltTool.run(["selftest", "--crash", "--watchdog", "0"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("--crash needs the watchdog"))
    }
}
