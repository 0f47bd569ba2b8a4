import SimKernel
import Oracles
import Scenarios
import AppVocabulary

/// What many explored runs add up to: counts, violations by oracle, one hash over every
/// per-seed trace hash, and timing percentiles per target.
///
/// It is built one run at a time (`add`) and summaries of disjoint seeds add up (`merge`), so an
/// exploration of any length keeps this and nothing per seed: memory grows with the number of
/// distinct metric values, never with the number of seeds. The result does not depend on the
/// order runs are added in, so workers and shards can each sum their own part.
///
/// ```swift
/// var summary = ExplorationSummary()
/// for seed in plan.seeds { summary.add(Explorer.explore(plan, seed: seed)) }
/// print(summary.failedRuns, summary.summaryHash)
/// ```
public struct ExplorationSummary: Sendable {
    public struct Percentiles: Sendable, Equatable, PercentileValues {
        public let p50, p95, p99, max: Int64
        /// The worst runs, largest value first (at most three seeds).
        public let worst: [WorstRun]
        /// How many values the percentiles are of: one per run, or per launch for launch metrics.
        public let samples: Int

        public var worstSeed: UInt64 { worst[0].seed }
    }

    /// A run with a large value of a metric.
    public struct WorstRun: Sendable, Equatable {
        public let value: Int64
        public let seed: UInt64

        func isWorse(than other: WorstRun) -> Bool { value > other.value || (value == other.value && seed < other.seed) }
    }

    public private(set) var runs = 0
    public private(set) var failedRuns = 0
    /// The violations each entry of the plan's known violations accepted, by entry; and the runs
    /// that had one (`ExplorationPlan.known`). Such violations are in neither `failedRuns` nor
    /// `violationsByOracle`.
    public private(set) var knownCounts: [Int] = []
    public private(set) var runsWithKnown = 0
    /// Violations per oracle name; read through `violationsByOracle`, which sorts them.
    private var violationCounts: [String: Int] = [:]  // looked up; iterated only sorted
    /// Every run's line `<target> <seed> <trace hash>`, hashed, summed and xor-ed: a digest that
    /// any order of adding gives alike.
    private var lineHashSum: UInt64 = 0
    private var lineHashXor: UInt64 = 0
    /// Timing per target (one lookup per run, not one per metric); iterated only sorted.
    private var timing: [String: TargetTiming] = [:]
    /// What the runs reached (`explore --coverage`).
    public private(set) var coverage = CoverageCounts()
    /// The runs over each watched budget limit and the knobs they drew.
    public private(set) var watch: BudgetWatch

    /// A summary that also watches which runs go over each limit of `budgets`.
    public init(watching budgets: TimingBudgets = .empty) {
        watch = BudgetWatch(budgets)
    }

    /// The summary of `runs`.
    public init(_ runs: [ExplorationRun], watching budgets: TimingBudgets = .empty) {
        self.init(watching: budgets)
        for run in runs { add(run) }
    }

    /// One target's samples per metric and waiting per cause, numbered by its app's `TimingTable`.
    private struct TargetTiming: Sendable {
        let table: TimingTable
        var samples: [MetricSamples]
        var waitByCause: [Int64]
        /// Waiting behind endpoints the table does not list, by endpoint name.
        var waitByUnlistedCause: [String: Int64] = [:]
        /// The waits on screens the table does not list, by metric name (`waitMs.<screen>`).
        var unlistedScreenSamples: [String: MetricSamples] = [:]

        init(table: TimingTable) {
            self.table = table
            samples = [MetricSamples](repeating: MetricSamples(), count: table.names.count)
            waitByCause = [Int64](repeating: 0, count: table.causes.count)
        }

        /// The timing of `run`'s target, numbered by the table its metrics were measured by.
        init(for run: ExplorationRun) {
            self.init(table: run.result.journey?.table ?? TimingTable(app: run.result.scenario.app, screens: [], endpoints: []))
        }

        mutating func record(_ run: ExplorationRun) {
            let journey = run.result.journey
            if let journey, !journey.table.numbersAlike(table) {
                // Another numbering: adopt it if this one numbers nothing yet (only runs that never
                // ran so far), else add by name (the app registered again, or one target of two apps).
                var other = TargetTiming(table: journey.table)
                other.record(run)
                if table.screenNames.isEmpty && table.causes.count == 1 {
                    other.merge(self)
                    self = other
                } else {
                    merge(other)
                }
                return
            }
            samples.withUnsafeMutableBufferPointer { samples in
                ExplorationSummary.forEachValue(of: run) { position, value in samples[position].add(value, seed: run.seed) }
            }
            guard let journey else { return }
            for position in waitByCause.indices { waitByCause[position] += journey.waitByCause[position] }
            for wait in journey.waitByUnlistedCause { waitByUnlistedCause[wait.name, default: 0] += wait.ms }
            for wait in journey.waitByUnlistedScreen {
                unlistedScreenSamples[TimingMetric.screenWait(wait.name), default: MetricSamples()].add(wait.ms, seed: run.seed)
            }
        }

        /// The samples of `metric`, nil if the table does not number it and no run measured it.
        func samples(of metric: String) -> MetricSamples? {
            table.position(ofMetric: metric).map { samples[$0] } ?? unlistedScreenSamples[metric]
        }

        mutating func merge(_ other: TargetTiming) {
            if other.table.numbersAlike(table) {
                for position in samples.indices { samples[position].merge(other.samples[position]) }
                for position in waitByCause.indices { waitByCause[position] += other.waitByCause[position] }
            } else {
                for (metric, theirs) in zip(other.table.names, other.samples) where !theirs.isEmpty {
                    if let position = table.position(ofMetric: metric) {
                        samples[position].merge(theirs)
                    } else {
                        unlistedScreenSamples[metric, default: MetricSamples()].merge(theirs)
                    }
                }
                for (cause, ms) in zip(other.table.causes, other.waitByCause) where ms > 0 {
                    if let position = table.causes.firstIndex(of: cause) { waitByCause[position] += ms } else { waitByUnlistedCause[cause, default: 0] += ms }
                }
            }
            for (endpoint, ms) in other.waitByUnlistedCause { waitByUnlistedCause[endpoint, default: 0] += ms }
            for (metric, samples) in other.unlistedScreenSamples { unlistedScreenSamples[metric, default: MetricSamples()].merge(samples) }
        }
    }

    /// Counts one run in.
    public mutating func add(_ run: ExplorationRun) {
        runs += 1
        if !run.result.passed { failedRuns += 1 }
        for violation in run.result.violations { violationCounts[violation.oracle, default: 0] += 1 }
        if !run.knownEntries.isEmpty {
            runsWithKnown += 1
            for entry in run.knownEntries { countKnown(entry, 1) }
        }
        let line = Self.lineHash(target: run.target, seed: run.seed, traceHash: run.result.simulation.trace.hash)
        lineHashSum &+= line
        lineHashXor ^= line
        coverage.add(run.result.coverage)
        timing[run.target, default: TargetTiming(for: run)].record(run)
        if watch.isWatching { watch.add(run) }
    }

    /// The hash of a run's line, `"<target> <seed> <trace hash in 16 hex digits>\n"`, written into
    /// the hasher piece by piece: the same bytes as the interpolated line, without building it
    /// (nor the trace hash's hex string) for every explored seed.
    static func lineHash(target: String, seed: UInt64, traceHash: UInt64) -> UInt64 {
        var hasher = TraceHasher()
        hasher.combine(target)
        hasher.write(byte: UInt8(ascii: " "))
        hasher.write(decimal: seed)
        hasher.write(byte: UInt8(ascii: " "))
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: traceHash >> UInt64(shift)) & 0xF
            hasher.write(byte: digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
        hasher.write(byte: UInt8(ascii: "\n"))
        return hasher.value
    }

    /// Adds the runs of `other`, which covered other seeds.
    public mutating func merge(_ other: ExplorationSummary) {
        runs += other.runs
        failedRuns += other.failedRuns
        for (oracle, count) in other.violationCounts { violationCounts[oracle, default: 0] += count }
        runsWithKnown += other.runsWithKnown
        for (entry, count) in other.knownCounts.enumerated() where count > 0 { countKnown(entry, count) }
        lineHashSum &+= other.lineHashSum
        lineHashXor ^= other.lineHashXor
        coverage.merge(other.coverage)
        for (target, theirs) in other.timing {
            if timing[target] == nil { timing[target] = theirs } else { timing[target]!.merge(theirs) }
        }
        watch.merge(other.watch)
    }

    /// Adds `count` violations accepted by known entry `entry`.
    private mutating func countKnown(_ entry: Int, _ count: Int) {
        if knownCounts.count <= entry { knownCounts += Array(repeating: 0, count: entry + 1 - knownCounts.count) }
        knownCounts[entry] += count
    }

    /// Sets the known violations' counts of a saved state.
    mutating func restoreKnown(counts: [Int], runs: Int) {
        knownCounts = counts
        runsWithKnown = runs
    }

    /// The sum and xor of the hashed run lines (`summaryHash` is made of them).
    var lineHashState: (sum: UInt64, xor: UInt64) { (lineHashSum, lineHashXor) }

    /// One target's timing as JSON: its app and the names its numbers are by, per metric its
    /// samples (null when none), and the waiting per cause.
    func timingState(of target: String) -> JSONValue {
        guard let timing = timing[target] else { return .null }
        let table = timing.table
        let byUnlistedCause = timing.waitByUnlistedCause.keys.sorted().map { (key: $0, value: JSONValue.number(String(timing.waitByUnlistedCause[$0] ?? 0))) }
        return .object([
            ("app", .string(table.app.rawValue)),
            ("screens", .array(table.screenNames.map(JSONValue.string))),
            ("causes", .array(table.causes.map(JSONValue.string))),
            ("samples", .array(timing.samples.map { $0.isEmpty ? .null : $0.state })),
            ("waitByCause", .array(timing.waitByCause.map { .number(String($0)) })),
        ] + (byUnlistedCause.isEmpty ? [] : [("waitByUnlistedCause", .object(byUnlistedCause))])
          + (timing.unlistedScreenSamples.isEmpty ? [] : [("unlistedScreens", .object(timing.unlistedScreenSamples.keys.sorted().map {
              (key: $0, value: timing.unlistedScreenSamples[$0]!.state) }))]))
    }

    /// Sets this (empty) summary to a saved state's parts.
    mutating func restore(runs: Int, failedRuns: Int, violations: [(String, Int)], hashSum: UInt64, hashXor: UInt64,
                          timing saved: [(key: String, value: JSONValue)], coverage: CoverageCounts,
                          watch: BudgetWatch) throws(ExplorationState.Problem) {
        typealias S = ExplorationState
        guard failedRuns <= runs, violations.allSatisfy({ $0.1 <= runs * 1_000 }) else {
            throw ExplorationState.Problem(message: "more failed runs or violations than runs")
        }
        self.runs = runs
        self.failedRuns = failedRuns
        for (oracle, count) in violations { violationCounts[oracle] = count }
        lineHashSum = hashSum
        lineHashXor = hashXor
        self.coverage = coverage
        self.watch = watch
        for (target, value) in saved {
            guard case .string(let app)? = S.field(value, "app") else {
                throw ExplorationState.Problem(message: "expected the app of \(target)'s timing (a state of an older build: explore the shard again)")
            }
            let screens = try Self.strings(S.field(value, "screens"), "screens of \(target)")
            let causes = try Self.strings(S.field(value, "causes"), "causes of \(target)")
            guard causes.last == TimingMetric.noRequest, Set(screens).count == screens.count, Set(causes).count == causes.count else {
                throw ExplorationState.Problem(message: "expected distinct screens and causes ending with \"\(TimingMetric.noRequest)\" for \(target)")
            }
            var restored = TargetTiming(table: TimingTable(app: AppID(app), screenNames: screens, causes: causes))
            let samples = try S.array(S.field(value, "samples"), "samples of \(target)")
            guard samples.count == restored.table.names.count else {
                throw ExplorationState.Problem(message: "expected \(restored.table.names.count) metrics for \(target), found \(samples.count)")
            }
            for (position, sample) in samples.enumerated() where sample != .null {
                restored.samples[position] = try MetricSamples(state: sample)
            }
            let waits = try S.array(S.field(value, "waitByCause"), "waitByCause of \(target)")
            guard waits.count == causes.count else { throw ExplorationState.Problem(message: "expected \(causes.count) causes for \(target)") }
            for (position, cause) in waits.enumerated() { restored.waitByCause[position] = try S.int64(cause, "a wait") }
            if let byUnlistedCause = S.field(value, "waitByUnlistedCause") {
                for (endpoint, ms) in try S.members(byUnlistedCause, "waitByUnlistedCause of \(target)") {
                    guard restored.waitByUnlistedCause[endpoint] == nil else {
                        throw ExplorationState.Problem(message: "waitByUnlistedCause of \(target) names '\(endpoint)' twice")
                    }
                    restored.waitByUnlistedCause[endpoint] = try S.int64(ms, "a wait")
                }
            }
            if let screens = S.field(value, "unlistedScreens") {
                for (metric, sample) in try S.members(screens, "unlistedScreens of \(target)") {
                    guard metric.hasPrefix(TimingMetric.screenWaitPrefix), restored.unlistedScreenSamples[metric] == nil else {
                        throw ExplorationState.Problem(message: "unlistedScreens of \(target): '\(metric)' is not a new waitMs.<screen>")
                    }
                    restored.unlistedScreenSamples[metric] = try MetricSamples(state: sample)
                }
            }
            timing[target] = restored
        }
    }

    private static func strings(_ value: JSONValue?, _ what: String) throws(ExplorationState.Problem) -> [String] {
        var strings: [String] = []
        for element in try ExplorationState.array(value, what) {
            guard case .string(let string) = element else { throw ExplorationState.Problem(message: "expected names for \(what)") }
            strings.append(string)
        }
        return strings
    }

    /// Violations per oracle, by oracle name.
    public var violationsByOracle: [(oracle: String, count: Int)] {
        violationCounts.map { (oracle: $0.key, count: $0.value) }.sorted { $0.oracle < $1.oracle }
    }

    /// FNV-1a over the number of runs and the sum and xor of each run's hashed
    /// `<target> <seed> <trace hash>` line: two explorations are the same exactly when this is,
    /// whatever the number of workers, and shards' summaries merge into the unsharded one's.
    public var summaryHash: String {
        TraceHasher.hex(TraceHasher.fnv1a("runs \(runs) sum \(TraceHasher.hex(lineHashSum)) xor \(TraceHasher.hex(lineHashXor))"))
    }

    /// The explored targets, sorted.
    public var targets: [String] { timing.keys.sorted() }

    /// Every metric some run could measure, in report order: each target's (sorted) app's
    /// metrics (`TimingTable.names`) not named before, then the waits on screens no table lists,
    /// by name.
    public var metricNames: [String] {
        var names: [String] = []
        for target in targets { for name in timing[target]!.table.names where !names.contains(name) { names.append(name) } }
        return names + Set(timing.values.flatMap(\.unlistedScreenSamples.keys)).subtracting(names).sorted()
    }

    /// Per target and metric, targets sorted, metrics in their app's order (then the waits on
    /// screens its table does not list, by name); a metric no run measured (a screen never shown)
    /// is left out.
    public var metrics: [(target: String, metric: String, percentiles: Percentiles)] {
        targets.flatMap { target in
            let timing = timing[target]!
            return zip(timing.table.names, timing.samples).compactMap { metric, sampled in
                sampled.isEmpty ? nil : (target, metric, sampled.percentiles)
            } + timing.unlistedScreenSamples.keys.sorted().compactMap { metric in
                timing.unlistedScreenSamples[metric].flatMap { $0.isEmpty ? nil : (target, metric, $0.percentiles) }
            }
        }
    }

    /// The percentiles of `metric` for `target`, or over every target for `all`; nil if no run measured it.
    public func percentiles(of metric: String, for target: String) -> Percentiles? {
        samples(of: metric, for: target).flatMap { $0.isEmpty ? nil : $0.percentiles }
    }

    /// The value at each of `fractions` (increasing, 0 to 1) of `metric` for `target` (or `all`).
    public func quantiles(of metric: String, for target: String, at fractions: [Double]) -> [Int64]? {
        samples(of: metric, for: target).flatMap { $0.isEmpty ? nil : $0.quantiles(fractions) }
    }

    private func samples(of metric: String, for target: String) -> MetricSamples? {
        guard target == TimingBudgets.allTargets else { return timing[target]?.samples(of: metric) }
        var merged = MetricSamples()
        for target in targets { if let samples = timing[target]!.samples(of: metric) { merged.merge(samples) } }
        return merged
    }

    /// Per target, the share of all waiting behind each cause of its app's `TimingTable.causes`
    /// (largest first, causes with no waiting left out), and the total waited.
    public func waitByCause(for target: String) -> (totalMs: Int64, causes: [(cause: String, ms: Int64)]) {
        guard let timing = timing[target] else { return (0, []) }
        let byCause = timing.waitByCause
        let causes = zip(timing.table.causes, byCause).filter { $0.1 > 0 }.map { (cause: $0.0, ms: $0.1) }
            + timing.waitByUnlistedCause.filter { $0.value > 0 }.map { (cause: $0.key, ms: $0.value) }
        let total = byCause.reduce(0, +) + timing.waitByUnlistedCause.values.reduce(0, +)
        return (total, causes.sorted { $0.ms > $1.ms || ($0.ms == $1.ms && $0.cause < $1.cause) })
    }

    /// Each value `run` gave a metric, by position in its app's `TimingTable.names` (the run's
    /// journey's table; the first six are every app's `TimingMetric.run`): every launch's launch
    /// metrics (a launch that never reached a route or became interactive counts as all of it),
    /// the journey's, and the wait on each screen the run showed (the app's time to main only
    /// for runs that reached it).
    static func forEachValue(of run: ExplorationRun, _ body: (Int, Int64) -> Void) {
        for launch in run.result.launches {
            body(0, launch.firstRouteMs ?? launch.durationMs)
            body(1, launch.loadingMs)
            body(2, launch.interactiveMs ?? launch.durationMs)
        }
        guard let journey = run.result.journey else { return }
        body(3, journey.waitMs)
        body(4, journey.longestWaitMs)
        if let toMain = journey.appTimeToMainMs { body(5, toMain) }
        let first = TimingMetric.run.count
        for (offset, wait) in journey.waitByScreen.enumerated() {
            if let wait { body(first + offset, wait) }
        }
    }
}

/// The four percentiles a timing budget can limit.
public protocol PercentileValues {
    var p50: Int64 { get }
    var p95: Int64 { get }
    var p99: Int64 { get }
    var max: Int64 { get }
}

extension PercentileValues {
    /// The value at `percentile` (`p50`, `p95`, `p99` or `max`).
    public subscript(percentile: String) -> Int64 {
        switch percentile {
        case "p50": p50
        case "p95": p95
        case "p99": p99
        default: max
        }
    }
}
