import Reports
import Scenarios

/// `onboarding-sim validate`: checks scenario files without running them.
enum ValidateCommand {
    static let subcommand = Subcommand(
        name: "validate",
        summary: "check scenario files for errors without running them",
        usage: """
            usage: \(ToolName.current) validate [PATHS…] [--junit FILE]

            Decodes every scenario file under PATHS (default: scenarios/) and reports every
            problem of every file at once: the file, the JSON path, what was expected, and a
            suggestion for a misspelt key or value. With --junit FILE, every problem is also a
            failing test case in FILE (and a valid set is one passing case per file).

            examples:
              \(ToolName.current) validate scenarios/my-new-scenario.json
              \(ToolName.current) validate --junit validation.xml

            Exit codes: 0 all valid, 2 a problem was found.
            """,
        flags: [],
        options: ["--junit"],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let junit = arguments.value("--junit")
        guard OutputFile.checkBeforeWork(arguments, options: ["--junit"], readsScenarioFolder: true) else { return ExitCode.badInput }
        guard let scenarios = ScenarioArguments.load(arguments.positionals, junit: junit, tool: "validate") else { return ExitCode.badInput }
        if let junit {
            let cases = scenarios.map { JUnitReport.Case(suite: "validation", classname: $0.file, name: $0.file, seconds: 0, failures: []) }
            guard ScenarioArguments.write(JUnitReport(name: "\(ToolName.current) validate", cases: cases).xml, to: junit) else { return ExitCode.badInput }
        }
        Console.out("\(scenarios.count) scenario file(s) valid")
        return ExitCode.ok
    }
}
