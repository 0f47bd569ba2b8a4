import Testing
import Foundation
import AppVocabulary
import Scenarios
import Exploration
import TrendySim

/// Seed 001's Trendy onboarding, as app code, under the simulator: its scenarios pass and guard
/// each of its bugs; explored blind, the fixed app is clean and each bug is found.
@Suite struct TrendyTests {
    init() throws { try AppRegistry.register(TrendyApp()) }

    static var scenarios: [Scenario] {
        let loaded = ScenarioLoader.load(["../../scenarios"], relativeTo: #filePath)
        return loaded.scenarios
    }

    @Test func theScenariosLoadAndPassOnTheAppAsShipped() throws {
        let loaded = ScenarioLoader.load(["../../scenarios"], relativeTo: #filePath)
        try #require(loaded.problems.isEmpty, "\(loaded.problems)")
        try #require(!loaded.scenarios.isEmpty)
        for scenario in loaded.scenarios {
            let result = ScenarioRunner.run(scenario)
            #expect(result.passed, "\(scenario.file): \(result.violations.map(\.message))")
        }
    }

    @Test func regressCatchesEveryBugOfTheCatalogue() {
        let ids = TrendyApp().catalogue.map(\.mutant)
        #expect(ids.count >= 5)
        for entry in RegressionSuite.run(Self.scenarios, ids: ids) {
            #expect(entry.isClean, "\(entry.id): \(entry.problems)")
        }
    }

    static let personas = TrendyApp().personas.map { ExplorationTarget.appPersona(TrendyApp.app, $0) }

    @Test func exploringTheShippedAppBlindFindsNothing() {
        let outcome = Explorer.explore(ExplorationPlan(targets: Self.personas, seedCount: 1000), jobs: 2)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(3).map { "\($0.target) \($0.seed): \($0.result.violations.map(\.message))" })")
    }

    /// The free user of any app reads the sign-up form's email field: it types its own address
    /// before Sign up, and, as deviations, a mistyped one (then corrects it) or another valid
    /// shape, each judged by `validEmailAccepted` on the form's own button.
    @Test func theFreeUserTypesItsAddressIntoTheFormAndSometimesAnother() {
        var typed: [String] = []
        for seed in UInt64(1)...40 {
            let (scenario, _) = Self.personas[0].scenario(seed: seed)
            let result = ScenarioRunner.run(scenario)
            #expect(result.passed, "seed \(seed): \(result.violations.map(\.message))")
            for choice in result.freeUserLogs.flatMap(\.choices) {
                if case .tap(let action, let input?) = choice.act, action == UserAction("type-email") { typed.append(input) }
            }
        }
        #expect(typed.contains("trendy-new-install@example.com"))
        #expect(typed.contains { FreeUser.malformedEmails.contains($0) })
        #expect(typed.contains { FreeUser.otherEmails.contains($0) || $0 == "Trendy-new-install@example.com" })
    }

    @Test(arguments: TrendyApp().catalogue.map(\.mutant))
    func eachBugIsFoundBlindWithinAThousandSeeds(_ mutant: Mutant) {
        let outcome = Explorer.explore(ExplorationPlan(targets: Self.personas, seedCount: 1000, mutants: [mutant]), jobs: 2)
        #expect(!outcome.failures.isEmpty, "\(mutant) passed 1000 explored seeds")
    }
}

/// The app's own target is app code: it imports nothing of the simulator.
@Suite struct TrendyAppTargetTests {
    @Test func theOnboardingTargetImportsOnlyTheToolchainsFrameworks() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TrendyOnboarding").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
                .map { $0.split(separator: " ").last.map(String.init) ?? "" }
            #expect(imports.allSatisfy { ["Foundation", "Observation"].contains($0) }, "\(file) imports \(imports)")
        }
    }
}
