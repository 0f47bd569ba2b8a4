import OnboardingModel

/// `onboarding-sim list`: what the simulator knows about: mutants (and, later, scenarios and oracles).
enum ListCommand {
    static let subcommand = Subcommand(
        name: "list",
        summary: "list the catalogue's mutants",
        usage: """
            usage: onboarding-sim list [--mutants]

            Lists what the simulator knows.

            options:
              --mutants   one line per mutant: <id><TAB><what the old code did>

            example:
              onboarding-sim list --mutants | grep fix-
            """,
        flags: ["--mutants"],
        options: [],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "list takes no paths, got '\(arguments.positionals[0])'")
        }
        for mutant in Mutant.allCases {
            Console.out("\(mutant.rawValue)\t\(mutant.summary)")
        }
        return ExitCode.ok
    }
}
