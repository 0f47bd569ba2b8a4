import Foundation
import SimKernel

/// `--watchdog S`: ends a run whose code spins without suspending (`Watchdog`) with a report on
/// standard error (what ran, its seed, its running tasks, its last trace lines and the command
/// that runs it again) and exit code 1, instead of hanging at full CPU for ever.
enum WatchdogOption {
    static let option = "--watchdog"
    static let defaultSeconds = 10
    /// Starts the watchdog with the option's timeout; `replay` says how to run the stuck run again.
    static func start(_ arguments: ParsedArguments, replay: @escaping @Sendable (StallReport) -> String) throws(UsageError) {
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
            Console.error(report.text + "\n  replay: " + replay(report))
            exit(ExitCode.violations)
        }
    }
}
