import Foundation
import AppVocabulary
import Exploration
import Scenarios
import Reports
import Oracles

/// `onboarding-sim shrink`: the smallest scenario file that still fails the same way.
enum ShrinkCommand {
    static let subcommand = Subcommand(
        name: "shrink",
        summary: "shrink a failing explored run to a minimal scenario file",
        usage: """
            usage: \(ToolName.current) shrink (SCENARIO | --persona P) --seed S [--user free|scripted] [--mutant ID]…
                                         [--oracle NAME] -o OUT.json [--watchdog S]
                   \(ToolName.current) shrink SCENARIO [--mutant ID]… [--oracle NAME] -o OUT.json [--watchdog S]

            Takes the run `explore` made for seed S (the persona or scenario with that seed's
            swarm faults; a free user's choices written down as ordinary steps) and removes
            faults and steps, shortens delays, waits and offline
            windows, and plainer settings, one at a time, keeping each change that still
            violates the same oracle. Writes the result as an ordinary scenario file that
            `run` fails on, with the mutants it needs listed under "mutants". To keep it as a
            regression guard, move those ids from "mutants" to "guards".

            Without --seed, a scenario file shrinks as written: the run `run` fails on, such as
            one `replay -o` kept with its choices (which shrink too: the file's draws for a
            stream left out, or cut short, where the seed's draws still fail the same way).
            With --seed, a file is what `explore FILE` ran for that seed: its swarm faults added
            and its own choices, if any, left for the seed's draws.

            options:
              --persona P    a persona: \(ExploreCommand.allPersonas.map(\.name).joined(separator: ", "))
              --seed S       the seed to shrink (required with --persona), or a branch's run id as `explore
                             --branching` prints it (SEED@Tms=S…), which the file keeps as its
                             "seed" (and drops if the run fails the same way without it)
              --user U       \(UserDriver.help)
              --mutant ID    switch a catalogue bug back on (repeatable)
              --oracle NAME  the violation to keep (default: the first oracle that fires)
              -o OUT.json    where to write the shrunk scenario (required)
              --watchdog S   a run whose code finishes no job for S seconds of wall time (it loops
                             without suspending) is reported with the command that runs it again,
                             exit 1; default 10, 0 turns the watchdog off

            examples:
              \(ToolName.current) shrink --persona \(ToolExamples.persona) --seed 1 --mutant \(ToolExamples.mutant) -o shrunk-\(ToolExamples.mutant).json
              \(ToolName.current) shrink kept-run.json -o shrunk.json

            Exit codes: 0 the shrunk scenario was written, 2 bad input or usage (also a seed that
            violates no oracle: there is nothing to shrink).
            """,
        flags: [],
        options: ["--persona", "--seed", "--user", "--mutant", "--oracle", "-o", "--output", WatchdogOption.option],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        // A seed, or a branch's run id as `explore --branching` prints it (`2215@31783ms=8812`);
        // none: a scenario file as written.
        let given = try ReplayCommand.runID(arguments)
        if given == nil, arguments.value("--persona") != nil {
            throw UsageError(message: "--seed S is required with --persona")
        }
        try WatchdogOption.start(arguments)
        guard let output = arguments.value("-o") ?? arguments.value("--output") else {
            throw UsageError(message: "-o OUT.json is required")
        }
        guard OutputFile.checkBeforeWork(arguments, options: [arguments.value("-o") != nil ? "-o" : "--output"]) else {
            return ExitCode.badInput
        }
        guard let target = try ReplayCommand.target(arguments) else { return ExitCode.badInput }
        let mutants = try ScenarioArguments.mutants(arguments)
        let user = try ScenarioArguments.user(arguments)
        if case .scenario = target, given?.branches.isEmpty == false {
            throw UsageError(message: "a branch's run id (SEED@Tms=S) goes with --persona: it names an explored run")
        }
        var scenario: Scenario
        let id: RunID
        if let given {
            id = given
            (scenario, _) = target.scenario(seed: id.seed, user: user)
            scenario.seed = id.seed
            // The file keeps the branch points in its seed ("seed": "2215@31783ms=8812").
            scenario.branches = id.branches
        } else {
            guard case .scenario(let written) = target else { throw UsageError(message: "--seed S is required with --persona") }
            scenario = written
            id = RunID(seed: written.seed, branches: written.branches)
        }
        Terminal.progress("shrinking \(target.name) seed \(id)…")
        let outcome = Shrinker.shrink(scenario, mutants: mutants, oracle: arguments.value("--oracle").map { OracleCatalogue.currentName(of: $0) })
        Terminal.endProgress()
        guard var shrunk = outcome?.scenario, let outcome else {
            Console.error("\(ToolName.current) shrink: \(target.name) seed \(id) violates no oracle"
                          + (arguments.value("--oracle").map { " named \($0)" } ?? "") + "; nothing to shrink")
            return ExitCode.badInput
        }
        shrunk.file = output
        shrunk.name = "Shrunk: \(outcome.oracle) (\(target.name) seed \(id))"
        shrunk.summary = "Found by explore and shrunk: violates \(outcome.oracle)"
            + (mutants.isEmpty ? "" : " with \(mutants.map(\.rawValue).joined(separator: ", ")) on")
            + ". Replay the original: \(ToolName.current) replay "
            + (target.name.hasSuffix(".json") ? ShellWord.quoted(target.name) : "--persona \(target.name)")
            + (given == nil ? "" : " --seed \(id)" + (target.name.hasSuffix(".json") ? " --swarm" : ""))
            + (target.name.hasSuffix(".json") || user == .standard ? "" : " --user \(user.rawValue)")
            + mutants.map { " --mutant \($0.rawValue)" }.joined() + "."
        guard ScenarioArguments.write(ScenarioEncoder.encode(shrunk), to: output) else { return ExitCode.badInput }
        let faultsAfter = shrunk.faults.count
        guard outcome.reproduced else {
            Console.out("wrote \(output) unshrunk: the free user's choices, written down as steps, no longer violate "
                        + "\(outcome.oracle) (played back at their times they met another interleaving); the file keeps "
                        + "the free user, and run fails on it as explore's run did")
            Console.out("check it: \(ToolName.current) run \(ShellWord.quoted(output))")
            return ExitCode.ok
        }
        Console.out("wrote \(output): \(outcome.oracle) still fires with \(faultsAfter) of \(outcome.faultsBefore) faults "
                    + "and \(shrunk.steps.count) of \(outcome.stepsBefore) steps (\(outcome.runs) runs)")
        Console.out("check it: \(ToolName.current) run \(ShellWord.quoted(output))")
        return ExitCode.ok
    }
}
