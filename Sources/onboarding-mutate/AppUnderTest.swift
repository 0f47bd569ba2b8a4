import Foundation
import Mutation

/// The files whose mutants are tried, and which app each belongs to.
struct AppUnderTest {
    /// The bundled apps' own code: the fix plan's client actors, and the pickup app's actors and
    /// storage. Not the shared vocabulary (`Sources/AppVocabulary`: `Screen`, `ScreenState`):
    /// that is what oracles read.
    static let defaultPaths = [
        "Sources/OnboardingModel/Client",
        "Sources/PickupModel/PickupApp.swift",
        "Sources/PickupModel/PickupApp+Auth.swift",
        "Sources/PickupModel/PickupStorage.swift",
    ]

    let package: URL
    let files: [SourceFile]
    let enums: EnumCatalogue
    let switches: [String]

    init(package: URL, paths: [String], switches: [String] = []) throws {
        self.package = package
        self.switches = MutationFinder.defaultSwitches + switches
        let chosen = paths.isEmpty ? Self.defaultPaths : paths
        var relatives: [String] = []
        for path in chosen {
            let found = try Self.swiftFiles(under: path, in: package)
            guard !found.isEmpty else {
                throw MutationReportError(message: "no Swift files at '\(path)' in \(package.path); name the app's folders with --path")
            }
            relatives += found
        }
        files = try Set(relatives).sorted().map { relative in
            SourceFile(path: relative, text: try String(contentsOf: package.appendingPathComponent(relative), encoding: .utf8))
        }
        // Every enum the package declares, so an enum case is swapped only for a sibling of its own enum.
        let all = try Self.swiftFiles(under: "Sources", in: package).map { relative in
            SourceFile(path: relative, text: try String(contentsOf: package.appendingPathComponent(relative), encoding: .utf8))
        }
        enums = EnumCatalogue(files: all)
    }

    /// Every mutant of every file, in file and position order.
    var mutants: [Mutant] { files.flatMap { MutationFinder.mutants(in: $0, enums: enums, switches: switches) } }

    /// The app whose personas explore a mutant of `file`: a bundled model's own app, or nil for
    /// any other file (the tool's default app: a team's tool explores its plug-in's app).
    static func app(of file: String, override: String?) -> String? {
        if let override { return override }
        if file.hasPrefix("Sources/PickupModel/") { return "pickup" }
        if file.hasPrefix("Sources/OnboardingModel/") { return "fix-plan" }
        return nil
    }

    /// The `.swift` files at `path` (a file, or a folder searched in depth), relative to `package`, sorted.
    static func swiftFiles(under path: String, in package: URL) throws -> [String] {
        let manager = FileManager.default
        let url = package.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return path.hasSuffix(".swift") ? [path] : [] }
        var found: [String] = []
        for case let child as String in manager.enumerator(atPath: url.path) ?? NSEnumerator() where child.hasSuffix(".swift") {
            found.append(path + "/" + child)
        }
        return found.sorted()
    }
}
