import Foundation
import AppVocabulary
import Scenarios
import Exploration
import Reports

/// Arguments shared by the commands that run scenarios.
enum ScenarioArguments {
    static let defaultFolder = "scenarios"

    /// Loads the scenarios under the given paths (default `scenarios/`); prints every problem
    /// and returns nil when any file is invalid.
    /// The scenarios under `paths` (default `scenarios/`), or nil after printing every problem;
    /// with `junit`, the problems are also written there as failing test cases of `tool`.
    static func load(_ paths: [String], junit: String? = nil, tool: String = "run") -> [Scenario]? {
        let paths = paths.isEmpty ? [defaultFolder] : paths
        let (scenarios, problems) = ScenarioLoader.load(paths)
        guard problems.isEmpty else {
            for problem in problems { Console.error("error: \(problem)") }
            let files = Set(problems.map(\.file)).count
            Console.error("\(problems.count) problem(s) in \(files) file(s); see docs/scenario-format.md")
            if let junit { _ = write(validationReport(problems, tool: tool).xml, to: junit) }
            GitHubAnnotations.emit(problems.map { GitHubAnnotations.annotation(for: $0) }, kind: "invalid scenario")
            GitHubAnnotations.appendSummary("### \(ToolName.current) \(tool): \(problems.count) problem(s) in \(files) scenario file(s)\n\n"
                                            + "| file | line | problem |\n|---|---|---|\n"
                                            + problems.prefix(50).map { "| \(GitHubAnnotations.cell($0.file)) | \($0.line.map(String.init) ?? "") | "
                                                + GitHubAnnotations.cell("\($0.location): \($0.message)") + " |" }.joined(separator: "\n"))
            return nil
        }
        for note in scenarios.flatMap(\.notes) { Console.error("note: \(note)") }
        return scenarios
    }

    /// What a file gave, or nil after printing each of its problems (the caller exits 2).
    /// The value, or nil after printing each problem (at its line and column where known) and
    /// annotating it on GitHub Actions with `title`.
    static func reported<Value>(_ result: Result<Value, ScenarioProblems>, title: String = "invalid input") -> Value? {
        switch result {
        case .success(let value): return value
        case .failure(let problems):
            for problem in problems.errors { Console.error("error: \(problem)") }
            GitHubAnnotations.emit(problems.errors.map { GitHubAnnotations.annotation(for: $0, title: title) }, kind: title)
            return nil
        }
    }

    /// The baseline `--baseline` names: nil without one, `.some(nil)` after printing why it is unreadable.
    static func baseline(_ arguments: ParsedArguments) -> TimingBaseline?? {
        guard let path = arguments.value("--baseline") else { return .some(nil) }
        return reported(TimingBaseline.load(path)).map { .some($0) } ?? nil
    }

    /// Each problem of a scenario file as a failing test case (suite `validation`, class the file).
    static func validationReport(_ problems: [ScenarioError], tool: String) -> JUnitReport {
        JUnitReport(name: "\(ToolName.current) \(tool)", cases: problems.map { problem in
            JUnitReport.Case(suite: "validation", classname: problem.file, name: "\(problem.file) \(problem.location)", seconds: 0,
                             failures: [("validation", problem.message, "\(problem)\nsee docs/scenario-format.md")])
        })
    }

    static func mutants(_ arguments: ParsedArguments) throws(UsageError) -> [Mutant] {
        var mutants: [Mutant] = []
        for id in arguments.values("--mutant") {
            guard let mutant = AppRegistry.entry(named: id)?.mutant else {
                var message = "unknown mutant '\(id)'"
                if let suggestion = DidYouMean.closest(to: id, among: AppRegistry.allEntries.map(\.mutant.rawValue)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message + " (\(ToolName.current) list --mutants shows them all)")
            }
            mutants.append(mutant)
        }
        return mutants
    }

    /// The driver `--user` names, or the standard one.
    static func user(_ arguments: ParsedArguments) throws(UsageError) -> UserDriver {
        guard let name = arguments.value("--user") else { return .standard }
        guard let user = UserDriver(rawValue: name) else {
            throw UsageError(message: "--user takes \(UserDriver.allCases.map(\.rawValue).joined(separator: " or ")), got '\(name)'")
        }
        return user
    }

    /// Writes `text` to `path`, or explains why it could not.
    static func write(_ text: String, to path: String) -> Bool { OutputFile.write(text, to: path) }
}
