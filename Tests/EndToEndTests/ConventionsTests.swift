import Testing
import Foundation

/// The command line behaves as command-line tools are expected to: exit codes, short usage
/// errors, --version and --color everywhere, NO_COLOR, shell completion.
@Suite struct ConventionsTests {
    func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: folder ?? ScenarioCommandTests.root, environment: environment)
    }

    @Test func helpForAnUnknownCommandIsAnErrorThatSuggestsTheNearest() throws {
        let output = try run(["help", "explor"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("unknown command 'explor'; did you mean 'explore'?"))
        #expect(try run(["nosuch"]).status == 2)
    }

    @Test func aUsageErrorPrintsTheErrorTheUsageLineAndWhereHelpIs() throws {
        let output = try run(["explore", "--seedz", "3"])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("onboarding-sim explore: unknown option '--seedz'; did you mean '--seeds'?\nusage: onboarding-sim explore"))
        #expect(output.standardError.contains("see 'onboarding-sim explore --help'"))
        #expect(!output.standardError.contains("options:"), "not the whole help")
    }

    @Test func everyCommandTakesVersionAndHelpListsIt() throws {
        for command in ["run", "explore", "report", "completion"] {
            let output = try run([command, "--version"])
            #expect(output.status == 0 && output.standardOutput.hasPrefix("onboarding-sim "), "\(command)")
        }
        #expect(try run(["--help"]).standardOutput.contains("-V, --version"))
        #expect(try run(["explore", "-V"]).standardOutput.hasPrefix("onboarding-sim "))
    }

    @Test func colourFollowsColorThenNoColor() throws {
        let scenario = "scenarios/launch/cache-hit-returning-user.json"
        #expect(try run(["run", scenario, "--color", "always"], environment: ["NO_COLOR": "1"]).standardOutput.contains("\u{1B}[32mPASS"))
        #expect(!(try run(["run", scenario, "--color=never"]).standardOutput.contains("\u{1B}[")))
        #expect(!(try run(["run", scenario], environment: ["NO_COLOR": ""]).standardOutput.contains("\u{1B}[")), "not a terminal")
        let bad = try run(["--color", "blue", "run"])
        #expect(bad.status == 2 && bad.standardError.contains("--color takes auto, always or never, got 'blue'"))
    }

    @Test func exploringWhereThereAreNoBudgetsSaysSo() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-budgets-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let output = try run(["explore", "--seeds", "5"], in: empty)
        #expect(output.status == 0)
        #expect(output.standardError.contains("note: no timing budgets checked"))
        let here = try run(["explore", "scenarios/journeys/new-user-happy-path.json", "--seeds", "5"])
        #expect(!here.standardError.contains("no timing budgets"), "scenarios/budgets.json is next to the scenario's folder")
        #expect(here.standardOutput.contains("budgets:"))
    }

    @Test func bashCompletionCompletesCommandsOptionsAndCatalogueIds() throws {
        let script = try run(["completion", "bash"])
        #expect(script.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(getpid()).bash")
        defer { try? FileManager.default.removeItem(at: file) }
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        let probe = """
            source \(file.path)
            COMP_WORDS=(onboarding-sim expl); COMP_CWORD=1; _onboarding_sim; echo "${COMPREPLY[*]}"
            COMP_WORDS=(onboarding-sim explore --see); COMP_CWORD=2; _onboarding_sim; echo "${COMPREPLY[*]}"
            COMP_WORDS=(onboarding-sim run --mutant pit-1); COMP_CWORD=3; _onboarding_sim; echo "${COMPREPLY[*]}"
            """
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", probe]
        let pipe = Pipe()
        bash.standardOutput = pipe
        try bash.run()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        bash.waitUntilExit()
        #expect(lines.map(String.init) == ["explore", "--seeds", "pit-1 pit-10 pit-12"])
        for shell in ["zsh", "fish"] { #expect(try run(["completion", shell]).status == 0) }
        #expect(try run(["completion", "tcsh"]).status == 2)
    }
}
