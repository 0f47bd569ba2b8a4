import Foundation
import ToolAppsForTests

/// Locations in the package, found from this file so tests run from any working folder.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The bundled scenarios, which name both of `onboarding-sim`'s apps (`ToolApps`).
    static var scenarios: String {
        ToolApps.register()
        return packageRoot.appendingPathComponent("scenarios").path
    }
    static let schema = packageRoot.appendingPathComponent("docs/scenario.schema.json").path
    /// One app's schema as `schema --app` prints it.
    static func schema(of app: String) -> String { packageRoot.appendingPathComponent("docs/schemas/\(app).schema.json").path }
    static let budgetsSchema = packageRoot.appendingPathComponent("docs/budgets.schema.json").path
    static let budgets = packageRoot.appendingPathComponent("scenarios/budgets.json").path
    static let pickupBudgets = packageRoot.appendingPathComponent("scenarios/pickup/budgets.json").path
}
