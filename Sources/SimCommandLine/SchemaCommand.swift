import AppVocabulary
import Scenarios

/// `onboarding-sim schema [--app A]`: the JSON Schema of the tool's scenario files, for an editor.
enum SchemaCommand {
    static let subcommand = Subcommand(
        name: "schema",
        summary: "print the JSON Schema of scenario files, for an editor",
        usage: """
            usage: \(ToolName.current) schema [--app A]

            Prints the JSON Schema (2020-12) of the scenario files this tool reads: every app's
            keys with the app's own routes, actions, endpoints, faults, oracles, budgets and
            catalogue ids, and its own device, backend and steps. With --app A, app A's files
            only (their "app" is A); without it, every app the tool runs, chosen by "app".

            options:
              --app A    the schema of app A's files (\(AppRegistry.toolApps.map(\.rawValue).joined(separator: ", ")))

            examples:
              \(ToolName.current) schema > scenario.schema.json
              \(ToolName.current) schema --app \(ToolExamples.app.rawValue) > \(ToolExamples.app.rawValue).schema.json

            An editor then checks each file as the tool does, e.g. in VS Code's settings.json:
              "json.schemas": [{"fileMatch": ["scenarios/**/*.json"], "url": "./scenario.schema.json"}]

            Exit codes: 0 printed, 2 bad usage.
            """,
        flags: [],
        options: ["--app"],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "schema takes no paths; redirect its output to a file") }
        let apps = try ExploreCommand.app(arguments).map { [$0] } ?? AppRegistry.toolApps
        guard !apps.isEmpty else { throw UsageError(message: "this tool runs no app; register one in its main.swift") }
        Console.out(ScenarioSchema.text(for: apps), terminator: "")
        return ExitCode.ok
    }
}
