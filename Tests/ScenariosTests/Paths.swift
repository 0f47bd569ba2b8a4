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

    static func scenario(_ relative: String) -> String {
        ToolApps.register()
        return packageRoot.appendingPathComponent("scenarios/" + relative).path
    }
}
