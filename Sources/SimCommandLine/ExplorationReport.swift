import Exploration
import Oracles
import Reports
import Scenarios

/// How `explore` prints its result: the first failures with the command that replays each (a few
/// per oracle), counts for the rest, timing percentiles and the summary hash. Its size does not
/// grow with the number of seeds.
struct ExplorationReport {
    let plan: ExplorationPlan
    let outcome: ExplorationOutcome
    let budgets: TimingBudgets
    let exceeded: [TimingBudgets.Exceedance]
    let baseline: TimingBaseline?
    let jobs: Int
    /// The failures `merge` read from the shards' outputs, in seed order (nil: the outcome's).
    var mergedFailures: [JSONWriter.Value]? = nil
    /// How many failing runs the console shows for each oracle before it only counts.
    static let shownPerOracle = 3
    /// How many violations of one run the console shows.
    static let shownPerRun = 5

    var summary: ExplorationSummary { outcome.summary }

    func replayCommand(_ run: ExplorationRun) -> String {
        Self.replayCommand(plan: plan, target: run.target, seed: run.seed, id: run.branches.isEmpty ? nil : run.id)
    }

    /// The command that replays `seed` of the target named `name` (of the plan's target for the
    /// seed when the name is `all`).
    func replayCommand(target name: String, seed: UInt64) -> String {
        Self.replayCommand(plan: plan, target: name, seed: seed)
    }

    /// The command that replays `seed` of the target named `name` in `plan`.
    /// A branch's run (`id` with branch points) is replayed by its id in place of the seed.
    static func replayCommand(plan: ExplorationPlan, target name: String, seed: UInt64, id: RunID? = nil) -> String {
        let name = name == TimingBudgets.allTargets ? plan.target(for: seed).name : name
        let isFile = !name.hasPrefix("persona:") && name.hasSuffix(".json")
        // A file's explored run is the file with the seed's swarm faults added.
        let fileFlags = isFile ? " --swarm" + (plan.keepsScenarioExpectations ? " --keep-expectations" : "") : ""
        let mutants = plan.mutants.map { " --mutant \($0.rawValue)" }.joined()
        // Only personas have a driver to choose; the standard one goes without saying.
        let user = !isFile && plan.user != .standard ? " --user \(plan.user.rawValue)" : ""
        return "\(ToolName.current) replay \(isFile ? ShellWord.quoted(name) : "--persona \(ShellWord.quoted(name))") --seed \(id.map(\.description) ?? String(seed))\(fileFlags)\(user)\(mutants)"
    }

    /// A failing run's violation as the console shows it: `FAIL  seed S  target  oracle at T: message`,
    /// FAIL in red where colour is on.
    static func failLine(seed: String, target: String, oracle: String, at time: String, message: String) -> String {
        ConsoleTable(colour: Terminal.useColour).paint("FAIL", 31) + "  seed \(seed)  \(target)  \(oracle) at \(time): \(message)"
    }

    func text(wallSeconds: Double) -> String {
        var lines = ["explore: \(summary.runs) seed(s) from \(plan.firstSeed), shard \(plan.shard.index)/\(plan.shard.count), "
                     + "\(plan.targets.count) target(s), \(jobs) worker(s)" + (plan.branching ? ", branching" : "")
                     + (plan.branching && plan.branchStrategy != .standard ? " (\(plan.branchStrategy))" : "")
                     + (plan.mutants.isEmpty ? "" : ", mutants \(plan.mutants.map(\.rawValue).joined(separator: ","))")]
        if plan.targets.contains(where: { if case .scenario = $0 { true } else { false } }) {
            lines.append(plan.keepsScenarioExpectations
                         ? "the scenarios' own expectations are checked too, under the added faults"
                         : "the scenarios are judged by the oracles; their own expectations, written for the faults they name, "
                           + "are not checked under added faults (--keep-expectations checks them)")
        }
        let shown = shownFailures
        for run in shown {
            for violation in run.result.violations.prefix(Self.shownPerRun) {
                lines.append(Self.failLine(seed: run.id.description, target: run.target, oracle: violation.oracle,
                                           at: "\(violation.at)", message: violation.message))
            }
            if run.result.violations.count > Self.shownPerRun {
                lines.append("      … and \(run.result.violations.count - Self.shownPerRun) more violation(s) in this run")
            }
            lines.append("      replay: \(replayCommand(run))")
        }
        if summary.failedRuns > shown.count {
            lines.append("\(summary.failedRuns - shown.count) more failing run(s) not shown (at most \(Self.shownPerOracle) per oracle); "
                         + "--json lists the first \(outcome.failures.count) kept, --keep-failures keeps more")
        }
        return (lines + body(wallSeconds: wallSeconds)).joined(separator: "\n")
    }

    /// After the failures: counts, violations by oracle, timing, coverage, budgets, summary hash.
    func body(wallSeconds: Double) -> [String] {
        var lines = ["runs: \(summary.runs), failed: \(summary.failedRuns)"]
        if !summary.violationsByOracle.isEmpty {
            lines.append("violations by oracle: " + summary.violationsByOracle.map { "\($0.oracle) \($0.count)" }.joined(separator: ", "))
        }
        lines += knownLines
        let timing = self.timing
        lines += timing.table
        lines += summary.coverage.table
        lines += timing.verdicts
        lines.append("summary hash: \(summary.summaryHash)  (\(Int(wallSeconds * 1000))ms)")
        return lines
    }

    /// The known violations (`--known`): how many runs had one, each entry's count with its
    /// reason, and the entries no run met (fixed, or out of these seeds' reach).
    var knownLines: [String] {
        let known = plan.known
        guard !known.isEmpty else {
            // Merged shards carry their counts, not their files.
            guard summary.runsWithKnown > 0 else { return [] }
            return ["known: \(summary.knownCounts.reduce(0, +)) violation(s) in \(summary.runsWithKnown) run(s) accepted by the shards' "
                    + "known-violations file, not failing them"]
        }
        var lines = ["known (\(known.file)): \(summary.knownCounts.reduce(0, +)) violation(s) in \(summary.runsWithKnown) run(s) "
                     + "accepted, not failing them"]
        for (index, entry) in known.entries.enumerated() {
            let count = index < summary.knownCounts.count ? summary.knownCounts[index] : 0
            let scope = (entry.target.map { " in \($0)" } ?? "") + (entry.seeds.map { " at seeds \($0.map(String.init).joined(separator: ","))" } ?? "")
            lines.append("  \(entry.oracle)\(scope): \(count)  (\(entry.reason))"
                         + (count == 0 ? " — no run met it: remove it once fixed" : ""))
        }
        return lines
    }

    /// The known violations as `--json` lists them: each entry with its count.
    var knownJSON: [(String, JSONWriter.Value)] {
        guard !plan.known.isEmpty else { return [] }
        let entries: [JSONWriter.Value] = plan.known.entries.enumerated().map { index, entry in
            .object([("oracle", .string(entry.oracle)), ("reason", .string(entry.reason))]
                    + (entry.target.map { [("persona", JSONWriter.Value.string($0))] } ?? [])
                    + [("violations", .int(Int64(index < summary.knownCounts.count ? summary.knownCounts[index] : 0)))])
        }
        return [("known", .object([("file", .string(plan.known.file)), ("runs", .int(Int64(summary.runsWithKnown))),
                                   ("entries", .array(entries))]))]
    }

    /// The kept failures the console shows: in seed order, each one that brings an oracle not yet
    /// shown `shownPerOracle` times.
    var shownFailures: [ExplorationRun] {
        var shownByOracle: [String: Int] = [:]  // looked up only
        return outcome.failures.filter { run in
            let checks = run.result.failedChecks
            guard checks.contains(where: { shownByOracle[$0, default: 0] < Self.shownPerOracle }) else { return false }
            for check in checks { shownByOracle[check, default: 0] += 1 }
            return true
        }
    }

    var timing: TimingReport {
        TimingReport(summary: summary, budgets: budgets, exceeded: exceeded, baseline: baseline,
                     replay: { replayCommand(target: $0, seed: $1) })
    }

    /// What was explored, so that a later `--baseline` can tell whether it compares the same runs.
    var planJSON: JSONWriter.Value {
        .object([("firstSeed", .string(String(plan.firstSeed))), ("seeds", .int(Int64(plan.seedCount))),
                 ("shard", .string("\(plan.shard.index)/\(plan.shard.count)")), ("user", .string(plan.user.rawValue)),
                 ("mutants", .array(plan.mutants.map { .string($0.rawValue) })),
                 ("targets", .array(plan.targets.map { .string($0.name) })),
                 ("keepsExpectations", .bool(plan.keepsScenarioExpectations))]
                + (plan.branching ? [("branching", .bool(true))] : [])
                + (plan.branching && plan.branchStrategy != .standard ? [("branchStrategy", .string(plan.branchStrategy.code))] : []))
    }

    /// The kept failures as `--json` lists them; `merge` sets those it read from the shards.
    var failuresJSON: [JSONWriter.Value] {
        if let mergedFailures { return mergedFailures }
        return outcome.failures.map { run in
            .object([("seed", .string(run.id.description)), ("target", .string(run.target)),
                     ("traceHash", .string(run.result.traceHash)),
                     ("knobs", .array(run.swarm.lines.map(JSONWriter.Value.string))),
                     ("violations", .array(run.result.violations.map { violation in
                         .object([("oracle", .string(violation.oracle)), ("atMs", .int(violation.at.milliseconds)),
                                  ("message", .string(violation.message))])
                     })),
                     ("replay", .string(replayCommand(run)))])
        }
    }

    var json: JSONWriter.Value {
        .object([
            ("plan", planJSON),
            ("runs", .int(Int64(summary.runs))),
            ("failedRuns", .int(Int64(summary.failedRuns))),
            ("keptFailures", .int(Int64(failuresJSON.count))),
            ("failures", .array(failuresJSON)),
            ("violationsByOracle", .object(summary.violationsByOracle.map { ($0.oracle, .int(Int64($0.count))) })),
        ] + knownJSON + [
            ("metrics", timing.metricsJSON),
            ("waitByCause", timing.waitByCauseJSON),
            ("budgets", timing.budgetsJSON),
            ("budgetsExceeded", timing.exceededJSON),
            ("summaryHash", .string(summary.summaryHash)),
            ("state", JSONWriter.Value(summary.state)),
        ])
    }

    /// `--coverage FILE`: every pair some run reached, with how many runs reached it, and the
    /// actions screens offered that no run took.
    var coverageJSON: JSONWriter.Value {
        func pairs(_ kind: RunCoverage.Pairs) -> JSONWriter.Value {
            .array(summary.coverage.reached(kind).map { .object([("screen", .string($0.route)), (kind.itemKey, .string($0.item)),
                                                                 ("runs", .int(Int64($0.runs)))]) })
        }
        return .object([
            ("runs", .int(Int64(summary.runs))),
            ("user", .string(plan.user.rawValue)),
            ("screenActionsTaken", pairs(.taken)),
            ("screenActionsOffered", pairs(.offered)),
            ("screenFaults", pairs(.faults)),
            ("screenLifecycle", pairs(.lifecycle)),
            ("offeredNeverTaken", .array(summary.coverage.neverTaken.map { .object([("screen", .string($0.route)), ("action", .string($0.action))]) })),
            ("apps", .array(summary.coverage.apps.map { .string($0.rawValue) })),
            ("possible", .object(RunCoverage.Pairs.allCases.map { ($0.name, .int(Int64(summary.coverage.possible($0)))) })),
        ])
    }

    /// A failing test case per kept failure (with its replay command), one case for the runs that
    /// are only counted, so that the report's size does not grow with the seeds, and a failing
    /// case per exceeded budget (with its worst runs' replay commands).
    var junit: JUnitReport {
        var cases = outcome.failures.map { run in
            RunCommand.junitCase(run.result, seconds: 0, replay: replayCommand(run), suite: "explore",
                                 classname: "explore.\(run.target)", name: "\(run.target) seed \(run.id)")
        }
        let counted = summary.runs - outcome.failures.count
        let uncounted = summary.failedRuns - outcome.failures.count
        if counted > 0 {
            let name = "\(counted) other run(s) of seeds from \(plan.firstSeed)"
            let failures: [(type: String, message: String, detail: String)] = uncounted > 0
                ? [("explore", "\(uncounted) more failing run(s) beyond the \(outcome.failures.count) kept", "rerun with --keep-failures to list them")]
                : []
            cases.append(JUnitReport.Case(suite: "explore", name: name, seconds: 0, failures: failures))
        }
        for budget in exceeded {
            let detail = budget.worst.map { "worst \($0.value)ms: \(replayCommand(target: budget.target, seed: $0.seed))" }
                .joined(separator: "\n")
            cases.append(JUnitReport.Case(suite: "budgets", name: "\(budget.target) \(budget.metric) \(budget.percentile)", seconds: 0,
                                          failures: [("budget", "\(budget.measured)ms over the limit of \(budget.limit)ms", detail)]))
        }
        return JUnitReport(name: "\(ToolName.current) explore", cases: cases)
    }
}

extension RunCoverage.Pairs {
    /// The key of a pair's second element in `--coverage` JSON.
    var itemKey: String {
        switch self {
        case .taken, .offered: "action"
        case .faults: "fault"
        case .lifecycle: "event"
        }
    }

    /// The name of the kind in `--coverage` JSON.
    var name: String {
        switch self {
        case .taken: "screenActionsTaken"
        case .offered: "screenActionsOffered"
        case .faults: "screenFaults"
        case .lifecycle: "screenLifecycle"
        }
    }
}

extension ExplorationReport {
    /// GitHub Actions annotations: each kept failing run (persona, seed, oracle, replay command;
    /// at its scenario file for a file target) and each exceeded budget (at its limit in the
    /// budgets file); and the job summary.
    func annotate(budgetsPath: String?) {
        GitHubAnnotations.emit(outcome.failures.flatMap { run in
            RunCommand.annotations(for: run.result, replay: replayCommand(run), title: "explore \(run.target) seed \(run.id)")
        }, kind: "failing run")
        GitHubAnnotations.emit(exceeded.map { budget in
            var annotation = GitHubAnnotations.Annotation(
                file: budgetsPath, line: nil, column: nil, title: "budget \(budget.target) \(budget.metric) \(budget.percentile)",
                message: "\(budget.measured)ms over the limit of \(budget.limit)ms"
                    + budget.worst.map { "\nworst \($0.value)ms: \(replayCommand(target: budget.target, seed: $0.seed))" }.joined())
            if let budgetsPath {
                (annotation.line, annotation.column) = GitHubAnnotations.place("$.budgets.\(budget.target).\(budget.metric)", in: budgetsPath)
            }
            return annotation
        }, kind: "exceeded budget")
        let over = exceeded.isEmpty ? "" : ", \(exceeded.count) budget limit(s) exceeded"
        var lines = ["### \(ToolName.current) explore: \(summary.runs) runs, \(summary.failedRuns) failed\(over)", ""]
        if !summary.violationsByOracle.isEmpty {
            lines += ["| oracle | violations |", "|---|---|"] + summary.violationsByOracle.map { "| \(GitHubAnnotations.cell($0.oracle)) | \($0.count) |" } + [""]
        }
        if !exceeded.isEmpty {
            lines += ["| budget | measured | limit | worst seed |", "|---|---|---|---|"]
            lines += exceeded.map { "| \(GitHubAnnotations.cell("\($0.target) \($0.metric) \($0.percentile)")) | \($0.measured) ms "
                + "| \($0.limit) ms | \($0.worst.first.map { String($0.seed) } ?? "") |" }
            lines.append("")
        }
        lines.append("summary hash `\(summary.summaryHash)`")
        GitHubAnnotations.appendSummary(lines.joined(separator: "\n"))
    }
}

extension JSONWriter.Value {
    /// A parsed JSON value, to write back out (whole numbers as numbers, others as their text).
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = Int64(text).map(JSONWriter.Value.int) ?? .string(text)
        case .string(let text): self = .string(text)
        case .array(let values): self = .array(values.map(JSONWriter.Value.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONWriter.Value($0.value)) })
        }
    }
}
