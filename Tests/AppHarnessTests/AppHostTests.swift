import Testing
import AppVocabulary
import AppHarness
import Scenarios
import Exploration

/// App code written as iOS code is (an @Observable model, injected HTTP client and storage) runs
/// under the kernel, from scenario files and blind, judged by the shared oracles.
@Suite struct AppHostTests {
    init() throws { try AppRegistry.register(DoorCodeApp()) }

    static let opensAfterAFailedTry = """
        {"format": 1, "app": "door-code", "name": "The door opens after a failed try", "guards": ["door-code-forgets-errors"],
         "faults": [{"kind": "error", "endpoint": "unlock", "nth": 1, "status": 503}],
         "steps": [{"launch": true}, {"action": "open"}, {"wait": "5s"}, {"expect": {"errorShown": true, "finalRoute": "hall"}},
                   {"action": "open"}, {"wait": "5s"}, {"kill": true}, {"launch": true}, {"wait": "1s"}],
         "expect": {"finalRoute": "room", "requests": {"unlock": 2}}}
        """

    func scenario() throws -> Scenario { try ScenarioDecoder.decode(Self.opensAfterAFailedTry, file: "door-code.json").get() }

    @Test func theAppsCodePassesItsScenarioAndItsStoredFlagSurvivesAKill() throws {
        let result = ScenarioRunner.run(try scenario())
        #expect(result.passed, "\(result.violations)\n\(result.simulation.trace.canonicalText)")
        #expect(result.simulation.trace.canonicalText.contains("defaults set door_open"))
    }

    @Test func itsBugIsCaughtFromTheScreenAlone() throws {
        let result = ScenarioRunner.run(try scenario(), mutants: [DoorCodeApp.forgetsErrors])
        #expect(!result.passed)
        #expect(result.violations.contains { $0.oracle == "noSilentDeadEnd" }, "\(result.violations.map(\.oracle))")
    }

    @Test func exploreFindsTheBugBlindAndTheFixedCodeIsClean() {
        let persona = ExplorationTarget.appPersona(DoorCodeApp.door, DoorCodeApp().personas[0])
        let fixed = Explorer.explore(ExplorationPlan(targets: [persona], seedCount: 1000))
        #expect(fixed.failures.isEmpty, "\(fixed.failures.prefix(2).map { "\($0.seed): \($0.result.violations.map(\.message))" })")
        let buggy = Explorer.explore(ExplorationPlan(targets: [persona], seedCount: 300, mutants: [DoorCodeApp.forgetsErrors]))
        #expect(!buggy.failures.isEmpty)
    }

    @Test func aSeedIsTheSameRunTwice() {
        let plan = ExplorationPlan(targets: [.appPersona(DoorCodeApp.door, DoorCodeApp().personas[0])], seedCount: 1)
        #expect(Explorer.explore(plan, seed: 9).result.traceHash == Explorer.explore(plan, seed: 9).result.traceHash)
    }
}
