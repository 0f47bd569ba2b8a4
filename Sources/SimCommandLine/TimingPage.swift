import Exploration
import Oracles
import Reports

/// `report --timing`: the charts of an `explore --json` output, with its budgets and, when
/// given, a baseline's curves.
enum TimingPage {
    static func page(of exploration: TimingBaseline, file: String, baseline: TimingBaseline?) -> HTMLTimingPage {
        // Every run's metrics, then the screens' waits in the order the exploration listed them.
        var seen = Set(TimingMetric.run)
        let metrics = TimingMetric.run + exploration.entries.map(\.metric).filter { seen.insert($0).inserted }
        let charts = metrics.compactMap { metric -> HTMLTimingPage.Chart? in
            // Every run together only where a budget limits them together.
            let limitsAll = exploration.budgets.byTarget.contains { $0.target == TimingBudgets.allTargets && $0.limits.contains { $0.metric == metric } }
            let series = exploration.entries.filter { $0.metric == metric && ($0.target != TimingBudgets.allTargets || limitsAll) }
                .map { entry in
                    HTMLTimingPage.Series(target: entry.target, quantiles: entry.quantiles,
                                          baseline: baseline?.percentiles(of: metric, for: entry.target)?.quantiles, samples: entry.samples)
                }
            let limits = exploration.budgets.byTarget.flatMap { target, limits in
                limits.filter { $0.metric == metric }.flatMap { _, limit in
                    limit.named.map { HTMLTimingPage.Limit(target: target, percentile: $0.percentile, ms: $0.limit,
                                                           minimumSamples: TimingBudgets.Limit.minimumSamples(for: $0.percentile)) }
                }
            }
            let waited = series.contains { ($0.quantiles.last ?? 0) > 0 || ($0.baseline?.last ?? 0) > 0 }
            return series.isEmpty || (!waited && limits.isEmpty) ? nil : HTMLTimingPage.Chart(metric: metric, series: series, limits: limits)
        }
        var notes = ["\(exploration.runs.map { "\($0) runs" } ?? "runs") from \(file)"
                     + (exploration.mutants.isEmpty ? "" : ", mutants \(exploration.mutants.joined(separator: ", "))")]
        if let baseline {
            notes.append("baseline (dashed): \(baseline.runs.map { "\($0) runs" } ?? "runs")"
                         + (baseline.mutants.isEmpty ? "" : ", mutants \(baseline.mutants.joined(separator: ", "))")
                         + (baseline.plan == exploration.plan ? ", the same seeds" : ", other seeds: compared as distributions only"))
        }
        notes.append("Metrics are explained in docs/budgets.md; a chart is left out when no run waited there and no budget names it.")
        return HTMLTimingPage(title: "Timing of an exploration", notes: notes, charts: charts)
    }
}
