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
        /// The metric's name (`waitMs`, `waitMs.goalReview`).
        let metric: String
        let limit: Int64
        var over = 0
        /// Per feature the watch has met (`featureNames`), how many runs over the limit drew it.
        var featuresOver: [Int] = []
    }

    /// Runs and knob kinds of one target (or of all).
    struct Population: Sendable {
        var runs = 0
        /// Per feature the watch has met (`featureNames`), how many runs drew it.
        var features: [Int] = []
    }

    /// Counts a run that drew `features` in `population`.
    private static func count(_ features: [Int], in population: inout Population) {
        population.runs += 1
        for feature in features { add(1, at: feature, to: &population.features) }
    }

    /// Adds `count` at `position` of `counts`, which grows to hold it.
    private static func add(_ count: Int, at position: Int, to counts: inout [Int]) {
        if position >= counts.count { counts += repeatElement(0, count: position - counts.count + 1) }
        counts[position] += count
    }

    /// The count at `position` of `counts` (0 past its end).
    private static func count(at position: Int, in counts: [Int]) -> Int { position < counts.count ? counts[position] : 0 }

    /// The kinds of knob (`Swarm.Feature`) the watch has met, by name, numbered in the order met:
    /// counts are arrays over them, and reports and the state name them.
    private var featureNames: [String] = []
    private var featureByName: [String: Int] = [:]  // looked up only
    /// Each feature met, by its key (`Swarm.Feature.key`), with its number: a run's dozen
    /// features were looked up by hashing each one's texts (about 600 instructions a lookup).
    private var featurePositions: [UInt64: (feature: Swarm.Feature, position: Int)] = [:]  // looked up only

    private mutating func position(of feature: Swarm.Feature) -> Int {
        let key = feature.key
        if let known = featurePositions[key] {
            if known.feature == feature { return known.position }
            // Another feature with the same key (none is known): numbered by its name, not kept.
            return position(ofFeatureNamed: feature.name)
        }
        let position = position(ofFeatureNamed: feature.name)
        featurePositions[key] = (feature, position)
        return position
    }

    private mutating func position(ofFeatureNamed name: String) -> Int {
        if let known = featureByName[name] { return known }
        featureNames.append(name)
        featureByName[name] = featureNames.count - 1
        return featureNames.count - 1
    }

    private var lines: [Line] = []
    /// The positions in `lines` of each target's limits: a run looks up its own and `all`'s, so a
    /// budgets file of many scenario files costs a run no more than one of a few.
    private var linesOfTarget: [String: [Int]] = [:]  // looked up only
    private var populations: [String: Population] = [:]  // looked up; iterated only sorted

    private struct LineKey: Hashable {
        let target: String
        let metric: String
        let limit: Int64
    }
    /// The timing table the last run was numbered by, and each line's metric's position in it:
    /// found again only when a run of another table comes.
    private var lastTable: TimingTable?
    private var linePositions: [Int?] = []

    private mutating func append(_ line: Line) {
        linesOfTarget[line.target, default: []].append(lines.count)
        lines.append(line)
    }

    var isWatching: Bool { !lines.isEmpty }

    init(_ budgets: TimingBudgets) {
        for (target, limits) in budgets.byTarget {
            for (metric, limit) in limits {
                for value in Set(limit.values).sorted() { append(Line(target: target, metric: metric, limit: value)) }
            }
        }
    }

    mutating func add(_ run: ExplorationRun) {
        let table = run.result.journey?.table
        let names = table?.names ?? TimingMetric.run
        if table == nil || table !== lastTable {
            lastTable = table
            linePositions = lines.map { names.firstIndex(of: $0.metric) }
        }
        var highest = [Int64?](repeating: nil, count: names.count)
        ExplorationSummary.forEachValue(of: run) { position, value in highest[position] = max(highest[position] ?? value, value) }
        let drawn = run.swarm.featuresWithRepeats
        var features: [Int] = []
        features.reserveCapacity(drawn.count)
        for feature in drawn {
            let position = position(of: feature)
            if !features.contains(position) { features.append(position) }
        }
        for target in run.target == TimingBudgets.allTargets ? [run.target] : [run.target, TimingBudgets.allTargets] {
            guard let positions = linesOfTarget[target] else { continue }
            Self.count(features, in: &populations[target, default: Population()])
            for position in positions {
                guard let metric = linePositions[position], let value = highest[metric], value > lines[position].limit else { continue }
                lines[position].over += 1
                for feature in features { Self.add(1, at: feature, to: &lines[position].featuresOver) }
            }
        }
    }

    /// Adds the counts of `other`, which covered other seeds. Summaries that watched other limits
    /// merge too: a limit only one of them watched keeps the counts of that one's runs.
    mutating func merge(_ other: BudgetWatch) {
        // Their feature numbers as ours.
        let ours = other.featureNames.map { position(ofFeatureNamed: $0) }
        func renumbered(_ counts: [Int]) -> [Int] {
            var result: [Int] = []
            for (feature, count) in counts.enumerated() where count > 0 { Self.add(count, at: ours[feature], to: &result) }
            return result
        }
        var lineAt: [LineKey: Int] = [:]  // looked up only
        for (index, line) in lines.enumerated() { lineAt[LineKey(target: line.target, metric: line.metric, limit: line.limit)] = index }
        for theirs in other.lines {
            if let known = lineAt[LineKey(target: theirs.target, metric: theirs.metric, limit: theirs.limit)] {
                lines[known].over += theirs.over
                for (feature, count) in theirs.featuresOver.enumerated() where count > 0 {
                    Self.add(count, at: ours[feature], to: &lines[known].featuresOver)
                }
            } else {
                var line = theirs
                line.featuresOver = renumbered(theirs.featuresOver)
                append(line)
                lastTable = nil
            }
        }
        for (target, theirs) in other.populations {
            var population = populations[target] ?? Population()
            population.runs += theirs.runs
            for (feature, count) in theirs.features.enumerated() where count > 0 { Self.add(count, at: ours[feature], to: &population.features) }
            populations[target] = population
        }
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
        let found = featureNames.indices.compactMap { feature -> OverRepresented? in
            let over = Double(Self.count(at: feature, in: line.featuresOver)) / Double(line.over)
            let all = Double(Self.count(at: feature, in: population.features)) / Double(population.runs)
            let chance = 2 * (all * (1 - all) / Double(line.over)).squareRoot()
            return over - all >= max(0.1, chance) ? OverRepresented(feature: featureNames[feature], over: over, all: all) : nil
        }
        return Array(found.sorted { ($0.over - $0.all, $1.feature) > ($1.over - $1.all, $0.feature) }.prefix(count))
    }

    private func line(_ target: String, _ metric: String, _ limit: Int64) -> Line? {
        lines.first { $0.target == target && $0.metric == metric && $0.limit == limit }
    }

    /// Counts over `featureNames` as JSON: each drawn feature's count by its name, names sorted.
    private func named(_ counts: [Int]) -> JSONValue {
        .object(counts.indices.filter { counts[$0] > 0 }.map { (featureNames[$0], ExplorationState.int(counts[$0])) }
            .sorted { $0.0 < $1.0 }.map { (key: $0.0, value: $0.1) })
    }

    /// Counts by feature name (`named`) read back, numbered as this watch numbers its features.
    private mutating func counts(_ value: JSONValue?, _ what: String) throws(ExplorationState.Problem) -> [Int] {
        var counts: [Int] = []
        for (name, count) in try ExplorationState.members(value, what) {
            let position = position(ofFeatureNamed: name)
            guard Self.count(at: position, in: counts) == 0 else { throw ExplorationState.Problem(message: "\(what) names '\(name)' twice") }
            Self.add(try ExplorationState.int(count, what), at: position, to: &counts)
        }
        return counts
    }

    /// The watch as JSON: each limit with its counts, and each watched population.
    var state: JSONValue {
        typealias S = ExplorationState
        return .object([
            ("lines", .array(lines.map { line in
                .object([("target", .string(line.target)), ("metric", .string(line.metric)),
                         ("limit", S.int64(line.limit)), ("over", S.int(line.over)), ("featuresOver", named(line.featuresOver))])
            })),
            ("populations", .object(populations.keys.sorted().map { target in
                (target, .object([("runs", S.int(populations[target]!.runs)), ("features", named(populations[target]!.features))]))
            })),
        ])
    }

    init(state: JSONValue?) throws(ExplorationState.Problem) {
        typealias S = ExplorationState
        self.init(.empty)
        for value in try S.array(S.field(state, "lines"), "watch lines") {
            guard case .string(let target)? = S.field(value, "target"), case .string(let metric)? = S.field(value, "metric"),
                  TimingMetric.run.contains(metric) || (metric.hasPrefix(TimingMetric.screenWaitPrefix) && metric != TimingMetric.screenWaitPrefix) else {
                throw ExplorationState.Problem(message: "expected a target and a metric (\(TimingMetric.run.joined(separator: ", ")) or waitMs.<screen>) in a watch line")
            }
            var line = Line(target: target, metric: metric, limit: try S.int64(S.field(value, "limit"), "a limit"))
            line.over = try S.int(S.field(value, "over"), "over")
            line.featuresOver = try counts(S.field(value, "featuresOver"), "featuresOver")
            guard line.featuresOver.allSatisfy({ $0 <= line.over }) else {
                throw ExplorationState.Problem(message: "a knob drawn by more runs over a limit than went over it")
            }
            append(line)
        }
        for (target, value) in try S.members(S.field(state, "populations"), "populations") {
            var population = Population()
            population.runs = try S.int(S.field(value, "runs"), "runs")
            population.features = try counts(S.field(value, "features"), "features")
            guard population.features.allSatisfy({ $0 <= population.runs }) else {
                throw ExplorationState.Problem(message: "a knob drawn by more runs than there were")
            }
            populations[target] = population
        }
    }
}
