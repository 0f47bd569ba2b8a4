import AppVocabulary
import Scenarios
import Exploration

/// `onboarding-sim completion bash|zsh|fish`: a shell completion script for the commands, their
/// options, and the values of --mutant, --persona, --user and --color.
enum CompletionCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let subcommand = Subcommand(
        name: "completion",
        summary: "print a shell completion script (bash, zsh or fish)",
        usage: """
            usage: \(ToolName.current) completion bash|zsh|fish

            Prints a script that completes commands, options, catalogue ids, personas and file
            names for the shell named.

            examples:
              source <(\(ToolName.current) completion bash)          # bash, this shell
              \(ToolName.current) completion zsh > ~/.zfunc/_\(ToolName.current)
              \(ToolName.current) completion fish > ~/.config/fish/completions/\(ToolName.current).fish

            Exit codes: 0 printed, 2 no such shell.
            """,
        flags: [],
        options: [],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first, shells.contains(shell) else {
            throw UsageError(message: "completion takes one shell: \(shells.joined(separator: ", "))")
        }
        switch shell {
        case "fish": Console.out(fish)
        case "zsh": Console.out("#compdef \(ToolName.current)\nautoload -U +X bashcompinit && bashcompinit\n" + bash)
        default: Console.out(bash)
        }
        return ExitCode.ok
    }

    /// Options every command takes.
    static let common = ["--help", "--version", "--color"]

    /// The values an option takes, where they are a fixed list.
    static var values: [(option: String, words: [String])] { [
        ("--mutant", AppRegistry.toolCatalogue.map(\.mutant.rawValue)),
        ("--persona", ExploreCommand.allPersonas.map(\.name)),
        ("--user", UserDriver.allCases.map(\.rawValue)),
        ("--app", AppRegistry.apps.map(\.rawValue)),
        ("--color", ["auto", "always", "never"]),
    ] }

    static var commands: [Subcommand] { CommandLineTool.subcommands }

    static var bash: String {
        let cases = commands.map { command in
            "    \(command.name)) opts=\"\((command.flags + command.options + common).joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
        let valueCases = values.map { "    \($0.option)) COMPREPLY=($(compgen -W \"\($0.words.joined(separator: " "))\" -- \"$cur\")); return ;;" }
            .joined(separator: "\n")
        return """
            _onboarding_sim() {
              local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opts=""
              if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\((commands.map(\.name) + ["help"]).joined(separator: " ")) --help --version" -- "$cur"))
                return
              fi
              case "$prev" in
            \(valueCases)
              esac
              case "${COMP_WORDS[1]}" in
            \(cases)
                help) COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur")); return ;;
              esac
              if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
              else
                COMPREPLY=($(compgen -f -- "$cur"))
              fi
            }
            complete -o filenames -F _onboarding_sim \(ToolName.current)
            """
    }

    static var fish: String {
        var lines = ["complete -c \(ToolName.current) -f -n __fish_use_subcommand -a help -d 'a command\\'s help'"]
        for command in commands {
            lines.append("complete -c \(ToolName.current) -f -n __fish_use_subcommand -a \(command.name) -d '\(command.summary.replacingOccurrences(of: "'", with: "\\'"))'")
            for option in command.flags + command.options + common {
                let name = String(option.dropFirst(2))
                let words = values.first { $0.option == option }.map { " -a '\($0.words.joined(separator: " "))'" } ?? ""
                let takesValue = command.options.contains(option) || option == "--color" ? " -r" : ""
                lines.append("complete -c \(ToolName.current) -n '__fish_seen_subcommand_from \(command.name)' -l \(name)\(takesValue)\(words)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
