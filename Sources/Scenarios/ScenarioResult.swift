import SimKernel
import AppVocabulary
import Oracles

/// The outcome of running one scenario once: its violations, trace hash and timing.
public struct ScenarioResult: Sendable {
    public let scenario: Scenario
    public let seed: UInt64
    public let mutants: MutantSet
    /// Oracle violations, then failed expectations (`expect.finalRoute`, …), then kernel errors.
    public private(set) var violations: [Violation]
    public private(set) var simulation: SimulationResult
    /// Timing of the first launch, if the scenario launched the app.
    public let metrics: LaunchMetrics?
    /// Timing of every launch, in order.
    public var launches: [LaunchMetrics] = []
    /// Waiting over the whole run (nil for a scenario that could not run).
    public var journey: JourneyMetrics?
    /// What the run reached: screens and actions, faults, lifecycle events (`explore --coverage`).
    public var coverage = RunCoverage(table: .empty)
    /// The choices of each free-user step, in order (empty for scripted steps).
    public var freeUserLogs: [FreeUserLog] = []

    /// Violations a known-violations file accepted (`explore --known`): set aside from
    /// `violations`, so they do not fail the run, and reported apart.
    public private(set) var known: [Violation] = []

    public var passed: Bool { violations.isEmpty }

    /// The result with the violations `isKnown` accepts moved from `violations` to `known`
    /// (`isKnown` is asked once per violation, in order).
    public func settingAside(where isKnown: (Violation) -> Bool) -> ScenarioResult {
        var kept = self
        kept.violations = []
        for violation in violations {
            if isKnown(violation) { kept.known.append(violation) } else { kept.violations.append(violation) }
        }
        return kept
    }

    /// Frees the trace's entries once the oracles have judged it; hash, count and violations stay.
    public mutating func releaseTraceEntries() {
        simulation.releaseTraceEntries()
        freeUserLogs = []
    }
    public var traceHash: String { simulation.traceHash }
    public var virtualMs: Int64 { simulation.virtualTime.milliseconds }

    /// The result without the scenario's own checks (`expect.*` and refused steps), oracles and
    /// kernel checks kept: what exploring a scenario file under added faults judges by default,
    /// since the file's expectations were written for the faults it names, not for others.
    public func keepingOraclesOnly() -> ScenarioResult {
        var kept = self
        kept.violations = violations.filter { !Self.isScenarioCheck($0.oracle) }
        return kept
    }

    /// Whether a violation's name is one of the scenario's own checks rather than an oracle's.
    public static func isScenarioCheck(_ name: String) -> Bool { name.hasPrefix("expect.") || name.hasPrefix("step.") }

    /// The names of the oracles and expectations that failed, without repeats, in order.
    public var failedChecks: [String] {
        var names: [String] = []
        for violation in violations where !names.contains(violation.oracle) { names.append(violation.oracle) }
        return names
    }
}

extension ScenarioResult: CustomStringConvertible {
    /// A few lines for a failing test's message: the verdict, the first violations, and the
    /// command that runs the scenario again (the trace itself is left out).
    ///
    /// ```swift
    /// #expect(result.passed, "\(result)")
    /// ```
    public var description: String {
        let mutantsText = mutants.members.map { " --mutant \($0.rawValue)" }.joined()
        var lines = ["\(passed ? "PASS" : "FAIL") \(scenario.file) seed \(seed)\(mutantsText.isEmpty ? "" : " [mutants:\(mutantsText)]"): "
                     + "\(violations.count) violation(s), trace \(traceHash)"]
        for violation in violations.prefix(Self.describedViolations) {
            lines.append("  \(violation.oracle) at \(violation.at): \(violation.message)")
        }
        if violations.count > Self.describedViolations { lines.append("  … and \(violations.count - Self.describedViolations) more") }
        if !scenario.file.hasPrefix("persona:") {
            lines.append("  again: \(ToolName.current) run \(scenario.file) --seed \(seed)\(mutantsText)")
        }
        return lines.joined(separator: "\n")
    }

    /// How many violations `description` lists.
    static let describedViolations = 3
}
