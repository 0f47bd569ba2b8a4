import AppVocabulary
import Oracles
import Scenarios

/// How many explored runs reached each pair of `RunCoverage`: (screen, action taken), (screen,
/// action offered), (screen, fault hit), (screen, lifecycle event). Counts add up in any order,
/// so workers' and shards' counts merge like the rest of the summary.
///
/// ```swift
/// var counts = CoverageCounts()
/// counts.add(run.result.coverage)
/// counts.neverTaken   // [("auth", "open-terms"), …]: offered by some run, taken by none
/// ```
public struct CoverageCounts: Sendable, Equatable {
    /// One app's runs, and per kind of pair (`RunCoverage.Pairs.rawValue`) runs per pair, in
    /// the bit order of its `CoverageTable`.
    private struct AppCounts: Sendable, Equatable {
        let table: CoverageTable
        var runs = 0
        var counts: [[Int]]

        init(table: CoverageTable) {
            self.table = table
            counts = RunCoverage.Pairs.allCases.map { Array(repeating: 0, count: table.size($0)) }
        }

        static func == (lhs: AppCounts, rhs: AppCounts) -> Bool {
            lhs.table.app == rhs.table.app && lhs.runs == rhs.runs && lhs.counts == rhs.counts
        }
    }

    /// Per app some counted run was of, in the order the apps registered (then by name).
    private var byApp: [AppCounts] = []

    public init() {}

    public mutating func add(_ coverage: RunCoverage) {
        let index = entry(for: coverage.table)
        byApp[index].runs += 1
        for pairs in RunCoverage.Pairs.allCases {
            coverage.forEach(pairs) { byApp[index].counts[pairs.rawValue][$0] += 1 }
        }
    }

    public mutating func merge(_ other: CoverageCounts) {
        for theirs in other.byApp {
            let index = entry(for: theirs.table)
            byApp[index].runs += theirs.runs
            for kind in theirs.counts.indices {
                for pair in theirs.counts[kind].indices { byApp[index].counts[kind][pair] += theirs.counts[kind][pair] }
            }
        }
    }

    /// The position of `table`'s app in `byApp`, added in its place if it is not there yet:
    /// the order apps registered in, so that counts merged in any order come out alike.
    private mutating func entry(for table: CoverageTable) -> Int {
        if let index = byApp.firstIndex(where: { $0.table.app == table.app }) { return index }
        let registered = AppRegistry.apps
        func rank(_ app: AppID) -> (Int, String) { (registered.firstIndex(of: app) ?? registered.count, app.rawValue) }
        let index = byApp.firstIndex { rank($0.table.app) > rank(table.app) } ?? byApp.count
        byApp.insert(AppCounts(table: table), at: index)
        return index
    }

    /// The apps some counted run was of, in the order they registered.
    public var apps: [AppID] { byApp.map(\.table.app) }

    /// How many pairs of `pairs` the counted runs' apps could reach: each app's screens (and
    /// "none") × its actions, or the faults and lifecycle events its runs can meet.
    public func possible(_ pairs: RunCoverage.Pairs) -> Int {
        byApp.reduce(0) { $0 + $1.table.possible(pairs) }
    }

    /// How many runs reached the pair (`route`, `item`) of `pairs`, of any app (two apps may
    /// share a screen's name: "main").
    public func runs(_ pairs: RunCoverage.Pairs, route: String, item: String) -> Int {
        byApp.reduce(0) { total, app in
            guard let routeIndex = app.table.routeNames.firstIndex(of: route),
                  let itemIndex = app.table.vocabulary(pairs).firstIndex(of: item) else { return total }
            return total + app.counts[pairs.rawValue][routeIndex * app.table.width(pairs) + itemIndex]
        }
    }

    /// The pairs of `pairs` some run reached, with their counts: app by app, in screen then item order.
    public func reached(_ pairs: RunCoverage.Pairs) -> [(route: String, item: String, runs: Int)] {
        byApp.flatMap { app -> [(route: String, item: String, runs: Int)] in
            let width = app.table.width(pairs), vocabulary = app.table.vocabulary(pairs)
            return app.counts[pairs.rawValue].enumerated().compactMap { bit, runs in
                runs == 0 ? nil : (app.table.routeNames[bit / width], vocabulary[bit % width], runs)
            }
        }
    }

    /// How many pairs of every kind some run reached.
    var reachedCount: Int { byApp.reduce(0) { total, app in total + app.counts.reduce(0) { $0 + $1.count { $0 > 0 } } } }

    /// Actions some screen offered that no run took there.
    public var neverTaken: [(route: String, action: String)] {
        reached(.offered).compactMap { offered in
            runs(.taken, route: offered.route, item: offered.item) == 0 ? (offered.route, offered.item) : nil
        }
    }

    /// A few lines for the console: how many pairs of each kind were reached, and the gaps.
    public var table: [String] {
        var lines = ["coverage (pairs reached by at least one run):"]
        let names: [(RunCoverage.Pairs, String)] = [(.taken, "(screen, action taken)"), (.offered, "(screen, action offered)"),
                                                     (.faults, "(screen, fault hit)"), (.lifecycle, "(screen, lifecycle event)")]
        for (pairs, name) in names {
            let reached = self.reached(pairs)
            let rare = reached.filter { $0.runs < 10 }.count
            // Most (screen, action) pairs can never be offered: taken is measured against offered.
            let of = pairs == .taken ? "of the \(self.reached(.offered).count) offered" : "of \(possible(pairs)) possible"
            lines.append("  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(reached.count) \(of)"
                         + (rare > 0 ? " (\(rare) by fewer than 10 runs)" : ""))
        }
        let gaps = neverTaken
        let shown = gaps.prefix(8).map { "\($0.route)·\($0.action)" }.joined(separator: ", ")
        lines.append("  offered, never taken: \(gaps.isEmpty ? "none" : shown + (gaps.count > 8 ? ", … \(gaps.count - 8) more" : ""))")
        return lines
    }

    /// The counts as JSON: per app in order, its name, its runs and, per kind of pair, every
    /// count in bit order.
    var state: JSONValue {
        .array(byApp.map { app in
            .object([(key: "app", value: .string(app.table.app.rawValue)), (key: "runs", value: .number(String(app.runs))),
                     (key: "counts", value: .array(app.counts.map { .array($0.map { .number(String($0)) }) }))])
        })
    }

    init(state: JSONValue?) throws(ExplorationState.Problem) {
        self.init()
        for value in try ExplorationState.array(state, "coverage") {
            guard case .string(let name)? = ExplorationState.field(value, "app"),
                  let plugin = AppRegistry.plugin(for: AppID(name)) else {
                throw ExplorationState.Problem(message: "expected each app's coverage as {\"app\", \"runs\", \"counts\"}, of an app this tool registered")
            }
            let table = AppRegistry.coverageTable(of: plugin.id)
            guard !byApp.contains(where: { $0.table.app == table.app }) else {
                throw ExplorationState.Problem(message: "coverage of \(name) twice")
            }
            var counts = AppCounts(table: table)
            counts.runs = try ExplorationState.int(ExplorationState.field(value, "runs"), "coverage runs")
            let kinds = try ExplorationState.array(ExplorationState.field(value, "counts"), "coverage")
            guard kinds.count == counts.counts.count else {
                throw ExplorationState.Problem(message: "expected \(counts.counts.count) kinds of coverage of \(name)")
            }
            for (kind, values) in kinds.enumerated() {
                counts.counts[kind] = try ExplorationState.ints(values, count: counts.counts[kind].count, "coverage")
            }
            byApp[entry(for: table)] = counts
        }
    }
}
