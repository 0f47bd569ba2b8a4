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
}
