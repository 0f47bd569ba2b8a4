import Testing
import Foundation

/// The built tool on the bundled scenarios, as CI and a developer use it.
@Suite struct ScenarioCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func run(_ arguments: [String]) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: Self.root)
    }

    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("onboarding-sim-e2e-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func withNoArgumentsEveryBundledScenarioRunsAndPasses() throws {
        let output = try run([])
        #expect(output.status == 0, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("PASS  scenarios/fix-plan/activation-network-blip.json"))
        #expect(!output.standardOutput.contains("FAIL"))
        #expect(!output.standardOutput.contains("\u{1B}["), "no colours when stdout is not a terminal")
    }

    @Test func aMutantMakesItsScenarioFailWithExitCodeOne() throws {
        let output = try run(["run", "scenarios/fix-plan/activation-network-blip.json", "--mutant", "fix-3"])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("noSilentDeadEnd"))
    }

    @Test func jsonOutputHasOneObjectPerRunWithTheDocumentedFields() throws {
        let output = try run(["run", "scenarios/launch", "--json"])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.count == 6)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            for key in ["scenario", "seed", "mutants", "passed", "violations", "traceHash", "foreignEnqueues", "metrics"] {
                #expect(object?[key] != nil, "missing \(key)")
            }
            #expect((object?["traceHash"] as? String)?.count == 16)
            let metrics = object?["metrics"] as? [String: Any]
            for key in ["firstRouteMs", "loadingMs", "interactiveMs", "virtualMs"] { #expect(metrics?.keys.contains(key) == true) }
        }
    }

    @Test func twoRunsPrintTheSameTraceHashes() throws {
        let first = try run(["run", "--json"]).standardOutput
        let second = try run(["run", "--json"]).standardOutput
        #expect(first == second)
    }

    @Test func regressCatchesEveryCatalogueIDWithTheFixedModelClean() throws {
        let output = try run(["regress", "--json"])
        #expect(output.status == 0, "\(output.standardOutput)")
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        let ids = ListCommandTests.catalogue.count
        #expect(object?["caught"] as? Int == ids)
        #expect(object?["total"] as? Int == ids)
        let entries = object?["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == ids)
        #expect(entries.allSatisfy { $0["fixedPassed"] as? Bool == true && $0["mutantCaught"] as? Bool == true })
        // Each entry names its app, and its guarding scenarios are of that app.
        for entry in entries {
            let id = entry["id"] as? String ?? ""
            #expect(entry["app"] as? String == (id.hasPrefix("pickup-") ? "pickup" : "fix-plan"), "\(id)")
            let scenarios = entry["scenarios"] as? [String] ?? []
            #expect(scenarios.allSatisfy { $0.contains("/pickup/") == id.hasPrefix("pickup-") }, "\(id): \(scenarios)")
        }
    }

    @Test func junitHasOneTestCasePerRunAndCarriesFailures() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(getpid()).xml").path
        let output = try run(["run", "scenarios/fix-plan/activation-network-blip.json", "--mutant", "fix-3", "--junit", path])
        #expect(output.status == 1)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count == 2)
        #expect(xml.contains("<failure type=\"noSilentDeadEnd\""))
    }

    @Test func aBrokenFileGetsEveryErrorWithItsPathAndExitCodeTwo() throws {
        let path = try temporaryFile("broken.json", #"{"format": 1, "name": "x", "stpes": [], "faults": [{"kind": "drop", "endpoint": "jouney"}]}"#)
        let output = try run(["validate", path])
        #expect(output.status == 2)
        #expect(output.standardError.contains("$.stpes: unknown key \"stpes\" (did you mean \"steps\"?)"))
        #expect(output.standardError.contains("$.faults[0].endpoint: unknown endpoint \"jouney\" (did you mean \"journey\"?)"))
        #expect(output.standardError.contains("$.steps: missing"))
    }

    @Test func aFileThatIsNotJSONGetsALineAndColumn() throws {
        let path = try temporaryFile("not-json.json", "{\n  \"format\": 1,\n  oops\n}")
        let output = try run(["run", path])
        #expect(output.status == 2)
        #expect(output.standardError.contains("not-json.json:3:3: not valid JSON"), "file:line:column, as compilers print it")
    }

    @Test func inGitHubActionsViolationsAreAlsoPrintedAsErrorAnnotations() throws {
        let output = try BuiltTool.run(["run", "scenarios/fix-plan/activation-network-blip.json", "--mutant", "fix-3"],
                                       in: Self.root, environment: ["GITHUB_ACTIONS": "true"])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains(
            "::error file=scenarios/fix-plan/activation-network-blip.json,line=1,title=noSilentDeadEnd::After 'activate'"))
        let quiet = try BuiltTool.run(["run", "scenarios/fix-plan/activation-network-blip.json", "--mutant", "fix-3"],
                                      in: Self.root, environment: ["GITHUB_ACTIONS": "false"])
        #expect(!quiet.standardOutput.contains("::error"))
    }

    @Test func anUnknownMutantIsAUsageError() throws {
        let output = try run(["run", "--mutant", "fix-33"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("unknown mutant 'fix-33'"))
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["run", "validate", "regress", "list", "selftest"] {
            let output = try run([command, "--help"])
            #expect(output.status == 0)
            #expect(output.standardOutput.contains("usage: onboarding-sim \(command)"))
        }
    }
}
