import Foundation

/// Locations in the package, found from this file so tests run from any working folder.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = packageRoot.appendingPathComponent("scenarios").path

    static func scenario(_ relative: String) -> String {
        packageRoot.appendingPathComponent("scenarios/" + relative).path
    }
}
