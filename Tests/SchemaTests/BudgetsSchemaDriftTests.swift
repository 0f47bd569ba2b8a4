import Testing
import Foundation
import Scenarios
import Oracles
import Exploration
import ToolAppsForTests
import FixPlanSim
import PickupSim

/// `docs/budgets.schema.json` names exactly the metrics and percentiles a budgets file takes.
@Suite struct BudgetsSchemaDriftTests {
    init() { ToolApps.register() }
    struct ShapeError: Error {}

    @Test func theBudgetsSchemaListsEveryMetricAndPercentile() throws {
        let text = try String(contentsOfFile: Paths.budgetsSchema, encoding: .utf8)
        guard case .object(let root) = try JSONParser.parse(text),
              case .object(let definitions)? = root.first(where: { $0.key == "$defs" })?.value,
              case .object(let metrics)? = definitions.first(where: { $0.key == "metrics" })?.value,
              case .object(let metricProperties)? = metrics.first(where: { $0.key == "properties" })?.value,
              case .object(let limit)? = definitions.first(where: { $0.key == "limit" })?.value,
              case .array(let forms)? = limit.first(where: { $0.key == "oneOf" })?.value,
              case .object(let percentileForm)? = forms.last,
              case .object(let percentiles)? = percentileForm.first(where: { $0.key == "properties" })?.value
        else { throw ShapeError() }
        // Every run's metrics, then each bundled app's screens' waits (the fix plan's, then the pickup app's).
        var names: [String] = []
        for app in [FixPlanPlugin().id, PickupPlugin().id] {
            for name in AppRegistry.timingTable(of: app)?.names ?? [] where !names.contains(name) { names.append(name) }
        }
        #expect(metricProperties.map(\.key) == names)
        #expect(percentiles.map(\.key) == TimingBudgets.Limit.keys)
    }
}
