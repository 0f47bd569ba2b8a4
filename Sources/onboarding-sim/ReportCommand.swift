import Foundation
import OnboardingModel
import Exploration
import Reports
import Scenarios

/// `onboarding-sim report`: one run as a self-contained HTML timeline.
enum ReportCommand {
    static let subcommand = Subcommand(
        name: "report",
        summary: "write one run as a self-contained HTML timeline",
        usage: """
            usage: onboarding-sim report (SCENARIO | --persona P) [--seed S] [--user free|scripted] [--mutant ID]…
                                         --html OUT.html

            Runs a scenario file (as `run` does; --seed overrides its seed) or a persona (as
            `explore` does for seed S, default 1) and writes one HTML file with no external
            assets: the route bar on top, one lane per actor (user, client store, sync queue,
            OTP timer, network, backend, device), requests as spans coloured by outcome, faults
            and violations marked on a virtual-time axis, and the narrative below. Hover any
            mark for its details. With --persona, --user picks who drives it (\(UserDriver.standard.rawValue) by default).

            example:
              onboarding-sim report scenarios/fix-plan/activation-network-blip.json --mutant fix-3 --html blip.html
            """,
        flags: [],
        options: ["--persona", "--seed", "--user", "--mutant", "--html"],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let output = arguments.value("--html") else { throw UsageError(message: "--html OUT.html is required") }
        let mutants = try ScenarioArguments.mutants(arguments)
        let seed = try arguments.unsigned("--seed")
        guard let target = try ReplayCommand.target(arguments) else { return ExitCode.badInput }
        let page: HTMLTimeline
        switch target {
        case .persona(let persona):
            let plan = ExplorationPlan(targets: [target], firstSeed: seed ?? 1, seedCount: 1, mutants: mutants,
                                       user: try ScenarioArguments.user(arguments))
            let run = Explorer.explore(plan, seed: seed ?? 1)
            page = HTMLTimeline(result: run.result, title: "\(persona.rawValue), seed \(run.seed)", knobs: run.swarm.lines)
        case .scenario(let scenario):
            let result = ScenarioRunner.run(scenario, seed: seed, mutants: mutants)
            page = HTMLTimeline(result: result, title: "\(scenario.name) (\(scenario.file))")
        }
        guard ScenarioArguments.write(page.html, to: output) else { return ExitCode.badInput }
        Console.out("wrote \(output) (\(page.result.violations.count) violation(s), trace \(page.result.traceHash))")
        return ExitCode.ok
    }
}
