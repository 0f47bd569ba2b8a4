import Foundation
import Oracles
import Scenarios

/// Timing budgets per persona (`scenarios/budgets.json`), checked over an exploration: for each
/// metric, a maximum (a bare number) or limits at percentiles.
///
/// ```json
/// {"format": 1, "budgets": {"new-user": {"firstRouteMs": 0, "waitMs": {"p50": 10000, "p95": 40000}}}}
/// ```
public struct LaunchBudgets: Sendable {
    /// Limits on one metric's distribution over the runs; nil is no limit.
    public struct Limit: Sendable, Equatable {
        public var p50: Int64?
        public var p95: Int64?
        public var p99: Int64?
        public var max: Int64?

        public init(p50: Int64? = nil, p95: Int64? = nil, p99: Int64? = nil, max: Int64? = nil) {
            self.p50 = p50
            self.p95 = p95
            self.p99 = p99
            self.max = max
        }

        public static let keys = ["p50", "p95", "p99", "max"]

        /// Each set limit with what the exploration measured for it.
        func checks(_ measured: ExplorationSummary.Percentiles) -> [(percentile: String, limit: Int64, measured: Int64)] {
            [("p50", p50, measured.p50), ("p95", p95, measured.p95), ("p99", p99, measured.p99), ("max", max, measured.max)]
                .compactMap { name, limit, value in limit.map { (name, $0, value) } }
        }
    }

    /// An exceeded limit: which, by how much, and the worst run to replay.
    public struct Exceedance: Sendable, Equatable {
        public let target: String
        public let metric: String
        public let percentile: String
        public let limit: Int64
        public let measured: Int64
        public let worst: Int64
        public let seed: UInt64
    }

    public let byTarget: [(target: String, limits: [(metric: String, limit: Limit)])]

    public init(byTarget: [(target: String, limits: [(metric: String, limit: Limit)])]) { self.byTarget = byTarget }

    public static let empty = LaunchBudgets(byTarget: [])

    /// Reads a budgets file; a missing file is no budgets, a broken one is an error.
    public static func load(_ path: String) -> Result<LaunchBudgets, ScenarioProblems> {
        guard let data = FileManager.default.contents(atPath: path) else { return .success(.empty) }
        func problem(_ location: String, _ message: String, suggestion: String? = nil) -> Result<LaunchBudgets, ScenarioProblems> {
            .failure(ScenarioProblems([ScenarioError(file: path, location: location, message: message, suggestion: suggestion)]))
        }
        let root: JSONValue
        do { root = try JSONParser.parse(try JSONText.decode(data).get()) } catch {
            return problem("line \(error.line), column \(error.column)", "not valid JSON: \(error.message)")
        }
        guard case .object(let top) = root, top.first(where: { $0.key == "format" })?.value == .number("1"),
              case .object(let entries)? = top.first(where: { $0.key == "budgets" })?.value else {
            return problem("$", "expected {\"format\": 1, \"budgets\": {\"<persona>\": {…}}}")
        }
        for (key, _) in top where !topKeys.contains(key) {
            return problem("$.\(key)", "unknown key \"\(key)\"", suggestion: suggestion(for: key, among: topKeys))
        }
        var result: [(target: String, limits: [(metric: String, limit: Limit)])] = []
        for (target, value) in entries {
            guard case .object(let metrics) = value else { return problem("$.budgets.\(target)", "expected an object") }
            var limits: [(metric: String, limit: Limit)] = []
            for (metric, value) in metrics {
                let path = "$.budgets.\(target).\(metric)"
                guard Budgets.metricNames.contains(metric) else {
                    return problem(path, "unknown metric \"\(metric)\" (\(Budgets.metricNames.joined(separator: ", ")))",
                                   suggestion: suggestion(for: metric, among: Budgets.metricNames))
                }
                switch limit(value, at: path) {
                case .success(let limit): limits.append((metric, limit))
                case .failure(let message): return problem(message.path, message.text, suggestion: message.suggestion)
                }
            }
            result.append((target, limits))
        }
        return .success(LaunchBudgets(byTarget: result))
    }

    /// The keys of a budgets file's top level (`$schema` lets an editor find docs/budgets.schema.json).
    static let topKeys = ["$schema", "format", "budgets"]

    private static func suggestion(for word: String, among candidates: [String]) -> String? {
        DidYouMean.closest(to: word, among: candidates).map { "did you mean \"\($0)\"?" }
    }

    private struct Problem: Error {
        let path: String, text: String
        var suggestion: String?
    }

    /// A bare number (a maximum) or `{"p50": …, "p95": …, "p99": …, "max": …}`.
    private static func limit(_ value: JSONValue, at path: String) -> Result<Limit, Problem> {
        func milliseconds(_ value: JSONValue, at path: String) -> Result<Int64, Problem> {
            guard case .number(let text) = value, let number = Int64(text), number >= 0 else {
                return .failure(Problem(path: path, text: "expected a whole number of milliseconds"))
            }
            return .success(number)
        }
        if case .number = value { return milliseconds(value, at: path).map { Limit(max: $0) } }
        guard case .object(let members) = value else {
            return .failure(Problem(path: path, text: "expected milliseconds, or limits at percentiles such as {\"p95\": 8000}"))
        }
        var limit = Limit()
        for (key, bound) in members {
            guard Limit.keys.contains(key) else {
                return .failure(Problem(path: "\(path).\(key)", text: "unknown percentile \"\(key)\" (p50, p95, p99, max)",
                                        suggestion: suggestion(for: key, among: Limit.keys)))
            }
            switch milliseconds(bound, at: "\(path).\(key)") {
            case .success(let number):
                switch key {
                case "p50": limit.p50 = number
                case "p95": limit.p95 = number
                case "p99": limit.p99 = number
                default: limit.max = number
                }
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(limit)
    }

    /// The limits `summary` exceeds, in the summary's order of targets and metrics.
    public func exceeded(in summary: ExplorationSummary) -> [Exceedance] {
        summary.metrics.flatMap { entry -> [Exceedance] in
            guard let limits = byTarget.first(where: { $0.target == entry.target })?.limits,
                  let limit = limits.first(where: { $0.metric == entry.metric })?.limit else { return [] }
            let measured = entry.percentiles
            return limit.checks(measured).filter { $0.measured > $0.limit }.map { check in
                Exceedance(target: entry.target, metric: entry.metric, percentile: check.percentile, limit: check.limit,
                           measured: check.measured, worst: measured.max, seed: measured.worstSeed)
            }
        }
    }
}
