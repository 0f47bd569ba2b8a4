import Oracles
import Scenarios

/// Which runs went over each limit of a budgets file, and which knobs they drew, next to how
/// often all runs of the same target drew them: the answer to "why did the budget fail".
///
/// A run is over a limit when any of its values of the metric (each launch's, for launch
/// metrics) is above it. Counts only, so memory grows with the number of limits and knob kinds,
/// never with the seeds; summaries of disjoint seeds merge.
///
/// ```swift
/// var summary = ExplorationSummary(watching: budgets)
/// for run in runs { summary.add(run) }
/// summary.watch.overRepresented(target: "new-user", metric: "waitMs", limit: 20_000)
/// // [("slow goal generation", over: 0.94, all: 0.5), …]
/// ```
public struct BudgetWatch: Sendable {
    /// One watched limit: a target (or `all`), a metric, a value.
    struct Line: Sendable {
        let target: String
        let metric: Int
        let limit: Int64
        var over = 0
        /// Per `Swarm.Feature`, how many runs over the limit drew it.
        var featuresOver = [Int](repeating: 0, count: Swarm.Feature.count)
    }

    /// Runs and knob kinds of one target (or of all).
    struct Population: Sendable {
        var runs = 0
        var features = [Int](repeating: 0, count: Swarm.Feature.count)

        mutating func count(_ drawn: [Int]) {
            runs += 1
            for feature in drawn { features[feature] += 1 }
        }

        mutating func add(_ other: Population) {
            runs += other.runs
            for feature in features.indices { features[feature] += other.features[feature] }
        }
    }

    private var lines: [Line] = []
    /// The positions in `lines` of each target's limits: a run looks up its own and `all`'s, so a
    /// budgets file of many scenario files costs a run no more than one of a few.
    private var linesOfTarget: [String: [Int]] = [:]  // looked up only
    private var populations: [String: Population] = [:]  // looked up; iterated only sorted

    private struct LineKey: Hashable {
        let target: String
        let metric: Int
        let limit: Int64
    }

    private mutating func append(_ line: Line) {
        linesOfTarget[line.target, default: []].append(lines.count)
        lines.append(line)
    }

    var isWatching: Bool { !lines.isEmpty }

    init(_ budgets: TimingBudgets) {
        for (target, limits) in budgets.byTarget {
            for (metric, limit) in limits {
                guard let position = TimingMetric.names.firstIndex(of: metric) else { continue }
                for value in Set(limit.values).sorted() { append(Line(target: target, metric: position, limit: value)) }
            }
        }
    }

    mutating func add(_ run: ExplorationRun) {
        var highest = [Int64?](repeating: nil, count: TimingMetric.names.count)
        ExplorationSummary.forEachValue(of: run) { position, value in highest[position] = max(highest[position] ?? value, value) }
        let features = run.swarm.features
        for target in run.target == TimingBudgets.allTargets ? [run.target] : [run.target, TimingBudgets.allTargets] {
            guard let positions = linesOfTarget[target] else { continue }
            populations[target, default: Population()].count(features)
            for position in positions {
                guard let value = highest[lines[position].metric], value > lines[position].limit else { continue }
                lines[position].over += 1
                for feature in features { lines[position].featuresOver[feature] += 1 }
            }
        }
    }

    /// Adds the counts of `other`, which covered other seeds. Summaries that watched other limits
    /// merge too: a limit only one of them watched keeps the counts of that one's runs.
    mutating func merge(_ other: BudgetWatch) {
        var position: [LineKey: Int] = [:]  // looked up only
        for (index, line) in lines.enumerated() { position[LineKey(target: line.target, metric: line.metric, limit: line.limit)] = index }
        for theirs in other.lines {
            if let ours = position[LineKey(target: theirs.target, metric: theirs.metric, limit: theirs.limit)] {
                lines[ours].over += theirs.over
                for feature in Swarm.Feature.all { lines[ours].featuresOver[feature] += theirs.featuresOver[feature] }
            } else {
                append(theirs)
            }
        }
        for (target, theirs) in other.populations { populations[target, default: Population()].add(theirs) }
    }

    /// A knob kind drawn more often by the runs over a limit than by all runs.
    public struct OverRepresented: Sendable, Equatable {
        public let feature: String
        /// The share of the runs over the limit that drew it.
        public let over: Double
        /// The share of all runs of the target that drew it.
        public let all: Double
    }

    /// How many runs of `target` went over `limit` of `metric`, out of how many.
    public func runsOver(target: String, metric: String, limit: Int64) -> (over: Int, runs: Int)? {
        guard let line = line(target, metric, limit) else { return nil }
        return (line.over, populations[target]?.runs ?? 0)
    }

    /// The knob kinds most over-represented among the runs of `target` over `limit` of `metric`:
    /// those at least 10 points more common there than among all runs, and by more than chance
    /// would make it among that many runs (two standard errors of a share), the largest
    /// difference first, at most `count`.
    public func overRepresented(target: String, metric: String, limit: Int64, count: Int = 5) -> [OverRepresented] {
        guard let line = line(target, metric, limit), line.over > 0, let population = populations[target], population.runs > 0 else {
            return []
        }
        let found = Swarm.Feature.all.compactMap { feature -> OverRepresented? in
            let over = Double(line.featuresOver[feature]) / Double(line.over)
            let all = Double(population.features[feature]) / Double(population.runs)
            let chance = 2 * (all * (1 - all) / Double(line.over)).squareRoot()
            return over - all >= max(0.1, chance) ? OverRepresented(feature: Swarm.Feature.name(feature), over: over, all: all) : nil
        }
        return Array(found.sorted { ($0.over - $0.all, $1.feature) > ($1.over - $1.all, $0.feature) }.prefix(count))
    }

    private func line(_ target: String, _ metric: String, _ limit: Int64) -> Line? {
        guard let position = TimingMetric.names.firstIndex(of: metric) else { return nil }
        return lines.first { $0.target == target && $0.metric == position && $0.limit == limit }
    }

    /// The watch as JSON: each limit with its counts, and each watched population.
    var state: JSONValue {
        typealias S = ExplorationState
        return .object([
            ("lines", .array(lines.map { line in
                .object([("target", .string(line.target)), ("metric", .string(TimingMetric.names[line.metric])),
                         ("limit", S.int64(line.limit)), ("over", S.int(line.over)), ("featuresOver", S.ints(line.featuresOver))])
            })),
            ("populations", .object(populations.keys.sorted().map { target in
                (target, .object([("runs", S.int(populations[target]!.runs)), ("features", S.ints(populations[target]!.features))]))
            })),
        ])
    }

    init(state: JSONValue?) throws(ExplorationState.Problem) {
        typealias S = ExplorationState
        self.init(.empty)
        for value in try S.array(S.field(state, "lines"), "watch lines") {
            guard case .string(let target)? = S.field(value, "target"), case .string(let metric)? = S.field(value, "metric"),
                  let position = TimingMetric.names.firstIndex(of: metric) else {
                throw ExplorationState.Problem(message: "expected a target and a known metric in a watch line")
            }
            var line = Line(target: target, metric: position, limit: try S.int64(S.field(value, "limit"), "a limit"))
            line.over = try S.int(S.field(value, "over"), "over")
            line.featuresOver = try S.ints(S.field(value, "featuresOver"), count: Swarm.Feature.count, "featuresOver")
            guard line.featuresOver.allSatisfy({ $0 <= line.over }) else {
                throw ExplorationState.Problem(message: "a knob drawn by more runs over a limit than went over it")
            }
            append(line)
        }
        for (target, value) in try S.members(S.field(state, "populations"), "populations") {
            var population = Population()
            population.runs = try S.int(S.field(value, "runs"), "runs")
            population.features = try S.ints(S.field(value, "features"), count: Swarm.Feature.count, "features")
            guard population.features.allSatisfy({ $0 <= population.runs }) else {
                throw ExplorationState.Problem(message: "a knob drawn by more runs than there were")
            }
            populations[target] = population
        }
    }
}
