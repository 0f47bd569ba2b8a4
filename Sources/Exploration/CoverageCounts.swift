import AppVocabulary
import OnboardingModel
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

    public init() {}

    public mutating func add(_ coverage: RunCoverage) {
        for pairs in RunCoverage.Pairs.allCases {
            coverage.forEach(pairs) { counts[pairs.rawValue][$0] += 1 }
        }
        // A plug-in app's runs have no place in the bundled apps' tables (yet): not counted here.
        if let app = AppID.allCases.firstIndex(of: coverage.app) { runsByApp[app] += 1 }
    }

    public mutating func merge(_ other: CoverageCounts) {
        for kind in counts.indices {
            for pair in counts[kind].indices { counts[kind][pair] += other.counts[kind][pair] }
        }
        for app in runsByApp.indices { runsByApp[app] += other.runsByApp[app] }
    }

    /// The apps some counted run was of (the fix plan's when none was counted).
    public var apps: [AppID] {
        let apps = AppID.allCases.enumerated().filter { runsByApp[$0.offset] > 0 }.map(\.element)
        return apps.isEmpty ? [.fixPlan] : apps
    }

    /// How many pairs of `pairs` the counted runs' apps could reach.
    public func possible(_ pairs: RunCoverage.Pairs) -> Int { pairs.possible(for: apps).count }

    /// How many runs reached the pair (`route`, `item`) of `pairs`.
    public func runs(_ pairs: RunCoverage.Pairs, route: String, item: String) -> Int {
        guard let routeIndex = RunCoverage.routeNames.firstIndex(of: route),
              let itemIndex = pairs.vocabulary.firstIndex(of: item) else { return 0 }
        return counts[pairs.rawValue][routeIndex * pairs.vocabulary.count + itemIndex]
    }

    /// The pairs of `pairs` some run reached, with their counts, in route then item order.
    public func reached(_ pairs: RunCoverage.Pairs) -> [(route: String, item: String, runs: Int)] {
        let width = pairs.vocabulary.count
        return counts[pairs.rawValue].enumerated().compactMap { bit, runs in
            runs == 0 ? nil : (RunCoverage.routeNames[bit / width], pairs.vocabulary[bit % width], runs)
        }
    }

    /// How many pairs of every kind some run reached.
    var reachedCount: Int { counts.reduce(0) { total, kind in total + kind.count { $0 > 0 } } }

    /// Actions some screen offered that no run took there.
    public var neverTaken: [(route: String, action: String)] {
        reached(.offered).compactMap { offered in
            runs(.taken, route: offered.route, item: offered.item) == 0 ? (offered.route, offered.item) : nil
        }
    }

    /// A few lines for the console: how many pairs of each kind were reached, and the gaps.
    public var table: [String] {
        // Only a plug-in app's runs, which the tables cannot number: say so rather than print zeros.
        if runsByApp.allSatisfy({ $0 == 0 }) && reachedCount > 0 {
            return ["coverage: not counted for a plug-in app's runs yet (its routes have no place in the tables; docs/your-app.md)"]
        }
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

    /// The counts as JSON: per kind of pair, every count in order; then the runs per app.
    var state: JSONValue { .array((counts + [runsByApp]).map { .array($0.map { .number(String($0)) }) }) }

    init(state: JSONValue?) throws(ExplorationState.Problem) {
        self.init()
        let kinds = try ExplorationState.array(state, "coverage")
        guard kinds.count == counts.count + 1 else {
            throw ExplorationState.Problem(message: "expected \(counts.count) kinds of coverage and the runs per app")
        }
        for (kind, values) in kinds.dropLast().enumerated() {
            counts[kind] = try ExplorationState.ints(values, count: counts[kind].count, "coverage")
        }
        runsByApp = try ExplorationState.ints(kinds[counts.count], count: runsByApp.count, "coverage")
    }
}
