import Exploration
import Oracles
import Reports

/// The timing part of `explore`'s report: per target a table of the launch and journey metrics,
/// the slow screens, the causes of waiting, changes against a baseline, and every budget
/// exceedance with its worst runs and what the runs over it drew.
struct TimingReport {
    let summary: ExplorationSummary
    let budgets: TimingBudgets
    let exceeded: [TimingBudgets.Exceedance]
    let baseline: TimingBaseline?
    /// The replay command of a target's seed.
    let replay: (String, UInt64) -> String

    static let percentiles = TimingBudgets.Limit.percentiles
    /// The fractions `--json` lists each metric's values at (0%, 1%, …, 100%), for pictures.
    static let quantileFractions = (0...100).map { Double($0) / 100 }

    /// The table's lines, then the baseline's and the budgets' verdicts.
    var text: [String] { table + verdicts }

    /// Per target: the launch and journey metrics' percentiles, the slow screens, the causes.
    var table: [String] {
        var rows: [[String]] = [["timing per target, ms"] + Self.percentiles + ["worst seeds"]]
        var notes: [Int: [String]] = [:]  // lines after a row, by row; looked up only
        // Worked out once: each metric's percentiles walk its histogram's buckets, and asking for
        // them per target walked every target's again (a twentieth of a 100-seed explore).
        let metrics = summary.metrics
        for target in summary.targets {
            let measured = metrics.filter { $0.target == target }
            guard let runs = measured.first(where: { $0.metric == "waitMs" })?.percentiles.samples ?? measured.first?.percentiles.samples else { continue }
            rows.append(["  \(target) (\(runs) runs)"])
            for entry in measured where !entry.metric.hasPrefix("waitMs.") {
                let p = entry.percentiles
                let launches = TimingMetric.launch.contains(entry.metric) ? " (\(p.samples) launches)" : ""
                rows.append(["    " + entry.metric] + Self.percentiles.map { cell(p[$0], entry.target, entry.metric, $0) }
                            + [p.worst.map { String($0.seed) }.joined(separator: ", ") + launches])
            }
            notes[rows.count - 1] = [slowScreens(measured), causes(target)].compactMap { $0 }
        }
        var lines: [String] = []
        for (position, line) in aligned(rows).enumerated() {
            lines.append(line)
            lines += notes[position] ?? []
        }
        return lines
    }

    /// What changed against the baseline, each exceeded budget, and how many limits held.
    var verdicts: [String] {
        var lines: [String] = []
        if let baseline { lines.append(baselineLine(baseline)) }
        lines += exceeded.flatMap(exceedanceLines)
        if !budgets.isEmpty { lines.append(budgetsLine) }
        return lines
    }

    /// How many limits held, went over, or could not be judged for want of runs.
    private var budgetsLine: String {
        let limits = budgets.byTarget.reduce(0) { $0 + $1.limits.reduce(0) { $0 + $1.limit.named.count } }
        let unjudged = budgets.unjudged(in: summary)
        let over = Set(exceeded.filter { $0.growth == nil }.map { "\($0.target) \($0.metric) \($0.percentile)" }).count
        let grown = exceeded.count(where: { $0.growth != nil })
        var parts = ["\(limits - over - unjudged.count) of \(limits) limit(s) met"]
        if over > 0 { parts.append("\(over) exceeded") }
        if grown > 0 { parts.append("\(grown) percentile(s) grew more than allowed") }
        if let first = unjudged.first {
            parts.append("\(unjudged.count) not judged: too few values (\(first.target) \(first.metric) \(first.percentile) has "
                         + "\(first.samples), needs \(first.needed); p50 needs 40, p95 400, p99 2000: explore more seeds)")
        }
        return "budgets: " + parts.joined(separator: ", ")
    }

    /// A value, with its change from the baseline's when there is one and it differs.
    private func cell(_ value: Int64, _ target: String, _ metric: String, _ percentile: String) -> String {
        guard let before = baseline?.percentiles(of: metric, for: target)?[percentile], before != value else { return String(value) }
        return "\(value) (\(Self.change(from: before, to: value)))"
    }

    /// `+4.5%`, `-12.0%`, or `+2ms` where the baseline was 0.
    static func change(from before: Int64, to after: Int64) -> String {
        guard before != 0 else { return (after >= 0 ? "+" : "") + "\(after)ms" }
        let percent = Double(after - before) / Double(before) * 100
        let rounded = (percent * 10).rounded() / 10
        return (rounded >= 0 ? "+" : "") + String(format: "%.1f%%", rounded)
    }

    /// The screens with waits, by their p95 wait, largest first.
    private func slowScreens(_ measured: [(target: String, metric: String, percentiles: ExplorationSummary.Percentiles)]) -> String? {
        let screens = measured.filter { $0.metric.hasPrefix("waitMs.") && $0.percentiles.p95 > 0 }
            .sorted { $0.percentiles.p95 > $1.percentiles.p95 || ($0.percentiles.p95 == $1.percentiles.p95 && $0.metric < $1.metric) }
        guard !screens.isEmpty else { return nil }
        return "      p95 wait by screen: " + screens.prefix(6).map { "\($0.metric.dropFirst("waitMs.".count)) \($0.percentiles.p95)" }
            .joined(separator: ", ")
    }

    /// The share of all waiting behind each cause.
    private func causes(_ target: String) -> String? {
        let (total, causes) = summary.waitByCause(for: target)
        guard total > 0 else { return nil }
        return "      waiting by cause: " + causes.prefix(6).map { "\($0.cause) \(Self.share($0.ms, of: total))" }.joined(separator: ", ")
    }

    static func share(_ part: Int64, of whole: Int64) -> String {
        whole == 0 ? "0%" : "\(Int((Double(part) / Double(whole) * 100).rounded()))%"
    }

    private func baselineLine(_ baseline: TimingBaseline) -> String {
        var compared = 0, changed = 0
        for entry in summary.metrics {
            guard let before = baseline.percentiles(of: entry.metric, for: entry.target) else { continue }
            for percentile in Self.percentiles {
                compared += 1
                if before[percentile] != entry.percentiles[percentile] { changed += 1 }
            }
        }
        return "baseline: \(changed) of \(compared) percentile(s) changed" + (changed == 0 ? " (no change)" : " (marked in the table)")
    }

    private func exceedanceLines(_ budget: TimingBudgets.Exceedance) -> [String] {
        var lines: [String]
        if let growth = budget.growth {
            lines = ["BUDGET  \(budget.target) \(budget.metric) \(budget.percentile): \(budget.measured)ms, "
                     + "\(Self.change(from: growth.baseline, to: budget.measured)) over the baseline's \(growth.baseline)ms; "
                     + "the budget allows \(Self.growthText(growth.allowedPercent)) (at most \(budget.limit)ms)"]
        } else {
            lines = ["BUDGET  \(budget.target) \(budget.metric) \(budget.percentile): \(budget.measured)ms over the budget of \(budget.limit)ms"
                     + (budget.runsOver.map { "; \($0.over) of \($0.runs) runs went over \(budget.limit)ms" } ?? "")]
        }
        for worst in budget.worst {
            lines.append("        worst \(worst.value)ms, seed \(worst.seed): \(replay(budget.target, worst.seed))")
        }
        if !budget.overRepresented.isEmpty {
            lines.append("        runs over the budget drew more often: " + budget.overRepresented.map {
                "\($0.feature) (\(Self.percent($0.over * 100)) of them, \(Self.percent($0.all * 100)) of all runs)"
            }.joined(separator: ", "))
        }
        return lines
    }

    static func percent(_ value: Double) -> String { "\(Int(value.rounded()))%" }

    /// Rows padded into columns: the first left-aligned, the others right-aligned, the last as is.
    private func aligned(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows where row.count == columns {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return rows.map { row in
            guard row.count == columns else { return row.joined(separator: " ") }
            return row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column == 0 { return cell + padding }
                return column == columns - 1 ? cell : padding + cell
            }.joined(separator: "  ")
        }
    }
}

extension TimingReport {
    /// Per target and metric (and for `all` when there are several targets): percentiles, the
    /// number of values, the worst seeds with replay commands, the values at every whole
    /// percent, and the baseline's percentiles when given.
    var metricsJSON: JSONWriter.Value {
        let targets = summary.targets + (summary.targets.count > 1 ? [TimingBudgets.allTargets] : [])
        return .array(targets.flatMap { target in
            summary.metricNames.compactMap { metric -> JSONWriter.Value? in
                guard let p = summary.percentiles(of: metric, for: target) else { return nil }
                var fields: [(String, JSONWriter.Value)] = [
                    ("target", .string(target)), ("metric", .string(metric)),
                    ("p50", .int(p.p50)), ("p95", .int(p.p95)), ("p99", .int(p.p99)), ("max", .int(p.max)),
                    ("samples", .int(Int64(p.samples))), ("worstSeed", .string(String(p.worstSeed))),
                    ("worst", worstJSON(p.worst, target: target)),
                    ("quantiles", .array((summary.quantiles(of: metric, for: target, at: Self.quantileFractions) ?? []).map { .int($0) })),
                ]
                if let before = baseline?.percentiles(of: metric, for: target) {
                    fields.append(("baseline", .object(Self.percentiles.map { ($0, .int(before[$0])) })))
                }
                return .object(fields)
            }
        })
    }

    /// The budgets checked, shaped as in a budgets file (for `report --timing` to draw).
    var budgetsJSON: JSONWriter.Value {
        .object(budgets.byTarget.map { target, limits in
            (target, .object(limits.map { metric, limit in
                var fields = limit.named.map { ($0.percentile, JSONWriter.Value.int($0.limit)) }
                if let growth = limit.maxGrowthPercent { fields.append(("maxGrowth", .string(Self.growthText(growth)))) }
                return (metric, .object(fields))
            }))
        })
    }

    /// `10%`, `12.5%`: a growth as a budgets file writes it.
    static func growthText(_ percent: Double) -> String {
        percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
    }

    /// Per target, the waiting behind each cause.
    var waitByCauseJSON: JSONWriter.Value {
        .array(summary.targets.map { target in
            let (total, causes) = summary.waitByCause(for: target)
            return .object([("target", .string(target)), ("totalMs", .int(total)),
                            ("causes", .array(causes.map { .object([("cause", .string($0.cause)), ("ms", .int($0.ms))]) }))])
        })
    }

    var exceededJSON: JSONWriter.Value {
        .array(exceeded.map { budget in
            var fields: [(String, JSONWriter.Value)] = [
                ("target", .string(budget.target)), ("metric", .string(budget.metric)), ("percentile", .string(budget.percentile)),
                ("limit", .int(budget.limit)), ("measured", .int(budget.measured)),
                ("worst", .int(budget.worst.first?.value ?? 0)), ("seed", .string(String(budget.worst.first?.seed ?? 0))),
                ("worstRuns", worstJSON(budget.worst, target: budget.target)),
            ]
            if let growth = budget.growth {
                fields.append(("baseline", .int(growth.baseline)))
                fields.append(("maxGrowth", .string(Self.growthText(growth.allowedPercent))))
            }
            if let runsOver = budget.runsOver {
                fields.append(("runsOver", .int(Int64(runsOver.over))))
                fields.append(("runs", .int(Int64(runsOver.runs))))
            }
            fields.append(("overRepresented", .array(budget.overRepresented.map {
                .object([("knob", .string($0.feature)), ("percentOfRunsOver", .int(Int64(($0.over * 100).rounded()))),
                         ("percentOfAllRuns", .int(Int64(($0.all * 100).rounded())))])
            })))
            return .object(fields)
        })
    }

    private func worstJSON(_ worst: [ExplorationSummary.WorstRun], target: String) -> JSONWriter.Value {
        .array(worst.map { run in
            .object([("seed", .string(String(run.seed))), ("value", .int(run.value)), ("replay", .string(replay(target, run.seed)))])
        })
    }
}
