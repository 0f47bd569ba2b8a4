import Scenarios
import Foundation

/// One subcommand: its name, a one-line summary, its usage text and what it does.
struct Subcommand: Sendable {
    let name: String
    let summary: String
    let usage: String
    let flags: [String]
    let options: [String]
    let run: @Sendable (ParsedArguments) throws(UsageError) -> Int32
}

/// Dispatches `onboarding-sim <command> …` to its subcommand.
enum CommandLineTool {
    static let subcommands: [Subcommand] = [
        RunCommand.subcommand,
        ValidateCommand.subcommand,
        RegressCommand.subcommand,
        ExploreCommand.subcommand,
        ReplayCommand.subcommand,
        ShrinkCommand.subcommand,
        ReportCommand.subcommand,
        ListCommand.subcommand,
        SelfTestCommand.subcommand,
    ]

    static func main(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return runDefault() }
        if first == "-h" || first == "--help" || first == "help" {
            if arguments.count > 1, let command = subcommands.first(where: { $0.name == arguments[1] }) {
                Console.out(command.usage)
            } else {
                Console.out(overview)
            }
            return ExitCode.ok
        }
        if first == "--version" {
            Console.out("onboarding-sim \(version)")
            return ExitCode.ok
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            var message = "onboarding-sim: unknown command '\(first)'"
            if let suggestion = DidYouMean.closest(to: first, among: subcommands.map(\.name)) {
                message += "; did you mean '\(suggestion)'?"
            }
            Console.error(message + "\n\n" + overview)
            return ExitCode.badInput
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), flags: command.flags,
                                             options: command.options)
            if parsed.has("--help") {
                Console.out(command.usage)
                return ExitCode.ok
            }
            return try command.run(parsed)
        } catch {
            Console.error("onboarding-sim \(command.name): \(error.message)\n\n\(command.usage)")
            return ExitCode.badInput
        }
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
            onboarding-sim: a deterministic fault-injection simulator for a mobile app's onboarding flow.

            usage: onboarding-sim <command> [options]

            commands:
            \(lines.joined(separator: "\n"))

            Run `onboarding-sim help <command>` or `onboarding-sim <command> --help` for a command's options.
            Exit codes: 0 all good, 1 violations found, 2 bad input or usage.

            environment:
              NO_COLOR (set)                  plain output on a terminal
              GITHUB_ACTIONS=true             also print violations as ::error annotations
              ONBOARDING_SIM_TUNE_ALLOCATOR=0 do not restart with glibc's allocator cache enlarged
                                              (docs/exploration.md, "The allocator tuning")
            """
    }
}
