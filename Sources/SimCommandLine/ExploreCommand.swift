import Foundation
import AppVocabulary
import Exploration
import Reports
import Scenarios

/// `onboarding-sim explore`: seeded swarm fault schedules over personas or scenarios.
enum ExploreCommand {
    static let subcommand = Subcommand(
        name: "explore",
        summary: "explore seeded swarm fault schedules over personas or scenarios",
        usage: """
            usage: \(ToolName.current) explore [SCENARIO…] --seeds N [--from S] [--shard I/N] [--jobs K]
                                          [--app A] [--persona P]… [--user free|scripted] [--mutant ID]…
                                          [--budgets FILE]
                                          [--baseline FILE] [--known FILE] [--keep-expectations]
                                          [--keep-failures N] [--keep-runs DIR] [--branching] [--branch-strategy E[:R[:S[:A[:D]]]]]
                                          [--per-seed FILE] [--coverage FILE] [--json] [--junit FILE]
                                          [--watchdog S]

            Each seed draws a swarm: a random subset of fault kinds (latency, an offline window,
            drops, errors and timeouts on the app's endpoints, and the knobs of the app's own
            swarm) with parameters in documented ranges, and seeded same-instant ordering. The
            personas are driven by the free user: a seeded person who mostly goes forward and, as
            often as the seed's profile allows, does anything else a person can (other actions,
            disabled taps, wrong codes, odd emails, double taps, background, kill, reinstall, lost
            connection, and what else the app's roles allow) at any moment. Seed S runs target S
            mod T of the targets: the given scenarios (their own steps, with the faults added), or
            else the personas of one app (--app). After the summary, a short coverage table: what
            the runs reached, and what screens offered that no run took. Scenario files are judged
            by the oracles only: their own expectations were written for the faults they name, not
            for the ones added (--keep-expectations checks them too).

            options:
              --seeds N        how many seeds (required)
              --from S         the first seed (default 1)
              --shard I/N      run only shard I of N (the N shards together are exactly the whole)
              --jobs K         K parallel workers on this machine; results identical to --jobs 1
              --app A          explore the personas of app A: \(AppRegistry.apps.map(\.rawValue).joined(separator: " or ")) (default \(defaultApp.rawValue))
              --persona P      explore only these personas (repeatable); \(personaList)
              --user U         \(UserDriver.help)
              --mutant ID      switch a catalogue bug back on (repeatable)
              --budgets FILE   timing budgets per persona at percentiles (default: the nearest
                               budgets.json in the scenarios' folder or above, or for personas
                               scenarios/<app>/budgets.json, or for the tool's first app
                               scenarios/budgets.json; explore says when there is none); an
                               exceeded limit prints its worst seeds with replay commands and the
                               knobs the runs over it drew more often
              --baseline FILE  compare timing with an earlier `explore … --json` output: each changed
                               percentile shows its change, and "maxGrowth" budgets are checked
              --known FILE     violations accepted for now, each with its reason (a ticket):
                               {"format": 1, "known": [{"oracle": O, "reason": R, "persona": P,
                               "seeds": [S…]}]} (persona and seeds optional). A run whose every
                               violation an entry accepts does not fail; each entry's count is
                               printed, and one no run met is named so it can go
              --keep-expectations  also judge explored scenario files by their own `expect`s
              --branching      N runs, most of them futures of earlier runs: a run that reached
                               a state no run had (what the user saw, did, or met) is replayed
                               exactly up to that moment and drawn afresh after it; a chain of
                               ordinary steps is met one step at a time. A branch's run is named
                               SEED@Tms=S… and replayed with `replay --seed` (docs/exploration.md)
              --branch-strategy E[:R[:S[:A[:D]]]]  with --branching: one slot in E branches (default 2),
                               the place is the rarest reached of R drawn (default 1), one branch
                               in S draws the choices another branch drew (a splice; default 0,
                               never), a place is A ms after its new state (0, default: the
                               user's reaction in that millisecond is drawn afresh; or 1: it is
                               the parent's), and a branch redraws D: all (default: every random
                               stream), user (the user's choices alone, the network's and the
                               backend's draws kept) or userN (the user's next N draws alone, every
                               later draw the parent's); onboarding-bench branching measures them
              --keep-failures N  keep the first N failing runs in full (default 100): they are printed
                               (a few per oracle), listed by --json and written to --junit; the rest
                               are counted. Memory stays flat however many seeds there are.
              --keep-runs DIR  also write each kept failing run into DIR as a scenario file with its
                               choices, which `replay FILE` plays back byte for byte, even with a
                               later version of the tool (docs/exploration.md): a CI job's artifact
              --per-seed FILE  also write one JSON line per seed, in seed order: target, seed,
                               passed, violations, traceHash
              --coverage FILE  write what the runs reached as JSON: (screen, action taken), (screen,
                               action offered), (screen, fault hit), (screen, lifecycle event),
                               each with how many runs reached it, and the actions offered that no
                               run took (the console shows a short table of the same)
              --json           one JSON object: runs, failures kept, violationsByOracle, metrics, summaryHash
              --junit FILE     also write JUnit XML: a test case per kept failure, one for all the rest
              --watchdog S     a seed whose code finishes no job for S seconds of wall time (it loops
                               without suspending) is reported with its replay command, exit 1;
                               default 10, 0 turns the watchdog off

            examples:
              \(ToolName.current) explore --seeds 500
              \(ToolName.current) explore --seeds 1000 --mutant \(ToolExamples.mutant) --jobs 2\(ToolExamples.otherApp.map { "\n  \(ToolName.current) explore --app \($0.rawValue) --seeds 1000" + (ToolExamples.otherMutant.map { " --mutant \($0)" } ?? "") } ?? "")
              \(ToolName.current) explore --seeds 2000 --json > baseline.json
              \(ToolName.current) explore --seeds 2000 --baseline baseline.json --mutant \(ToolExamples.mutant)
              \(ToolName.current) explore --seeds 2000 --known known.json
              \(ToolName.current) explore \(ToolExamples.scenario) --seeds 200 --shard 2/4

            Exit codes: 0 no violation and every budget met, 1 otherwise, 2 bad input or usage.
            """,
        flags: ["--json", "--keep-expectations", "--branching"],
        options: ["--seeds", "--from", "--shard", "--jobs", "--app", "--persona", "--user", "--mutant", "--budgets", "--baseline", "--known", "--keep-failures",
                  "--per-seed", "--junit", "--coverage", "--branch-strategy", "--keep-runs", WatchdogOption.option],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard var plan = try plan(arguments) else { return ExitCode.badInput }
        if let explicit = arguments.value("--budgets"), !FileManager.default.fileExists(atPath: explicit) {
            throw UsageError(message: "--budgets: no such file '\(explicit)'")
        }
        let app = plan.targets.first?.app ?? AppRegistry.defaultApp
        // Branching runs are chosen for what they reach, not drawn as users are: their timing is
        // no sample of the users', so budgets are judged on plain seeds only.
        if plan.branching, arguments.value("--budgets") != nil || arguments.value("--baseline") != nil {
            throw UsageError(message: "--branching runs are not a sample of users: timing budgets and baselines are judged "
                             + "on plain seeds; drop --budgets/--baseline or --branching")
        }
        let budgetsPath = plan.branching ? nil : arguments.value("--budgets") ?? defaultBudgets(for: arguments.positionals, app: app)
        guard OutputFile.checkBeforeWork(arguments, options: ["--junit", "--coverage", "--per-seed"],
                                         inputs: [budgetsPath, arguments.value("--baseline"), arguments.value("--known")]) else { return ExitCode.badInput }
        let keptRuns = arguments.value("--keep-runs")
        if let keptRuns {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: keptRuns, isDirectory: &isFolder), !isFolder.boolValue {
                throw UsageError(message: "--keep-runs \(keptRuns): a file is there; give a folder (it is made if missing)")
            }
        }
        let jobs = capped(jobs: try number("--jobs", arguments.value("--jobs")) ?? 1)
        if budgetsPath == nil, !plan.branching {
            let personasFolder = app == AppRegistry.defaultApp ? "scenarios/" : "scenarios/\(app.rawValue)/"
            Console.error("note: no timing budgets checked: no budgets.json "
                          + (arguments.positionals.isEmpty ? "in \(personasFolder) here" : "next to the scenarios or in their folders")
                          + "; give --budgets FILE (docs/budgets.md)")
        }
        guard let budgets = ScenarioArguments.reported(budgetsPath.map(TimingBudgets.load) ?? .success(.empty), title: "invalid budgets"),
              let baseline = ScenarioArguments.baseline(arguments) else { return ExitCode.badInput }
        if baseline == nil && budgets.limitsGrowth {
            Console.error("note: the budgets' maxGrowth limits are not checked without --baseline FILE")
        }
        plan.budgets = budgets
        if let path = arguments.value("--known") {
            guard FileManager.default.fileExists(atPath: path) else { throw UsageError(message: "--known: no such file '\(path)'") }
            let oracles = AppRegistry.oracles(for: app).map(\.name)
            guard let known = ScenarioArguments.reported(KnownViolations.load(path, oracles: oracles, targets: plan.targets.map(\.name)),
                                                         title: "invalid known violations") else { return ExitCode.badInput }
            plan.known = known
        }
        let explored = plan
        try WatchdogOption.start(arguments) { _, seed, branches in
            ExplorationReport.replayCommand(plan: explored, target: explored.target(for: seed).name, seed: seed,
                                            id: branches.isEmpty ? nil : RunID(seed: seed, branches: branches))
        }
        let keep = try number("--keep-failures", arguments.value("--keep-failures"), from: 0) ?? Explorer.defaultKeptFailures
        let perSeed: PerSeedFile?
        if let path = arguments.value("--per-seed") {
            guard let file = PerSeedFile(path: path) else { return ExitCode.badInput }
            perSeed = file
        } else {
            perSeed = nil
        }
        let timer = WallTimer()
        let line = ProgressLine(verb: "explored", unit: "seeds")
        let outcome = Explorer.explore(plan, jobs: jobs, keepFailures: keep, perSeed: perSeed?.sink) { progress in
            line.update(done: progress.done, total: progress.total, failed: progress.failed)
        }
        line.finish()
        let perSeedWritten = perSeed?.close() ?? true
        let exceeded = budgets.exceeded(in: outcome.summary, baseline: baseline)
        let report = ExplorationReport(plan: plan, outcome: outcome, budgets: budgets, exceeded: exceeded, baseline: baseline, jobs: jobs)
        if let baseline, baseline.plan != TimingBaseline.describe(plan: JSONWriter.line(report.planJSON)) {
            Console.error("note: the baseline explored other runs (\(baseline.plan)); percentiles are compared, but not run for run")
        }
        Console.out(arguments.has("--json") ? JSONWriter.line(report.json) : report.text(wallSeconds: timer.seconds))
        if GitHubAnnotations.enabled { report.annotate(budgetsPath: budgetsPath) }
        if let path = arguments.value("--junit") {
            guard ScenarioArguments.write(report.junit.xml, to: path) else { return ExitCode.badInput }
        }
        if let path = arguments.value("--coverage") {
            guard ScenarioArguments.write(JSONWriter.line(report.coverageJSON) + "\n", to: path) else { return ExitCode.badInput }
        }
        guard perSeedWritten else { return ExitCode.badInput }
        if let keptRuns {
            guard let written = KeptRun.write(outcome.failures, of: plan, into: keptRuns) else { return ExitCode.badInput }
            if let first = written.first {
                Console.error("kept \(written.count) failing run(s) with their choices in \(keptRuns); play one back: "
                              + "\(ToolName.current) replay \(ShellWord.quoted(first))")
            }
        }
        return outcome.summary.failedRuns == 0 && exceeded.isEmpty ? ExitCode.ok : ExitCode.violations
    }

    /// The budgets file that belongs to what is explored: for scenario files, the nearest
    /// `budgets.json` in the first file's folder or a folder above it; for an app's personas,
    /// `scenarios/<app>/budgets.json`, or for the tool's first app `scenarios/budgets.json`.
    /// Nil when there is none.
    static func defaultBudgets(for scenarios: [String], app: AppID? = nil) -> String? {
        guard let first = scenarios.first else {
            let app = app ?? defaultApp
            let own = ScenarioArguments.defaultFolder + "/\(app.rawValue)/budgets.json"
            if FileManager.default.fileExists(atPath: own) { return own }
            let tools = ScenarioArguments.defaultFolder + "/budgets.json"
            return app == defaultApp && FileManager.default.fileExists(atPath: tools) ? tools : nil
        }
        var folder = URL(fileURLWithPath: first).standardizedFileURL
        var isFolder: ObjCBool = false
        if !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue) {
            folder.deleteLastPathComponent()
        }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        while true {
            let candidate = folder.appendingPathComponent("budgets.json").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            // Up to the working folder when the scenarios are inside it, else up to the root.
            guard folder.path != here, folder.path != "/" else { return nil }
            folder.deleteLastPathComponent()
        }
    }

    static func plan(_ arguments: ParsedArguments) throws(UsageError) -> ExplorationPlan? {
        guard let seeds = try number("--seeds", arguments.value("--seeds")) else {
            throw UsageError(message: "--seeds N is required")
        }
        let first = try arguments.unsigned("--from") ?? 1
        guard UInt64(seeds - 1) <= UInt64.max - first else {
            throw UsageError(message: "--from \(first) with --seeds \(seeds) runs past the last seed, \(UInt64.max); "
                             + "start at \(UInt64.max - UInt64(seeds - 1)) at most")
        }
        let shard = try parseShard(arguments.value("--shard") ?? "1/1")
        let targets: [ExplorationTarget]
        let app = try self.app(arguments)
        if !arguments.positionals.isEmpty {
            guard app == nil else { throw UsageError(message: "--app is for personas: scenario files name their own app") }
            guard let scenarios = ScenarioArguments.load(arguments.positionals) else { return nil }
            targets = scenarios.map(ExplorationTarget.scenario)
        } else {
            targets = try personas(arguments.values("--persona"), app: app)
        }
        let mutants = try ScenarioArguments.mutants(arguments)
        for mutant in mutants where !targets.contains(where: { $0.app == AppRegistry.app(of: mutant) }) {
            let app = AppRegistry.app(of: mutant)
            throw UsageError(message: "--mutant \(mutant.rawValue) is a bug of the \(app.rawValue) app, which nothing explored runs"
                             + (arguments.positionals.isEmpty ? "; add --app \(app.rawValue)" : ""))
        }
        var plan = ExplorationPlan(targets: targets, firstSeed: first, seedCount: seeds, shard: shard,
                                   mutants: mutants, user: try ScenarioArguments.user(arguments))
        plan.keepsScenarioExpectations = arguments.has("--keep-expectations")
        plan.branching = arguments.has("--branching")
        if let text = arguments.value("--branch-strategy") {
            guard plan.branching else { throw UsageError(message: "--branch-strategy is for --branching: add --branching") }
            guard let strategy = BranchingExploration.Strategy(text) else {
                throw UsageError(message: "--branch-strategy takes EVERY[:RARITY[:SPLICE[:AFTER[:REDRAW]]]], whole numbers (EVERY and "
                                 + "RARITY at least 1, SPLICE 0 for never, AFTER 0 or 1) and REDRAW all, user or userN (N the "
                                 + "user's draws), such as 2, 4:3:2 or 2:1:0:0:user1; got '\(text)'")
            }
            plan.branchStrategy = strategy
        }
        return plan
    }

    /// `--app A`, if given.
    static func app(_ arguments: ParsedArguments) throws(UsageError) -> AppID? {
        guard let name = arguments.value("--app") else { return nil }
        guard let app = AppRegistry.apps.first(where: { $0.rawValue == name }) else {
            throw UsageError(message: "--app takes \(AppRegistry.apps.map(\.rawValue).joined(separator: " or ")), got '\(name)'")
        }
        return app
    }

    /// The app explored without `--app`: the tool's first (`AppRegistry.defaultApp`).
    static var defaultApp: AppID { AppRegistry.defaultApp }

    /// Each app's personas, for the help page: `fix-plan: new-user, …; pickup: …`.
    static var personaList: String {
        AppRegistry.apps.map { app in
            "\(app.rawValue): " + allPersonas.filter { $0.app == app }.map(\.name).joined(separator: ", ")
        }.joined(separator: ";\n                   ")
    }

    /// Every persona of every app: the bundled apps', then each plug-in's.
    static var allPersonas: [ExplorationTarget] {
        AppRegistry.apps.compactMap(AppRegistry.plugin(for:)).flatMap { plugin in
            plugin.personas.map { ExplorationTarget.appPersona(plugin.id, $0) }
        }
    }

    /// The personas named (any app's), or all of `app`'s (the fix plan's by default); a named
    /// persona of another app than `--app` is refused.
    static func personas(_ names: [String], app: AppID? = nil) throws(UsageError) -> [ExplorationTarget] {
        guard !names.isEmpty else { return allPersonas.filter { $0.app == (app ?? defaultApp) } }
        var personas: [ExplorationTarget] = []
        for name in names {
            guard let persona = allPersonas.first(where: { $0.name == name }) else {
                var message = "unknown persona '\(name)'"
                if let near = DidYouMean.closest(to: name, among: allPersonas.map(\.name)) {
                    message += "; did you mean '\(near)'?"
                } else {
                    message += "; the personas: " + allPersonas.map(\.name).joined(separator: ", ")
                }
                throw UsageError(message: message)
            }
            if let app, persona.app != app {
                throw UsageError(message: "persona '\(name)' uses the \(persona.app.rawValue) app, not \(app.rawValue)")
            }
            personas.append(persona)
        }
        // Budgets, coverage's "possible" and the report are one app's: explore one at a time.
        if let first = personas.first, let other = personas.first(where: { $0.app != first.app }) {
            throw UsageError(message: "personas '\(first.name)' and '\(other.name)' use different apps "
                             + "(\(first.app.rawValue), \(other.app.rawValue)): explore one app at a time")
        }
        return personas
    }

    /// Workers beyond the processors only cost memory (each drives its own simulations): more are
    /// capped, with a note. Results do not depend on the number of workers.
    static func capped(jobs: Int) -> Int {
        let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
        guard jobs > processors else { return jobs }
        Console.error("note: --jobs \(jobs) capped at \(processors), the processors here (more workers would only use memory)")
        return processors
    }

    static func parseShard(_ text: String) throws(UsageError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, parts.allSatisfy({ ParsedArguments.isWholeNumber(String($0)) }),
              let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N, such as 3/8; got '\(text)'")
        }
        return (index, count)
    }

    /// A whole number from `lowest` to 10,000,000.
    static func number(_ option: String, _ text: String?, from lowest: Int = 1) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard ParsedArguments.isWholeNumber(text), let number = Int(text), number >= lowest, number <= 10_000_000 else {
            throw UsageError(message: "\(option) takes a whole number from \(lowest) to 10000000, got '\(text)'")
        }
        return number
    }
}
