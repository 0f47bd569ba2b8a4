import Foundation
import Oracles
import Scenarios

/// Launch timing budgets per persona (`scenarios/budgets.json`), checked over an exploration.
///
/// ```json
/// {"format": 1, "budgets": {"new-user": {"firstRouteMs": 0, "interactiveMs": 0}}}
/// ```
public struct LaunchBudgets: Sendable {
    public let byTarget: [(target: String, budgets: Budgets)]

    public init(byTarget: [(target: String, budgets: Budgets)]) { self.byTarget = byTarget }

    public static let empty = LaunchBudgets(byTarget: [])

    /// Reads a budgets file; a missing file is no budgets, a broken one is an error.
    public static func load(_ path: String) -> Result<LaunchBudgets, ScenarioProblems> {
        guard let data = FileManager.default.contents(atPath: path) else { return .success(.empty) }
        func problem(_ location: String, _ message: String) -> Result<LaunchBudgets, ScenarioProblems> {
            .failure(ScenarioProblems([ScenarioError(file: path, location: location, message: message)]))
        }
        let root: JSONValue
        do { root = try JSONParser.parse(try JSONText.decode(data).get()) } catch {
            return problem("line \(error.line), column \(error.column)", "not valid JSON: \(error.message)")
        }
        guard case .object(let top) = root, top.first(where: { $0.key == "format" })?.value == .number("1"),
              case .object(let entries)? = top.first(where: { $0.key == "budgets" })?.value else {
            return problem("$", "expected {\"format\": 1, \"budgets\": {\"<persona>\": {…}}}")
        }
        var result: [(String, Budgets)] = []
        for (target, value) in entries {
            guard case .object(let limits) = value else { return problem("$.budgets.\(target)", "expected an object") }
            var budgets = Budgets()
            for (metric, limit) in limits {
                guard case .number(let text) = limit, let number = Int64(text), number >= 0 else {
                    return problem("$.budgets.\(target).\(metric)", "expected a whole number of milliseconds")
                }
                guard Budgets.metricNames.contains(metric) else {
                    return problem("$.budgets.\(target).\(metric)",
                                   "unknown metric \"\(metric)\" (\(Budgets.metricNames.joined(separator: ", ")))")
                }
                budgets[limitOf: metric] = number
            }
            result.append((target, budgets))
        }
        return .success(LaunchBudgets(byTarget: result))
    }

    /// Budgets exceeded in `summary`: target, metric, limit, worst value and its seed.
    public func exceeded(in summary: ExplorationSummary) -> [(target: String, metric: String, limit: Int64, worst: Int64, seed: UInt64)] {
        summary.metrics.compactMap { entry in
            guard let budgets = byTarget.first(where: { $0.target == entry.target })?.budgets else { return nil }
            let limit = budgets[limitOf: entry.metric]
            guard let limit, entry.percentiles.max > limit else { return nil }
            return (entry.target, entry.metric, limit, entry.percentiles.max, entry.percentiles.worstSeed)
        }
    }
}
