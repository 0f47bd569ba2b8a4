import Foundation
import AppVocabulary
import Scenarios

/// What a help page's examples name, drawn from the tool's own apps and scenario files, so that a
/// team's tool shows its own ids, personas and files (`trendy-sim`'s help names Trendy's, never
/// the bundled apps'). Read only when a help page is printed.
enum ToolExamples {
    /// The tool's first app (what `explore` explores without `--app`).
    static var app: AppID { AppRegistry.toolApps.first ?? AppID("my-app") }
    /// Another of the tool's apps, for an `--app` example; nil for a tool of one app.
    static var otherApp: AppID? { AppRegistry.toolApps.dropFirst().first }
    /// The first app's first persona.
    static var persona: String { AppRegistry.plugin(for: app)?.personas.first?.name ?? "\(app.rawValue)-new-install" }
    /// A bug of `app` that a scenario file under `scenarios/` guards.
    static var mutant: String { guarded.mutant }
    /// That scenario file.
    static var scenario: String { guarded.file }
    /// The folder of `scenario`.
    static var folder: String { (scenario as NSString).deletingLastPathComponent }
    /// A bug of `otherApp`, for its `--app` example.
    static var otherMutant: String? { otherApp.flatMap { AppRegistry.catalogue(of: $0).first?.mutant.rawValue } }
    /// The tool's apps, for a sentence: "fix-plan and pickup".
    static var apps: String {
        let names = AppRegistry.toolApps.map(\.rawValue)
        return names.count <= 1 ? (names.first ?? "none") : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The first of `app`'s bugs (in catalogue order) that a scenario file guards, and the first
    /// such file (in path order); a placeholder pair when there is none.
    private static let guarded: (mutant: String, file: String) = {
        let ids = AppRegistry.catalogue(of: app).map(\.mutant.rawValue)
        let root = ScenarioArguments.defaultFolder
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix("budgets.json") }.sorted()
        let texts = files.compactMap { file in (try? String(contentsOfFile: root + "/" + file, encoding: .utf8)).map { (root + "/" + file, $0) } }
        for id in ids {
            if let (file, _) = texts.first(where: { $0.1.contains("\"guards\"") && $0.1.contains("\"\(id)\"") }) { return (id, file) }
        }
        return (ids.first ?? "my-bug", root + "/my-scenario.json")
    }()
}
