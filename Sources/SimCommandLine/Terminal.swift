import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Facts about where the tool's output goes.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// `--color`: auto, always or never.
    enum ColourChoice: String { case auto, always, never }

    nonisolated(unsafe) static var colourChoice = ColourChoice.auto  // set once, before any command runs

    /// Colours as `--color` says; by default only on a terminal and never when NO_COLOR holds a
    /// value (no-color.org: an empty NO_COLOR does not count).
    static var useColour: Bool {
        switch colourChoice {
        case .always: true
        case .never: false
        case .auto: stdoutIsTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    /// Takes `--color WHEN` (or `--color=WHEN`) out of `arguments`, wherever it stands, and
    /// remembers it; every command accepts it.
    static func takeColourChoice(from arguments: [String]) throws(UsageError) -> [String] {
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { rest += arguments[(index - 1)...]; break }
            guard argument == "--color" || argument.hasPrefix("--color=") else { rest.append(argument); continue }
            let value: String
            if argument == "--color" {
                guard index < arguments.count else { throw UsageError(message: "--color needs a value: auto, always or never") }
                value = arguments[index]
                index += 1
            } else {
                value = String(argument.dropFirst("--color=".count))
            }
            guard let choice = ColourChoice(rawValue: value) else {
                throw UsageError(message: "--color takes auto, always or never, got '\(value)'")
            }
            colourChoice = choice
        }
        return rest
    }

    static var inGitHubActions: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    /// A progress line on standard error that rewrites itself; only when stderr is a terminal.
    static func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        StreamWriter.standardError("\r\u{1B}[K\(text)")
    }

    static func endProgress() {
        guard stderrIsTerminal else { return }
        StreamWriter.standardError("\r\u{1B}[K")
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
