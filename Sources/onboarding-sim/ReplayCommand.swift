import Foundation
import OnboardingModel
import Exploration
import Reports
import Scenarios

/// `onboarding-sim replay`: one explored run, exactly, told as a story.
enum ReplayCommand {
    static let subcommand = Subcommand(
        name: "replay",
        summary: "reproduce one explored run exactly and print its narrative",
        usage: """
            usage: onboarding-sim replay (SCENARIO | --persona P) --seed S [--user free|scripted] [--mutant ID]… [--trace]

            Runs what `explore` ran for seed S — the persona (or scenario) with that seed's swarm
            faults and detour — and prints the knobs the seed drew, one line per event that
            matters (screens, user actions, requests and faults, device events), the violations,
            and the trace hash, which equals the one explore saw.

            options:
              --persona P   a built-in persona: \(Persona.allCases.map(\.rawValue).joined(separator: ", "))
              --seed S      the seed to replay (required)
              --user U      \(UserDriver.help)
              --mutant ID   switch a catalogue bug back on (repeatable)
              --trace       print the full canonical trace instead of the narrative

            example:
              onboarding-sim replay --persona new-user --seed 42 --mutant fix-3

            Exit codes: 0 no violation, 1 violations, 2 bad input or usage.
            """,
        flags: ["--trace"],
        options: ["--persona", "--seed", "--user", "--mutant"],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let seed = try arguments.unsigned("--seed") else { throw UsageError(message: "--seed S is required") }
        guard let target = try target(arguments) else { return ExitCode.badInput }
        let plan = ExplorationPlan(targets: [target], firstSeed: seed, seedCount: 1, mutants: try ScenarioArguments.mutants(arguments),
                                   user: try ScenarioArguments.user(arguments))
        let run = Explorer.explore(plan, seed: seed)
        Console.out("replay: \(run.target) seed \(seed)" + (plan.mutants.isEmpty ? "" : " mutants \(plan.mutants.map(\.rawValue).joined(separator: ","))"))
        for line in run.swarm.lines { Console.out("  knob  \(line)") }
        if arguments.has("--trace") {
            Console.out(run.result.simulation.trace.canonicalText, terminator: "")
        } else {
            for line in Narrative.lines(for: run.result) { Console.out(line) }
        }
        Console.out("violations: \(run.result.violations.count)  trace hash: \(run.result.traceHash)")
        return run.result.passed ? ExitCode.ok : ExitCode.violations
    }

    /// The persona or the single scenario file named by the arguments.
    static func target(_ arguments: ParsedArguments) throws(UsageError) -> ExplorationTarget? {
        if let name = arguments.value("--persona") {
            guard arguments.positionals.isEmpty else { throw UsageError(message: "give a scenario or --persona, not both") }
            return .persona(try ExploreCommand.personas([name])[0])
        }
        guard arguments.positionals.count == 1 else { throw UsageError(message: "give one scenario file or --persona P") }
        guard let scenarios = ScenarioArguments.load(arguments.positionals) else { return nil }
        guard scenarios.count == 1 else { throw UsageError(message: "give one scenario file, not a folder") }
        return .scenario(scenarios[0])
    }
}
