import Foundation
import AppVocabulary
import Oracles
import Reports
import Scenarios

/// `onboarding-sim run`: runs scenarios with the oracles watching.
enum RunCommand {
    static let subcommand = Subcommand(
        name: "run",
        summary: "run scenarios and check every oracle and expectation (the default command)",
        usage: """
            usage: \(ToolName.current) run [PATHS…] [--seed S] [--mutant ID]… [--story | --trace] [--json] [--junit FILE]
                   [--watchdog S]

            Runs every scenario file under PATHS (default: scenarios/) on the fixed model, or with
            mutants switched on, and checks the oracles and the scenario's expectations.

            options:
              --seed S       run every scenario with seed S instead of its own
              --mutant ID    switch a catalogue bug back on (repeatable; see `list --mutants`)
              --story        after each run's line, its narrative: the very run judged, event by event
              --trace        after each run's line, its full canonical trace (the hash is of this text)
              --json         one JSON object per scenario run on standard output
              --junit FILE   also write a JUnit XML report to FILE
              --watchdog S   a run whose code finishes no job for S seconds of wall time (it loops
                             without suspending) is reported with its replay command, exit 1;
                             default 10, 0 turns the watchdog off

            examples:
              \(ToolName.current) run
              \(ToolName.current) run \(ToolExamples.scenario) --mutant \(ToolExamples.mutant)
              \(ToolName.current) run \(ToolExamples.folder) --json
              \(ToolName.current) run \(ToolExamples.scenario) --mutant \(ToolExamples.mutant) --story

            Exit codes: 0 every scenario passed, 1 a violation, 2 bad input or usage.
            """,
        flags: ["--json", "--story", "--trace"],
        options: ["--seed", "--mutant", "--junit", WatchdogOption.option],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let seed = try arguments.unsigned("--seed")
        if arguments.has("--story") && arguments.has("--trace") { throw UsageError(message: "give --story or --trace, not both") }
        let mutants = try ScenarioArguments.mutants(arguments)
        try WatchdogOption.start(arguments) { subject, seed, _ in
            "\(ToolName.current) run \(ShellWord.quoted(subject)) --seed \(seed)" + mutants.map { " --mutant \($0.rawValue)" }.joined()
        }
        guard OutputFile.checkBeforeWork(arguments, options: ["--junit"], readsScenarioFolder: true),
              let scenarios = ScenarioArguments.load(arguments.positionals, junit: arguments.value("--junit"), tool: "run") else {
            return ExitCode.badInput
        }
        let table = ConsoleTable(colour: Terminal.useColour && !arguments.has("--json"))
        let timer = WallTimer()
        var results: [(ScenarioResult, Double)] = []
        for (position, scenario) in scenarios.enumerated() {
            Terminal.progress("[\(position + 1)/\(scenarios.count)] \(scenario.file)")
            let started = WallTimer()
            let result = ScenarioRunner.run(scenario, seed: seed, mutants: mutants)
            results.append((result, started.seconds))
            Terminal.endProgress()
            Console.out(arguments.has("--json") ? JSONWriter.line(result.json) : table.line(for: result))
            if arguments.has("--trace") {
                Console.out(result.simulation.trace.canonicalText, terminator: "")
            } else if arguments.has("--story") {
                for line in Narrative.lines(for: result) { Console.out("      " + line) }
            }
        }
        GitHubAnnotations.emit(results.flatMap { result, _ in
            annotations(for: result, replay: replayCommand(result, seed: seed, mutants: mutants))
        }, kind: "violation")
        let passed = results.filter { $0.0.passed }.count
        GitHubAnnotations.appendSummary(stepSummary(results.map(\.0), passed: passed))
        if !arguments.has("--json") {
            Console.out(table.summary(passed: passed, total: results.count, wallSeconds: timer.seconds))
        }
        if let path = arguments.value("--junit") {
            let report = JUnitReport(name: "\(ToolName.current) run", cases: results.map { result, seconds in
                junitCase(result, seconds: seconds, replay: replayCommand(result, seed: seed, mutants: mutants))
            })
            guard ScenarioArguments.write(report.xml, to: path) else { return ExitCode.badInput }
        }
        return passed == results.count ? ExitCode.ok : ExitCode.violations
    }

    /// A run's test case: suite and class the scenario's folder (`scenarios/fix-plan`), each
    /// violation a failure whose body is the trace excerpt that proves it and the command that
    /// replays the run.
    static func junitCase(_ result: ScenarioResult, seconds: Double, replay: String,
                          suite: String? = nil, classname: String? = nil, name: String? = nil) -> JUnitReport.Case {
        let suffix = result.mutants.members.isEmpty ? "" : " [\(result.mutants)]"
        let folder = (result.scenario.file as NSString).deletingLastPathComponent
        return JUnitReport.Case(
            suite: suite ?? (folder.isEmpty ? "scenarios" : folder), classname: classname,
            name: (name ?? (result.scenario.file as NSString).lastPathComponent) + suffix,
            seconds: seconds,
            failures: result.violations.map { violation in
                let excerpt = violation.excerpt.joined(separator: "\n")
                return (violation.oracle, violation.message, (excerpt.isEmpty ? "" : excerpt + "\n") + "replay: " + replay)
            })
    }

    /// The command that runs `result`'s scenario again exactly (its seed, its mutants).
    static func replayCommand(_ result: ScenarioResult, seed: UInt64?, mutants: [Mutant]) -> String {
        "\(ToolName.current) run \(ShellWord.quoted(result.scenario.file)) --seed \(result.seed)" + mutants.map { " --mutant \($0.rawValue)" }.joined()
    }

    /// A GitHub Actions annotation per violation: at the step it concerns, at `$.expect` for the
    /// run's own expectations, else at line 1 of the scenario file (no file for a persona); the
    /// message ends with the command that runs it again.
    static func annotations(for result: ScenarioResult, replay: String, title: String? = nil) -> [GitHubAnnotations.Annotation] {
        let file = result.scenario.file.hasPrefix("persona:") ? nil : result.scenario.file
        return result.violations.map { violation in
            var annotation = GitHubAnnotations.Annotation(file: file, line: file == nil ? nil : 1, column: nil,
                                                          title: title.map { "\($0): \(violation.oracle)" } ?? violation.oracle,
                                                          message: violation.message + "\nreplay: " + replay)
            let path = violation.step.map { "$.steps[\($0)]" } ?? (violation.oracle.hasPrefix("expect.") ? "$.expect" : nil)
            if let file, let path { (annotation.line, annotation.column) = GitHubAnnotations.place(path, in: file) }
            return annotation
        }
    }

    /// The job summary: how many passed, and a row per failing scenario.
    static func stepSummary(_ results: [ScenarioResult], passed: Int) -> String {
        var lines = ["### \(ToolName.current) run: \(passed) of \(results.count) scenario run(s) passed", ""]
        let failed = results.filter { !$0.passed }
        if !failed.isEmpty {
            lines += ["| scenario | seed | violations |", "|---|---|---|"]
            for result in failed.prefix(50) {
                lines.append("| \(GitHubAnnotations.cell(result.scenario.file)) | \(result.seed) | "
                             + GitHubAnnotations.cell(result.failedChecks.joined(separator: ", ")) + " |")
            }
            if failed.count > 50 { lines += ["", "… and \(failed.count - 50) more failing run(s)."] }
        }
        return lines.joined(separator: "\n")
    }
}
