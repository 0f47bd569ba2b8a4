import Foundation
import AppVocabulary
import Exploration
import Reports
import Scenarios

/// `onboarding-sim report`: one run as a self-contained HTML timeline.
enum ReportCommand {
    static let subcommand = Subcommand(
        name: "report",
        summary: "write one run as a self-contained HTML timeline, or an exploration's timing charts",
        usage: """
            usage: \(ToolName.current) report (SCENARIO | --persona P) [--seed S] [--user free|scripted] [--mutant ID]…
                                         --html OUT.html [--watchdog S]
                   \(ToolName.current) report --timing EXPLORE.json [--baseline BASE.json] --html OUT.html

            Runs a scenario file (as `run` does; --seed overrides its seed) or a persona (as
            `explore` does for seed S, default 1, or for a branch's run id as `explore
            --branching` prints it, SEED@Tms=S…) and writes one HTML file with no external
            assets: the route bar on top, one lane per actor of the app (the user, the app and its
            parts, the network, the backend, the device), requests as spans coloured by outcome,
            faults and violations marked on a virtual-time axis, and the narrative below. Hover any
            mark for its details. With --persona, --user picks who drives it (\(UserDriver.standard.rawValue) by default).

            With --timing, reads the output of `explore … --json` and writes its timing as one
            HTML file: per metric, each persona's distribution as a cumulative curve, the budgets
            explore checked drawn where the curve must pass (red when exceeded), and with
            --baseline an earlier `explore --json` output's curves dashed beside them.

            options:
              --watchdog S   a run whose code finishes no job for S seconds of wall time (it loops
                             without suspending) is reported with the command that runs it again,
                             exit 1; default 10, 0 turns the watchdog off

            examples:
              \(ToolName.current) report \(ToolExamples.scenario) --mutant \(ToolExamples.mutant) --html run.html
              \(ToolName.current) explore --seeds 2000 --json > timing.json
              \(ToolName.current) report --timing timing.json --html timing.html

            Exit codes: 0 written and the run passed (or timing charts written), 1 written and the
            run has violations (they are in the page), 2 bad input or usage.
            """,
        flags: [],
        options: ["--persona", "--seed", "--user", "--mutant", "--html", "--timing", "--baseline", WatchdogOption.option],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let output = arguments.value("--html") else { throw UsageError(message: "--html OUT.html is required") }
        try WatchdogOption.start(arguments)
        guard OutputFile.checkBeforeWork(arguments, options: ["--html"], inputs: [arguments.value("--timing"), arguments.value("--baseline")]) else {
            return ExitCode.badInput
        }
        if let timing = arguments.value("--timing") { return try writeTiming(timing, arguments: arguments, to: output) }
        if arguments.value("--baseline") != nil { throw UsageError(message: "--baseline goes with --timing EXPLORE.json") }
        let mutants = try ScenarioArguments.mutants(arguments)
        // A seed, or a branch's run id as `explore --branching` prints it (`2215@31783ms=8812`).
        let id = try ReplayCommand.runID(arguments)
        let seed = id?.seed
        guard let target = try ReplayCommand.target(arguments) else { return ExitCode.badInput }
        let page: HTMLTimeline
        switch target {
        case .appPersona:
            let plan = ExplorationPlan(targets: [target], firstSeed: seed ?? 1, seedCount: 1, mutants: mutants,
                                       user: try ScenarioArguments.user(arguments))
            let run = Explorer.explore(plan, run: id ?? RunID(seed: 1))
            page = HTMLTimeline(result: run.result, title: "\(target.name), seed \(run.id)", knobs: run.swarm.lines)
        case .scenario(let scenario):
            if id?.branches.isEmpty == false {
                throw UsageError(message: "a branch's run id (SEED@Tms=S) goes with --persona: it names an explored run")
            }
            let result = ScenarioRunner.run(scenario, seed: seed, mutants: mutants)
            page = HTMLTimeline(result: result, title: "\(scenario.name) (\(scenario.file))")
        }
        guard ScenarioArguments.write(page.html, to: output) else { return ExitCode.badInput }
        Console.out("wrote \(output) (\(page.result.violations.count) violation(s), trace \(page.result.traceHash))")
        return page.result.passed ? ExitCode.ok : ExitCode.violations
    }

    /// `--timing`: the charts of an exploration's `--json` output.
    static func writeTiming(_ path: String, arguments: ParsedArguments, to output: String) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty, arguments.value("--persona") == nil else {
            throw UsageError(message: "--timing EXPLORE.json takes no scenario or persona: it draws an exploration's output")
        }
        guard let exploration = ScenarioArguments.reported(TimingBaseline.load(path)),
              let baseline = ScenarioArguments.baseline(arguments) else { return ExitCode.badInput }
        let page = TimingPage.page(of: exploration, file: path, baseline: baseline)
        guard ScenarioArguments.write(page.html, to: output) else { return ExitCode.badInput }
        Console.out("wrote \(output) (\(page.charts.count) chart(s), \(page.charts.reduce(0) { $0 + $1.limits.count }) budget limit(s))")
        return ExitCode.ok
    }
}
