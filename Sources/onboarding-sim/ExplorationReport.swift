import Exploration
import Reports
import Scenarios

/// How `explore` prints its result: every violation with the command that replays it, then
/// counts, timing percentiles and the summary hash.
struct ExplorationReport {
    let plan: ExplorationPlan
    let runs: [ExplorationRun]
    let summary: ExplorationSummary
    let exceeded: [(target: String, metric: String, limit: Int64, worst: Int64, seed: UInt64)]
    let jobs: Int

    func replayCommand(_ run: ExplorationRun) -> String {
        let target = run.target.hasPrefix("persona:") || !run.target.hasSuffix(".json") ? "--persona \(run.target)" : run.target
        let mutants = plan.mutants.map { " --mutant \($0.rawValue)" }.joined()
        return "onboarding-sim replay \(target) --seed \(run.seed)\(mutants)"
    }

    func text(wallSeconds: Double) -> String {
        var lines = ["explore: \(runs.count) seed(s) from \(plan.firstSeed), shard \(plan.shard.index)/\(plan.shard.count), "
                     + "\(plan.targets.count) target(s), \(jobs) worker(s)"
                     + (plan.mutants.isEmpty ? "" : ", mutants \(plan.mutants.map(\.rawValue).joined(separator: ","))")]
        for run in runs where !run.result.passed {
            for violation in run.result.violations {
                lines.append("FAIL  seed \(run.seed)  \(run.target)  \(violation.oracle) at \(violation.at): \(violation.message)")
            }
            lines.append("      replay: \(replayCommand(run))")
        }
        lines.append("runs: \(summary.runs), failed: \(summary.failedRuns)")
        if !summary.violationsByOracle.isEmpty {
            lines.append("violations by oracle: " + summary.violationsByOracle.map { "\($0.oracle) \($0.count)" }.joined(separator: ", "))
        }
        lines.append("timing per target, ms (p50 / p95 / p99 / max, worst seed):")
        for entry in summary.metrics {
            let p = entry.percentiles
            lines.append("  \(entry.target) \(entry.metric): \(p.p50) / \(p.p95) / \(p.p99) / \(p.max) (seed \(p.worstSeed))")
        }
        for budget in exceeded {
            lines.append("BUDGET  \(budget.target) \(budget.metric): \(budget.worst)ms over the budget of \(budget.limit)ms at seed \(budget.seed)")
        }
        lines.append("summary hash: \(summary.summaryHash)  (\(Int(wallSeconds * 1000))ms)")
        return lines.joined(separator: "\n")
    }

    var json: JSONWriter.Value {
        .object([
            ("runs", .int(Int64(summary.runs))),
            ("failedRuns", .int(Int64(summary.failedRuns))),
            ("failures", .array(runs.filter { !$0.result.passed }.map { run in
                .object([("seed", .string(String(run.seed))), ("target", .string(run.target)),
                         ("knobs", .array(run.swarm.lines.map(JSONWriter.Value.string))),
                         ("violations", .array(run.result.violations.map { violation in
                             .object([("oracle", .string(violation.oracle)), ("atMs", .int(violation.at.milliseconds)),
                                      ("message", .string(violation.message))])
                         })),
                         ("replay", .string(replayCommand(run)))])
            })),
            ("violationsByOracle", .object(summary.violationsByOracle.map { ($0.oracle, .int(Int64($0.count))) })),
            ("metrics", .array(summary.metrics.map { entry in
                .object([("target", .string(entry.target)), ("metric", .string(entry.metric)),
                         ("p50", .int(entry.percentiles.p50)), ("p95", .int(entry.percentiles.p95)),
                         ("p99", .int(entry.percentiles.p99)), ("max", .int(entry.percentiles.max)),
                         ("worstSeed", .string(String(entry.percentiles.worstSeed)))])
            })),
            ("budgetsExceeded", .array(exceeded.map { budget in
                .object([("target", .string(budget.target)), ("metric", .string(budget.metric)),
                         ("limit", .int(budget.limit)), ("worst", .int(budget.worst)), ("seed", .string(String(budget.seed)))])
            })),
            ("summaryHash", .string(summary.summaryHash)),
        ])
    }
}
