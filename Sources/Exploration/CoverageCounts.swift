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
    /// Per kind of pair (`RunCoverage.Pairs.rawValue`), runs per pair.
    private var counts: [[Int]] = RunCoverage.Pairs.allCases.map { Array(repeating: 0, count: $0.size) }
    /// Runs per app, in `AppID.allCases` order: whose pairs are possible.
    private var runsByApp = [Int](repeating: 0, count: AppID.allCases.count)
    /// A plug-in app's pairs (`RunCoverage.namedKey`), runs per pair; and its runs, by app name.
    private var namedCounts: [String: Int] = [:]
    private var pluginRuns: [String: Int] = [:]

    public init() {}

    public mutating func add(_ coverage: RunCoverage) {
        for pairs in RunCoverage.Pairs.allCases {
            coverage.forEach(pairs) { counts[pairs.rawValue][$0] += 1 }
        }
        if let app = AppID.allCases.firstIndex(of: coverage.app) {
            runsByApp[app] += 1
        } else {
            pluginRuns[coverage.app.rawValue, default: 0] += 1
            for key in coverage.namedPairs { namedCounts[key, default: 0] += 1 }
        }
    }

    public mutating func merge(_ other: CoverageCounts) {
        for kind in counts.indices {
            for pair in counts[kind].indices { counts[kind][pair] += other.counts[kind][pair] }
        }
        for app in runsByApp.indices { runsByApp[app] += other.runsByApp[app] }
        for (key, runs) in other.namedCounts { namedCounts[key, default: 0] += runs }
        for (app, runs) in other.pluginRuns { pluginRuns[app, default: 0] += runs }
    }

    /// The bundled apps some counted run was of (the fix plan's when none was, and no plug-in's).
    private var bundledApps: [AppID] {
        let apps = AppID.allCases.enumerated().filter { runsByApp[$0.offset] > 0 }.map(\.element)
        return apps.isEmpty && pluginRuns.isEmpty ? [.fixPlan] : apps
    }

    /// The apps some counted run was of: the bundled ones in their order, then plug-ins by name.
    public var apps: [AppID] { bundledApps + pluginRuns.keys.sorted().map { AppID($0) } }

    /// How many pairs of `pairs` the counted runs' apps could reach: the bundled apps' routes ×
    /// vocabulary, and each plug-in's screens (and "none") × its actions, or the faults and
    /// lifecycle events a plug-in's runs can meet.
    public func possible(_ pairs: RunCoverage.Pairs) -> Int {
        let bundled = bundledApps.isEmpty ? 0 : pairs.possible(for: bundledApps).count
        return pluginRuns.keys.reduce(bundled) { total, app in
            guard let plugin = AppRegistry.plugin(for: AppID(app)) else { return total }
            let items = switch pairs {
            case .taken, .offered: plugin.actions.count
            case .faults: RunCoverage.pluginFaultNames.count
            case .lifecycle: RunCoverage.pluginLifecycleNames.count
            }
            return total + (plugin.routes.count + 1) * items
        }
    }

    /// How many runs reached the pair (`route`, `item`) of `pairs`.
    public func runs(_ pairs: RunCoverage.Pairs, route: String, item: String) -> Int {
        // A plug-in's screen may share a name with a bundled app's ("launch", "main"): both count.
        let named = namedCounts[RunCoverage.namedKey(pairs, route: route, item: item)] ?? 0
        guard let routeIndex = RunCoverage.routeNames.firstIndex(of: route),
              let itemIndex = pairs.vocabulary.firstIndex(of: item) else { return named }
        return named + counts[pairs.rawValue][routeIndex * pairs.vocabulary.count + itemIndex]
    }

    /// The pairs of `pairs` some run reached, with their counts: the bundled apps' in route then
    /// item order, then a plug-in's, by screen and item name.
    public func reached(_ pairs: RunCoverage.Pairs) -> [(route: String, item: String, runs: Int)] {
        let width = pairs.vocabulary.count
        let bundled: [(route: String, item: String, runs: Int)] = counts[pairs.rawValue].enumerated().compactMap { bit, runs in
            runs == 0 ? nil : (RunCoverage.routeNames[bit / width], pairs.vocabulary[bit % width], runs)
        }
        let named: [(route: String, item: String, runs: Int)] = namedCounts.keys.sorted().compactMap { key in
            guard let pair = RunCoverage.namedPair(key), pair.pairs == pairs else { return nil }
            return (pair.route, pair.item, namedCounts[key] ?? 0)
        }
        return bundled + named
    }

    /// How many pairs of every kind some run reached.
    var reachedCount: Int { counts.reduce(0) { total, kind in total + kind.count { $0 > 0 } } + namedCounts.count }

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

    /// The counts as JSON: per kind of pair, every count in order; then the runs per app; then,
    /// only when a plug-in app ran, its runs and its named pairs' counts, keys in order.
    var state: JSONValue {
        let numbered = (counts + [runsByApp]).map { JSONValue.array($0.map { .number(String($0)) }) }
        guard !pluginRuns.isEmpty else { return .array(numbered) }
        func object(_ counts: [String: Int]) -> JSONValue {
            .object(counts.keys.sorted().map { (key: $0, value: .number(String(counts[$0] ?? 0))) })
        }
        return .array(numbered + [.object([(key: "runs", value: object(pluginRuns)), (key: "pairs", value: object(namedCounts))])])
    }

    init(state: JSONValue?) throws(ExplorationState.Problem) {
        self.init()
        let kinds = try ExplorationState.array(state, "coverage")
        guard kinds.count == counts.count + 1 || kinds.count == counts.count + 2 else {
            throw ExplorationState.Problem(message: "expected \(counts.count) kinds of coverage and the runs per app")
        }
        for (kind, values) in kinds.prefix(counts.count).enumerated() {
            counts[kind] = try ExplorationState.ints(values, count: counts[kind].count, "coverage")
        }
        runsByApp = try ExplorationState.ints(kinds[counts.count], count: runsByApp.count, "coverage")
        guard kinds.count == counts.count + 2 else { return }
        pluginRuns = try Self.namedCounts(ExplorationState.field(kinds[counts.count + 1], "runs"), "coverage runs of a plug-in app")
        namedCounts = try Self.namedCounts(ExplorationState.field(kinds[counts.count + 1], "pairs"), "coverage pairs of a plug-in app")
        guard namedCounts.keys.allSatisfy({ RunCoverage.namedPair($0) != nil }) else {
            throw ExplorationState.Problem(message: "expected coverage pairs named kind, screen and item")
        }
    }

    private static func namedCounts(_ value: JSONValue?, _ what: String) throws(ExplorationState.Problem) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (key, count) in try ExplorationState.members(value, what) {
            guard counts[key] == nil else { throw ExplorationState.Problem(message: "\(what): '\(key)' twice") }
            counts[key] = try ExplorationState.int(count, what)
        }
        return counts
    }
}
