import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Facts about where the tool's output goes.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Colours only on a terminal, and never when NO_COLOR is set (no-color.org).
    static var useColour: Bool {
        stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    static var inGitHubActions: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    /// A progress line on standard error that rewrites itself; only when stderr is a terminal.
    static func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    static func endProgress() {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Wall-clock time for reports only; simulated code never reads it.
struct WallTimer {
    private let clock = ContinuousClock()  // determinism: ok (reports how long the tool took)
    private let start: ContinuousClock.Instant  // determinism: ok (wall time for reports only)

    init() { start = clock.now }

    var seconds: Double {
        let (whole, fraction) = (clock.now - start).components
        return Double(whole) + Double(fraction) * 1e-18
    }
}
