import Scenarios
import Foundation

/// One subcommand: its name, a one-line summary, its usage text and what it does.
struct Subcommand: Sendable {
    let name: String
    let summary: String
    /// The help page, written when it is shown (its examples read the tool's scenario files).
    private let makeUsage: @Sendable () -> String
    let flags: [String]
    let options: [String]
    let run: @Sendable (ParsedArguments) throws(UsageError) -> Int32

    var usage: String { makeUsage() }

    init(name: String, summary: String, usage: @escaping @autoclosure @Sendable () -> String, flags: [String], options: [String],
         run: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Int32) {
        self.name = name
        self.summary = summary
        makeUsage = usage
        self.flags = flags
        self.options = options
        self.run = run
    }
}

/// Dispatches `onboarding-sim <command> …` to its subcommand.
enum CommandLineTool {
    static let subcommands: [Subcommand] = [
        RunCommand.subcommand,
        ValidateCommand.subcommand,
        RegressCommand.subcommand,
        ExploreCommand.subcommand,
        MergeCommand.subcommand,
        ReplayCommand.subcommand,
        ShrinkCommand.subcommand,
        ReportCommand.subcommand,
        ListCommand.subcommand,
        SelfTestCommand.subcommand,
        SchemaCommand.subcommand,
        CompletionCommand.subcommand,
    ]

    static func main(_ given: [String]) -> Int32 {
        let arguments: [String]
        do { arguments = try Terminal.takeColourChoice(from: given) } catch {
            Console.error("\(ToolName.current): \(error.message)\nsee '\(ToolName.current) --help'")
            return ExitCode.badInput
        }
        guard let first = arguments.first else { return runDefault() }
        if first == "-h" || first == "--help" || first == "help" {
            guard arguments.count > 1 else {
                Console.out(overview)
                return ExitCode.ok
            }
            guard let command = command(named: arguments[1]) else { return ExitCode.badInput }
            Console.out(command.usage)
            return ExitCode.ok
        }
        if first == "--version" || first == "-V" {
            Console.out("\(ToolName.current) \(version)")
            return ExitCode.ok
        }
        guard let command = command(named: first) else { return ExitCode.badInput }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), flags: command.flags + ["--version"],
                                             options: command.options)
            if parsed.has("--help") {
                Console.out(command.usage)
                return ExitCode.ok
            }
            GitHubAnnotations.toStandardError = parsed.has("--json")
            if parsed.has("--version") {
                Console.out("\(ToolName.current) \(version)")
                return ExitCode.ok
            }
            return try command.run(parsed)
        } catch {
            Console.error("\(ToolName.current) \(command.name): \(error.message)\n\(usageLines(of: command))\n"
                          + "see '\(ToolName.current) \(command.name) --help'")
            return ExitCode.badInput
        }
    }

    /// The subcommand called `name`, or nil after saying there is none (with the nearest name).
    static func command(named name: String) -> Subcommand? {
        if let command = subcommands.first(where: { $0.name == name }) { return command }
        var message = "\(ToolName.current): unknown command '\(name)'"
        if let suggestion = DidYouMean.closest(to: name, among: subcommands.map(\.name)) {
            message += "; did you mean '\(suggestion)'?"
        }
        Console.error(message + "\ncommands: \(subcommands.map(\.name).joined(separator: ", "))\nsee '\(ToolName.current) --help'")
        return nil
    }

    /// The `usage:` lines at the top of a command's help.
    static func usageLines(of command: Subcommand) -> String {
        command.usage.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .joined(separator: "\n")
    }

    /// What `swift run onboarding-sim` does with no arguments.
    static func runDefault() -> Int32 {
        main(["run"])
    }

    static let version = "0.1.0"

    static var overview: String {
        let width = subcommands.map(\.name.count).max() ?? 0
        let lines = subcommands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        return """
            \(ToolName.current): a deterministic fault-injection simulator for a mobile app's onboarding flow.

            usage: \(ToolName.current) <command> [options]

            commands:
            \(lines.joined(separator: "\n"))

            Run `\(ToolName.current) help <command>` or `\(ToolName.current) <command> --help` for a command's options.
            Exit codes: 0 all good, 1 violations found, 2 bad input or usage.

            options of every command:
              -h, --help                      this help, or a command's
              -V, --version                   print the version (\(version))
              --color auto|always|never       colour the output: on a terminal without NO_COLOR (auto,
                                              the default), always, or never

            environment:
              NO_COLOR (non-empty)            no colour unless --color always (no-color.org)
              GITHUB_ACTIONS=true             also print problems as ::error annotations (docs/ci.md)
              GITHUB_STEP_SUMMARY=FILE        with GITHUB_ACTIONS, append a Markdown summary to FILE
              ONBOARDING_SIM_TUNE_ALLOCATOR=0 do not restart with glibc's allocator cache enlarged
                                              (docs/exploration.md, "The allocator tuning")
            """
    }
}
