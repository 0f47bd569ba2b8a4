import Foundation
import AppVocabulary
import SimKernel
import Exploration
import Reports
import Scenarios

/// `onboarding-sim replay`: one explored run, exactly, told as a story.
enum ReplayCommand {
    static let subcommand = Subcommand(
        name: "replay",
        summary: "reproduce one explored run exactly and print its narrative",
        usage: """
            usage: \(ToolName.current) replay --persona P --seed S [--user free|scripted] [--mutant ID]… [--trace] [-o RUN.json]
                   \(ToolName.current) replay SCENARIO [--seed S] [--swarm [--keep-expectations]] [--mutant ID]… [--trace] [-o RUN.json]

            Runs what `explore` ran for seed S of a persona — with that seed's swarm faults and
            its user — and prints the knobs the seed drew, one line per event that matters
            (screens, user actions, requests and faults, device events), the violations, and the
            trace hash, which equals the one explore saw. A scenario file runs as written (its own
            seed unless --seed), as `run` runs it; with --swarm, as `explore` ran it for seed S:
            with the seed's swarm faults added, judged by the oracles only unless
            --keep-expectations.

            With -o, the run is also written as a scenario file that holds its knobs (faults,
            device and backend sections, its free user or steps, its mutants) and every draw it
            made, stream by stream ("choices"): `replay RUN.json` plays it back from those
            choices, byte for byte (the same trace hash), whatever its seed, and keeps playing
            it when the seeds' draws change. A file's choices can be edited: a stream whose
            values run out draws what the file's seed would have drawn there.

            options:
              --persona P   a persona: \(ExploreCommand.allPersonas.map(\.name).joined(separator: ", "))
              --seed S      the seed to replay (required for a persona and with --swarm), or
                            a branch's run id as `explore --branching` prints it (SEED@Tms=S…)
              --swarm       a scenario file: add seed S's swarm faults, as explore does
              --keep-expectations  with --swarm, also judge the file by its own expectations
              --user U      \(UserDriver.help)
              --mutant ID   switch a catalogue bug back on (repeatable)
              --trace       print the full canonical trace instead of the narrative
              -o RUN.json   also write the run, with its choices, as a scenario file
              --watchdog S  a run whose code finishes no job for S seconds of wall time (it loops
                            without suspending) is reported with its last trace lines, exit 1;
                            default 10, 0 turns the watchdog off

            examples:
              \(ToolName.current) replay --persona \(ToolExamples.persona) --seed 42 --mutant \(ToolExamples.mutant)
              \(ToolName.current) replay \(ToolExamples.scenario) --mutant \(ToolExamples.mutant)
              \(ToolName.current) replay \(ToolExamples.scenario) --seed 7 --swarm
              \(ToolName.current) replay --persona \(ToolExamples.persona) --seed 42 -o run-42.json && \(ToolName.current) replay run-42.json

            Exit codes: 0 no violation, 1 violations, 2 bad input or usage.
            """,
        flags: ["--trace", "--swarm", "--keep-expectations"],
        options: ["--persona", "--seed", "--user", "--mutant", "-o", "--output", WatchdogOption.option],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let id = try runID(arguments)
        let seed = id?.seed
        let output = arguments.value("-o") ?? arguments.value("--output")
        if output != nil, !OutputFile.checkBeforeWork(arguments, options: [arguments.value("-o") != nil ? "-o" : "--output"]) {
            return ExitCode.badInput
        }
        guard let target = try target(arguments) else { return ExitCode.badInput }
        let mutants = try ScenarioArguments.mutants(arguments)
        try WatchdogOption.start(arguments) { _, _, _ in
            (["\(ToolName.current)"] + CommandLine.arguments.dropFirst().map(ShellWord.quoted)).joined(separator: " ")
        }
        if case .scenario(let scenario) = target, !arguments.has("--swarm") {
            if id?.branches.isEmpty == false { throw UsageError(message: "a branch's run id (SEED@Tms=S) goes with --persona or --swarm: it names an explored run") }
            if arguments.has("--keep-expectations") { throw UsageError(message: "--keep-expectations goes with --swarm") }
            let result = ScenarioRunner.judge(ScenarioRunner.simulate(scenario, seed: seed, mutants: mutants, recordingChoices: output != nil))
            Console.out("replay: \(scenario.file) as written, seed \(RunID(seed: result.seed, branches: scenario.branches))"
                        + mutantsText(mutants) + (result.simulation.replayedChoices.map(Self.replayedText) ?? ""))
            if let replayed = result.simulation.replayedChoices {
                for name in replayed.streamsNotDrawn {
                    let near = DidYouMean.closest(to: name, among: replayed.streamsDrawn).map { "; did you mean \"\($0)\"?" }
                    Console.error("note: \(scenario.file): the run drew nothing from \"\(name)\" in \"choices\""
                                  + (near ?? " (its streams: \(replayed.streamsDrawn.joined(separator: ", ")))"))
                }
            }
            if let output, !save(result, mutants: mutants, replaying: "\(ShellWord.quoted(scenario.file)) --seed \(result.seed)", to: output) {
                return ExitCode.badInput
            }
            return tell(result, arguments: arguments)
        }
        guard let seed else { throw UsageError(message: "--seed S is required" + (arguments.positionals.isEmpty ? "" : " with --swarm")) }
        var plan = ExplorationPlan(targets: [target], firstSeed: seed, seedCount: 1, mutants: mutants,
                                   user: try ScenarioArguments.user(arguments))
        plan.keepsScenarioExpectations = arguments.has("--keep-expectations")
        plan.recordsChoices = output != nil
        let run = Explorer.explore(plan, run: id ?? RunID(seed: seed))
        Console.out("replay: \(run.target) seed \(run.id)" + mutantsText(mutants))
        for line in run.swarm.lines { Console.out("  knob  \(line)") }
        if let output {
            let how = (target.name.hasSuffix(".json") ? ShellWord.quoted(target.name) + " --swarm" : "--persona \(target.name)")
                + " --seed \(run.id)" + (target.name.hasSuffix(".json") || plan.user == .standard ? "" : " --user \(plan.user.rawValue)")
            guard save(run.result, mutants: mutants, replaying: how, to: output) else { return ExitCode.badInput }
        }
        return tell(run.result, arguments: arguments)
    }

    /// Writes `result`'s run as a scenario file that plays it back from its choices (`-o`).
    private static func save(_ result: ScenarioResult, mutants: [Mutant], replaying how: String, to path: String) -> Bool {
        let made = "\(ToolName.current) replay \(how)" + mutants.map { " --mutant \($0.rawValue)" }.joined()
        guard KeptRun.write(result, mutants: mutants, madeBy: made, to: path) else { return false }
        let count = result.simulation.choices?.count ?? 0
        Console.out("wrote \(path): the run with its \(count) choices; play it back: \(ToolName.current) replay \(ShellWord.quoted(path))")
        return true
    }

    /// `--seed`: a seed, or a branch's run id from `explore --branching` (`2215@31783ms=8812`).
    static func runID(_ arguments: ParsedArguments) throws(UsageError) -> RunID? {
        guard let text = arguments.value("--seed") else { return nil }
        if !text.contains("@") { return try arguments.unsigned("--seed").map { RunID(seed: $0) } }
        guard let id = RunID(text) else {
            throw UsageError(message: "--seed takes a seed or a branch's run id as explore --branching prints it "
                             + "(SEED@Tms=S…, instants growing), got '\(text)'")
        }
        return id
    }

    /// `, from its 102 choices`, and what the run did not take or drew past them.
    static func replayedText(_ replayed: ReplayedChoices) -> String {
        var text = ", from its \(plural(replayed.values, "choice"))"
        if replayed.unused > 0 { text += " (\(replayed.unused) more not drawn)" }
        if replayed.pastTheEnd > 0 { text += " and \(plural(replayed.pastTheEnd, "draw")) of the seed past their end" }
        return text
    }

    /// `1 draw`, `3 draws`.
    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)" + (count == 1 ? "" : "s")
    }

    static func mutantsText(_ mutants: [Mutant]) -> String {
        mutants.isEmpty ? "" : " mutants \(mutants.map(\.rawValue).joined(separator: ","))"
    }

    /// Prints a run's narrative (or with --trace its canonical trace), its violations and hash;
    /// the exit code says whether it passed.
    static func tell(_ result: ScenarioResult, arguments: ParsedArguments) -> Int32 {
        if arguments.has("--trace") {
            Console.out(result.simulation.trace.canonicalText, terminator: "")
        } else {
            for line in Narrative.lines(for: result) { Console.out(line) }
        }
        Console.out("violations: \(result.violations.count)  trace hash: \(result.traceHash)")
        return result.passed ? ExitCode.ok : ExitCode.violations
    }

    /// The persona or the single scenario file named by the arguments.
    static func target(_ arguments: ParsedArguments) throws(UsageError) -> ExplorationTarget? {
        if let name = arguments.value("--persona") {
            guard arguments.positionals.isEmpty else { throw UsageError(message: "give a scenario or --persona, not both") }
            return try ExploreCommand.personas([name])[0]
        }
        guard arguments.positionals.count == 1 else { throw UsageError(message: "give one scenario file or --persona P") }
        guard let scenarios = ScenarioArguments.load(arguments.positionals) else { return nil }
        guard scenarios.count == 1 else { throw UsageError(message: "give one scenario file, not a folder") }
        return .scenario(scenarios[0])
    }
}
