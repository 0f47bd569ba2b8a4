import Foundation
import Testing
import ToolAppsForTests
import Scenarios
import AppVocabulary

/// The package's shape that makes apps plug-ins (#29): the vocabulary every app shares is a
/// module of its own, no app's module imports another app's, and the oracles import no app.
@Suite struct ModuleBoundaryTests {
    init() { ToolApps.register() }
    static let apps = ["OnboardingModel", "PickupModel"]

    /// The `import` lines of every Swift file under `Sources/<module>`.
    static func imports(of module: String) throws -> Set<String> {
        let folder = Paths.packageRoot.appendingPathComponent("Sources/\(module)")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: Set<String> = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                if let at = words.firstIndex(of: "import"), at + 1 < words.count, words[..<at].allSatisfy({ $0.hasPrefix("@") }) {
                    found.insert(String(words[at + 1]))
                }
            }
        }
        return found
    }

    @Test func noAppModuleImportsAnotherApp() throws {
        for app in Self.apps {
            let others = Set(Self.apps).subtracting([app])
            #expect(try Self.imports(of: app).isDisjoint(with: others), "\(app) imports another app")
            #expect(try Self.imports(of: app).contains("AppVocabulary"), "\(app) should speak the shared vocabulary")
        }
    }

    @Test func theVocabularyAndTheOraclesImportNoApp() throws {
        #expect(try Self.imports(of: "AppVocabulary").isDisjoint(with: Self.apps))
        #expect(try Self.imports(of: "Oracles").isDisjoint(with: Self.apps))
    }

    /// The pickup app is a leaf, like a team's app (#46): its model is a dependency of its
    /// plug-in (`PickupSim`) and of the executables and tests that run it, never of a core module;
    /// no core module imports either bundled app's plug-in (`FixPlanSim`, `PickupSim`).
    @Test func noCoreModuleImportsThePickupApp() throws {
        for core in ["AppVocabulary", "Oracles", "Scenarios", "Exploration", "Reports", "SimCommandLine", "AppHarness", "Mutation"] {
            #expect(try Self.imports(of: core).isDisjoint(with: ["PickupModel", "PickupSim", "FixPlanSim"]),
                    "\(core) imports the pickup app or a bundled app's plug-in")
        }
        let manifest = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for line in manifest.split(separator: "\n") where line.contains(".target(name:") {
            if ["PickupSim", "PickupModel", "FixPlanSim", "ToolAppsForTests"].contains(where: { line.contains("name: \"\($0)\"") }) { continue }
            #expect(!line.contains("\"PickupModel\"") && !line.contains("\"PickupSim\"") && !line.contains("\"FixPlanSim\""), "\(line)")
        }
    }

    /// No core module imports an app's model (#46): the scenario format, exploring, reporting and
    /// the command line know apps only as plug-ins, and only the apps' own modules, the
    /// executables that register them and the tests depend on them.
    @Test func noCoreModuleImportsAnAppModel() throws {
        let cores = ["SimKernel", "AppVocabulary", "Oracles", "Scenarios", "Exploration", "Reports", "SimCommandLine", "AppHarness", "Mutation"]
        for core in cores {
            #expect(try Self.imports(of: core).isDisjoint(with: Self.apps), "\(core) imports an app's model")
        }
        let manifest = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for core in cores {
            let line = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"\(core)\"") })
            #expect(!line.contains("\"OnboardingModel\"") && !line.contains("\"PickupModel\""), "\(line)")
        }
    }

    /// The tests' own registration of onboarding-sim's apps works (every suite that reads them relies on it).
    @Test func theTestsRegisterOnboardingSimsApps() {
        #expect(ToolApps.register(), "\(ToolApps.problem ?? "")")
        #expect(AppRegistry.apps.starts(with: [.fixPlan, .pickup]) || Set([AppID.fixPlan, .pickup]).isSubset(of: AppRegistry.apps))
    }

    @Test func thePackageManifestKeepsTheAppsApart() throws {
        let manifest = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = manifest.split(separator: "\n").filter { $0.contains(".target(name:") }
        #expect(targets.contains { $0.contains("name: \"AppVocabulary\"") })
        for app in Self.apps {
            let line = try #require(targets.first { $0.contains("name: \"\(app)\"") })
            for other in Self.apps where other != app { #expect(!line.contains("\"\(other)\""), "\(app) depends on \(other)") }
        }
    }
}
