import Scenarios

/// `onboarding-sim validate`: checks scenario files without running them.
enum ValidateCommand {
    static let subcommand = Subcommand(
        name: "validate",
        summary: "check scenario files for errors without running them",
        usage: """
            usage: onboarding-sim validate [PATHS…]

            Decodes every scenario file under PATHS (default: scenarios/) and reports every
            problem of every file at once: the file, the JSON path, what was expected, and a
            suggestion for a misspelt key or value.

            example:
              onboarding-sim validate scenarios/my-new-scenario.json

            Exit codes: 0 all valid, 2 a problem was found.
            """,
        flags: [],
        options: [],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let scenarios = ScenarioArguments.load(arguments.positionals) else { return ExitCode.badInput }
        Console.out("\(scenarios.count) scenario file(s) valid")
        return ExitCode.ok
    }
}
