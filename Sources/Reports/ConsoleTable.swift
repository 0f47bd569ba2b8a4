import Oracles
import Scenarios

/// The human report: one line per scenario run, violations indented under it. Colours only
/// when asked for (the CLI asks when stdout is a terminal and NO_COLOR is unset).
public struct ConsoleTable {
    public let colour: Bool

    public init(colour: Bool) { self.colour = colour }

    public func line(for result: ScenarioResult) -> String {
        let verdict = result.passed ? paint("PASS", 32) : paint("FAIL", 31)
        var text = "\(verdict)  \(result.scenario.file)"
        if !result.mutants.members.isEmpty { text += "  [mutants: \(result.mutants)]" }
        text += "  seed \(result.seed)  \(result.virtualMs)ms  \(result.traceHash)"
        for violation in result.violations {
            text += "\n      \(paint(violation.oracle, 33)) at \(violation.at): \(violation.message)"
        }
        return text
    }

    public func summary(passed: Int, total: Int, wallSeconds: Double) -> String {
        let failed = total - passed
        let counts = failed == 0 ? paint("\(passed) passed", 32) : "\(passed) passed, " + paint("\(failed) failed", 31)
        return "\(counts) of \(total) scenario run(s) in \(Int(wallSeconds * 1000))ms"
    }

    public func paint(_ text: String, _ code: Int) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
