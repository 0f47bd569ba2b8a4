import Foundation
import AppVocabulary
import Reports
import Scenarios

/// `onboarding-sim regress`: every catalogue id passes fixed and is caught as a mutant.
enum RegressCommand {
    static let subcommand = Subcommand(
        name: "regress",
        summary: "prove every catalogued bug is caught: fixed passes, mutant fails",
        usage: """
            usage: \(ToolName.current) regress [PATHS…] [--every-id] [--json] [--junit FILE] [--watchdog S]

            For every catalogue id of the tool's apps (\(ToolExamples.apps); `list --mutants`
            lists them), runs the scenarios under PATHS (default: scenarios/) that
            guard it: on the fixed model each must pass; with that mutant on each must fail an
            oracle or an expectation. A regression check that cannot fail is worthless. Each
            line names the id's app. With PATHS, only the ids their scenarios guard are checked
            (a line counts the others), unless --every-id.

            options:
              --every-id     with PATHS, also count an id no scenario there guards as missed
              --json         one JSON object: entries (id, app, scenarios, fixedPassed,
                             mutantCaught, caughtBy), caught, total
              --junit FILE   also write a JUnit XML report to FILE
              --watchdog S   a run whose code finishes no job for S seconds of wall time (it loops
                             without suspending) is reported with the command that runs it again,
                             exit 1; default 10, 0 turns the watchdog off

            Exit codes: 0 every id caught with the fixed model clean, 1 otherwise, 2 bad input.
            """,
        flags: ["--json", "--every-id"],
        options: ["--junit", WatchdogOption.option],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        try WatchdogOption.start(arguments)
        guard OutputFile.checkBeforeWork(arguments, options: ["--junit"], readsScenarioFolder: true),
              let scenarios = ScenarioArguments.load(arguments.positionals, junit: arguments.value("--junit"), tool: "regress") else {
            return ExitCode.badInput
        }
        // A team's own folder guards its own ids: the rest are not its business unless it asks.
        let every = arguments.positionals.isEmpty || arguments.has("--every-id")
        let catalogue = AppRegistry.toolCatalogue.map(\.mutant)
        let ids = every ? catalogue : RegressionSuite.guardedIDs(in: scenarios)
        guard !ids.isEmpty else {
            Console.error("error: no scenario under \(arguments.positionals.joined(separator: ", ")) guards a catalogue id "
                          + "(\"guards\": [\"fix-3\"]); see `\(ToolName.current) list --mutants`")
            return ExitCode.badInput
        }
        let entries = RegressionSuite.run(scenarios, ids: ids) { done, total, id in
            Terminal.progress("[\(done)/\(total)] \(id.rawValue)")
        }
        Terminal.endProgress()
        if ids.count < catalogue.count {
            Console.error("note: \(catalogue.count - ids.count) catalogue id(s) not checked: no scenario under "
                          + "\(arguments.positionals.joined(separator: ", ")) guards them (--every-id counts them as missed)")
        }
        let caught = entries.filter(\.isClean).count
        if arguments.has("--json") {
            Console.out(JSONWriter.line(json(entries, caught: caught)))
        } else {
            printTable(entries, caught: caught)
        }
        GitHubAnnotations.emit(entries.filter { !$0.isClean }.map { entry in
            GitHubAnnotations.Annotation(file: entry.scenarios.first, line: entry.scenarios.isEmpty ? nil : 1, column: nil,
                                         title: "regress: \(entry.id.rawValue) missed",
                                         message: entry.problems.joined(separator: "\n")
                                             + entry.scenarios.map { "\nreplay: \(ToolName.current) run \(ShellWord.quoted($0)) --mutant \(entry.id.rawValue)" }.joined())
        }, kind: "missed catalogue id")
        GitHubAnnotations.appendSummary("### \(ToolName.current) regress: \(caught) of \(entries.count) catalogue ids caught\n"
                                        + entries.filter { !$0.isClean }.map { "\n- **\($0.id.rawValue)** missed: "
                                            + GitHubAnnotations.cell($0.problems.joined(separator: "; ")) }.joined())
        if let path = arguments.value("--junit") {
            let cases = entries.map { entry in
                JUnitReport.Case(suite: "regress", classname: "regress.\(entry.id.rawValue.split(separator: "-").first ?? "")",
                                 name: entry.id.rawValue, seconds: 0,
                                 failures: entry.isClean ? [] : [("regress", entry.problems.joined(separator: "; "),
                                                                  entry.scenarios.map { "replay: \(ToolName.current) run \(ShellWord.quoted($0)) --mutant \(entry.id.rawValue)" }
                                                                      .joined(separator: "\n"))])
            }
            guard ScenarioArguments.write(JUnitReport(name: "\(ToolName.current) regress", cases: cases).xml, to: path) else {
                return ExitCode.badInput
            }
        }
        return caught == entries.count ? ExitCode.ok : ExitCode.violations
    }

    private static func printTable(_ entries: [RegressionSuite.Entry], caught: Int) {
        let table = ConsoleTable(colour: Terminal.useColour)
        let width = entries.map(\.id.rawValue.count).max() ?? 0
        let appWidth = AppRegistry.apps.map(\.rawValue.count).max() ?? 0
        for entry in entries {
            let verdict = entry.isClean ? table.paint("caught", 32) : table.paint("MISSED", 31)
            let id = entry.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let app = AppRegistry.app(of: entry.id).rawValue.padding(toLength: appWidth, withPad: " ", startingAt: 0)
            Console.out("\(verdict)  \(app)  \(id)  by \(entry.caughtBy.isEmpty ? "nothing" : entry.caughtBy.joined(separator: ", "))"
                        + "  (\(entry.scenarios.count) scenario\(entry.scenarios.count == 1 ? "" : "s"))")
            for problem in entry.problems { Console.out("        \(problem)") }
        }
        Console.out("\(caught) of \(entries.count) catalogue ids caught, with the fixed model clean")
    }

    private static func json(_ entries: [RegressionSuite.Entry], caught: Int) -> JSONWriter.Value {
        .object([
            ("entries", .array(entries.map { entry in
                .object([("id", .string(entry.id.rawValue)),
                         ("app", .string(AppRegistry.app(of: entry.id).rawValue)),
                         ("scenarios", .array(entry.scenarios.map(JSONWriter.Value.string))),
                         ("fixedPassed", .bool(entry.fixedPassed)),
                         ("mutantCaught", .bool(entry.mutantCaught)),
                         ("caughtBy", .array(entry.caughtBy.map(JSONWriter.Value.string)))])
            })),
            ("caught", .int(Int64(caught))),
            ("total", .int(Int64(entries.count))),
        ])
    }
}
