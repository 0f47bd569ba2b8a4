import Foundation
import OnboardingModel
import Exploration
import Reports
import Scenarios

/// `onboarding-sim explore`: seeded swarm fault schedules over personas or scenarios.
enum ExploreCommand {
    static let subcommand = Subcommand(
        name: "explore",
        summary: "explore seeded swarm fault schedules over personas or scenarios",
        usage: """
            usage: onboarding-sim explore [SCENARIO…] --seeds N [--from S] [--shard I/N] [--jobs K]
                                          [--persona P]… [--mutant ID]… [--budgets FILE] [--json] [--junit FILE]

            Each seed draws a swarm: a random subset of fault kinds (latency, an offline window,
            drops, errors, timeouts, slow goal generation, failed activation) with parameters in
            documented ranges, one user or device detour (a different email, a resend, background,
            kill and relaunch), and seeded same-instant ordering. Seed S runs target S mod T of the
            targets: the given scenarios, or else the built-in personas.

            options:
              --seeds N        how many seeds (required)
              --from S         the first seed (default 1)
              --shard I/N      run only shard I of N (the N shards together are exactly the whole)
              --jobs K         K parallel workers on this machine; results identical to --jobs 1
              --persona P      explore only these personas (repeatable): \(Persona.allCases.map(\.rawValue).joined(separator: ", "))
              --mutant ID      switch a catalogue bug back on (repeatable)
              --budgets FILE   launch budgets per persona (default: scenarios/budgets.json if present)
              --json           one JSON object: runs, failures, violationsByOracle, metrics, summaryHash
              --junit FILE     also write JUnit XML, one test case per run

            examples:
              onboarding-sim explore --seeds 500
              onboarding-sim explore --seeds 1000 --mutant fix-3 --jobs 2
              onboarding-sim explore scenarios/journeys/new-user-happy-path.json --seeds 200 --shard 2/4

            Exit codes: 0 no violation and every budget met, 1 otherwise, 2 bad input or usage.
            """,
        flags: ["--json"],
        options: ["--seeds", "--from", "--shard", "--jobs", "--persona", "--mutant", "--budgets", "--junit"],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let plan = try plan(arguments) else { return ExitCode.badInput }
        let jobs = try positive("--jobs", arguments.value("--jobs")) ?? 1
        let budgetsPath = arguments.value("--budgets") ?? "scenarios/budgets.json"
        if let explicit = arguments.value("--budgets"), !FileManager.default.fileExists(atPath: explicit) {
            throw UsageError(message: "--budgets: no such file '\(explicit)'")
        }
        let budgets: LaunchBudgets
        switch LaunchBudgets.load(budgetsPath) {
        case .success(let loaded): budgets = loaded
        case .failure(let problems):
            for problem in problems.errors { Console.error("error: \(problem)") }
            return ExitCode.badInput
        }
        let timer = WallTimer()
        let runs = Explorer.run(plan, jobs: jobs) { done, total in
            if done % 25 == 0 || done == total { Terminal.progress("explored \(done)/\(total) seeds") }
        }
        Terminal.endProgress()
        let summary = ExplorationSummary(runs)
        let exceeded = budgets.exceeded(in: summary)
        let report = ExplorationReport(plan: plan, runs: runs, summary: summary, exceeded: exceeded, jobs: jobs)
        Console.out(arguments.has("--json") ? JSONWriter.line(report.json) : report.text(wallSeconds: timer.seconds))
        if Terminal.inGitHubActions { for run in runs { RunCommand.annotate(run.result) } }
        if let path = arguments.value("--junit") {
            let cases = runs.map { run in
                RunCommand.junitCase(run.result, seconds: 0, name: "\(run.target) seed \(run.seed)")
            }
            guard ScenarioArguments.write(JUnitReport(name: "onboarding-sim explore", cases: cases).xml, to: path) else {
                return ExitCode.badInput
            }
        }
        return summary.failedRuns == 0 && exceeded.isEmpty ? ExitCode.ok : ExitCode.violations
    }

    static func plan(_ arguments: ParsedArguments) throws(UsageError) -> ExplorationPlan? {
        guard let seeds = try positive("--seeds", arguments.value("--seeds")) else {
            throw UsageError(message: "--seeds N is required")
        }
        let first = try arguments.unsigned("--from") ?? 1
        let shard = try parseShard(arguments.value("--shard") ?? "1/1")
        let targets: [ExplorationTarget]
        if !arguments.positionals.isEmpty {
            guard let scenarios = ScenarioArguments.load(arguments.positionals) else { return nil }
            targets = scenarios.map(ExplorationTarget.scenario)
        } else {
            targets = try personas(arguments.values("--persona")).map(ExplorationTarget.persona)
        }
        return ExplorationPlan(targets: targets, firstSeed: first, seedCount: seeds, shard: shard,
                               mutants: try ScenarioArguments.mutants(arguments))
    }

    static func personas(_ names: [String]) throws(UsageError) -> [Persona] {
        guard !names.isEmpty else { return Persona.allCases }
        var personas: [Persona] = []
        for name in names {
            guard let persona = Persona(rawValue: name) else {
                var message = "unknown persona '\(name)'"
                if let near = DidYouMean.closest(to: name, among: Persona.allCases.map(\.rawValue)) { message += "; did you mean '\(near)'?" }
                throw UsageError(message: message)
            }
            personas.append(persona)
        }
        return personas
    }

    static func parseShard(_ text: String) throws(UsageError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N, such as 3/8; got '\(text)'")
        }
        return (index, count)
    }

    static func positive(_ option: String, _ text: String?) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), number >= 1, number <= 10_000_000 else {
            throw UsageError(message: "\(option) takes a whole number from 1 to 10000000, got '\(text)'")
        }
        return number
    }
}
