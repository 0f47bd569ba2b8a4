import Foundation
import SimKernel
import Reports
import Scenarios

/// `--watchdog S`: ends a run whose code spins without suspending (`Watchdog`) with a report on
/// standard error (what ran, its seed, its running tasks, its last trace lines and the command
/// that runs it again) and exit code 1, instead of hanging at full CPU for ever. With it on, a
/// crash in a run's code (a trap in a team's app) is named too (`CrashNotice`): which run and
/// seed, and the same replay command, before the runtime's own report.
enum WatchdogOption {
    static let option = "--watchdog"
    static let defaultSeconds = 10
    /// Starts the watchdog with the option's timeout; `replay` says how to run a stuck or crashed
    /// run again, from its subject and seed.
    static func start(_ arguments: ParsedArguments, replay: @escaping @Sendable (_ subject: String, _ seed: UInt64, _ branches: [BranchPoint]) -> String) throws(UsageError) {
        let seconds: Int
        if let text = arguments.value(option) {
            guard ParsedArguments.isWholeNumber(text), let number = Int(text), (0...86_400).contains(number) else {
                throw UsageError(message: "\(option): expected whole seconds from 0 (off) to 86400, got '\(text)'")
            }
            seconds = number
        } else {
            seconds = defaultSeconds
        }
        guard seconds > 0 else { return }
        Watchdog.start(timeout: .seconds(seconds)) { report in
            Console.error(report.text + "\n  replay: " + replay(report.subject, report.seed, report.branches))
            exit(ExitCode.violations)
        }
        CrashNotice.install { run in replay(run.subject, run.seed, run.branches) }
    }

    /// Starts the watchdog with the command line as it was given as the way to run it again (for
    /// commands whose runs are not one scenario or seed: `regress`, `report`, `shrink`).
    static func start(_ arguments: ParsedArguments) throws(UsageError) {
        let again = ([ToolName.current] + CommandLine.arguments.dropFirst().map(ShellWord.quoted)).joined(separator: " ")
        try start(arguments) { _, _, _ in again }
    }
}
