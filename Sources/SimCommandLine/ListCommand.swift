import AppVocabulary
import Oracles
import Scenarios

/// `onboarding-sim list`: the catalogue's mutants, the oracles, and the bundled scenarios.
enum ListCommand {
    static let subcommand = Subcommand(
        name: "list",
        summary: "list the catalogue's mutants, the oracles and the scenarios",
        usage: """
            usage: \(ToolName.current) list [--mutants | --oracles [--app A] | --scenarios | --apps] [PATHS…]

            With no option, lists all three. With one, prints only that list, one line each,
            tab-separated, for scripts.

            options:
              --mutants     <id><TAB><what the old code did>
              --oracles     <name><TAB><what it proves>: the oracles that judge the tool's apps, the
                            shared ones and each app's own (with --app A: those of app A only);
                            then -<name><TAB><reason> for each shared policy an app opted out of
              --scenarios   <file><TAB><guarded ids><TAB><name>, for the scenarios under PATHS
                            (default: scenarios/)
              --apps        <app id>: the apps this tool runs (what `--app` and a scenario's "app" name)

            examples:
              \(ToolName.current) list --mutants | grep fix-
              \(ToolName.current) list --oracles --app \(ToolExamples.otherApp?.rawValue ?? ToolExamples.app.rawValue)

            Exit codes: 0 listed, 2 bad input or usage.
            """,
        flags: ["--mutants", "--oracles", "--scenarios", "--apps"],
        options: ["--app"],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let chosen = ["--mutants", "--oracles", "--scenarios", "--apps"].filter { arguments.has($0) }
        guard chosen.count <= 1 else { throw UsageError(message: "choose one of --mutants, --oracles, --scenarios, --apps") }
        if !arguments.positionals.isEmpty && chosen.first.map({ $0 != "--scenarios" }) == true {
            throw UsageError(message: "paths go with --scenarios only")
        }
        let app = try ExploreCommand.app(arguments)
        if app != nil && chosen != ["--oracles"] { throw UsageError(message: "--app goes with --oracles only") }
        if chosen == ["--apps"] {
            for app in AppRegistry.toolApps { Console.out(app.rawValue) }
            return ExitCode.ok
        }
        let all = chosen.isEmpty
        if all || chosen == ["--mutants"] {
            if all { Console.out("mutants (switch one on with run --mutant ID):") }
            for entry in AppRegistry.toolCatalogue { Console.out((all ? "  " : "") + "\(entry.mutant.rawValue)\t\(entry.summary)") }
        }
        if all {
            // Each app's list: the shared promises and its own rules.
            for app in AppRegistry.toolApps {
                Console.out("\noracles of \(app.rawValue) (docs/oracles.md):")
                for oracle in AppRegistry.oracles(for: app) { Console.out("  \(oracle.name)\t\(oracle.summary)") }
                for line in optOutLines(of: app) { Console.out("  " + line) }
            }
        } else if chosen == ["--oracles"] {
            // Every oracle that judges one of the apps (or app A), once, in the first app's order.
            var listed: [String] = []
            for oracle in (app.map { [$0] } ?? AppRegistry.toolApps).flatMap(AppRegistry.oracles(for:))
            where !listed.contains(oracle.name) {
                listed.append(oracle.name)
                Console.out("\(oracle.name)\t\(oracle.summary)")
            }
            for app in app.map({ [$0] }) ?? AppRegistry.toolApps {
                for line in optOutLines(of: app) { Console.out(line) }
            }
        }
        if all || chosen == ["--scenarios"] {
            guard let scenarios = ScenarioArguments.load(arguments.positionals) else { return ExitCode.badInput }
            if all { Console.out("\nscenarios:") }
            for scenario in scenarios {
                let guards = scenario.guards.isEmpty ? "-" : scenario.guards.joined(separator: ",")
                Console.out((all ? "  " : "") + "\(scenario.file)\t\(guards)\t\(scenario.name)")
            }
        }
        return ExitCode.ok
    }

    /// The policies `app` opted out of, one line each: `-<name><TAB>…<reason>`.
    static func optOutLines(of app: AppID) -> [String] {
        (AppRegistry.plugin(for: app)?.policyOptOuts ?? []).map {
            "-\($0.oracle)\tnot judged on \(app.rawValue): a policy it keeps another way: \($0.reason)"
        }
    }
}
