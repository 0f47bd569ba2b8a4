import Testing
import SimKernel
import AppVocabulary
import OnboardingModel
@testable import Scenarios
import ToolAppsForTests

/// Strict decoding: every error names the file, the JSON path, what was expected and a suggestion.
@Suite struct ScenarioDecoderTests {
    init() { ToolApps.register() }
    static let minimal = #"{"format": 1, "name": "minimal", "steps": [{"launch": true}]}"#

    func errors(_ text: String) -> [ScenarioError] {
        switch ScenarioDecoder.decode(text, file: "test.json") {
        case .success: return []
        case .failure(let problems): return problems.errors
        }
    }

    func decoded(_ text: String) -> Scenario? {
        if case .success(let scenario) = ScenarioDecoder.decode(text, file: "test.json") { return scenario }
        return nil
    }

    @Test func aMinimalScenarioDecodesWithTheDocumentedDefaults() throws {
        let scenario = try #require(decoded(Self.minimal))
        #expect(scenario.name == "minimal")
        #expect(scenario.seed == 1)
        #expect(scenario.strategy == .fifo)
        #expect(scenario.world.mutants == .none)
        #expect(scenario.steps == [.launch])
        #expect(scenario.settleAfterSteps == .seconds(60))
        #expect(scenario.expectations.oracles == nil)
    }

    @Test func anUnknownKeyIsAnErrorWithADidYouMean() {
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "fualts": []}"#)
        #expect(found == [ScenarioError(file: "test.json", location: "$.fualts", message: "unknown key \"fualts\"",
                                        suggestion: "did you mean \"faults\"?")])
    }

    @Test func didYouMeanComparesOnlyWordsOfANearLength() {
        #expect(DidYouMean.closest(to: "lanch", among: ["launch", "kill"]) == "launch")
        #expect(DidYouMean.closest(to: "LAUNCH!", among: ["launch", "kill"]) == "launch")
        // A 100,000-letter value is not compared letter by letter with every key (it took
        // seconds per value before): no key is within a third of its length.
        #expect(DidYouMean.closest(to: String(repeating: "launch", count: 20_000), among: ["launch", "kill"]) == nil)
    }

    @Test func aMisspeltEndpointNamesItsPathAndTheNearestEndpoint() {
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "drop", "endpoint": "jouney"}]}"#)
        #expect(found.count == 1)
        #expect(found.first?.location == "$.faults[0].endpoint")
        #expect(found.first?.suggestion == "did you mean \"journey\"?")
    }

    @Test func aWrongTypeNamesThePathAndWhatWasExpected() {
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "delay", "by": "1s"}, {"kind": "drop"}, {"kind": "error", "status": 500, "endpoint": 7}]}"#)
        #expect(found.map(\.location) == ["$.faults[2].endpoint"])
        #expect(found.first?.message == "expected a string, found a number")
    }

    @Test func aDurationWithoutAUnitIsRejectedWithAnExample() {
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"wait": 250}]}"#)
        #expect(found.first?.location == "$.steps[0].wait")
        #expect(found.first?.message.contains("\"250ms\"") == true)
        #expect(found.first?.suggestion == "write \"250ms\" or \"250s\"")
    }

    @Test func everyErrorOfAFileIsReportedAtOnce() {
        let found = errors(#"{"name": 3, "steps": [{"wiat": "1s"}], "seed": -1, "strategy": "random"}"#)
        #expect(found.map(\.location) == ["$.format", "$.name", "$.seed", "$.strategy", "$.steps[0].wiat", "$.steps[0]"])
    }

    @Test func textThatIsNotJSONGetsALineAndColumn() {
        let found = errors("{\n  \"format\": 1,\n  \"name\": \"x\",\n}")
        #expect(found.count == 1)
        #expect(found.first?.location == "line 4, column 1")
        #expect(found.first?.message == "not valid JSON: trailing comma before '}'")
    }

    @Test func commentsAndDuplicateKeysAreRejected() {
        #expect(errors("// hi\n{}").first?.message == "not valid JSON: comments are not allowed in JSON")
        #expect(errors(#"{"name": "a", "name": "b"}"#).first?.message.contains("appears twice") == true)
    }

    @Test func aSessionNeedsAnAccount() {
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "device": {"session": "nobody@example.com"}}"#)
        #expect(found.first?.location == "$.device.session")
        #expect(found.first?.suggestion?.contains("$.backend.accounts") == true)
    }

    @Test func nthCannotBeCombinedWithCount() {
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "drop", "nth": 2, "count": 3}]}"#)
        #expect(found.map(\.location) == ["$.faults[0].nth"])
    }

    @Test func faultsDecodeToTheModelsRules() throws {
        let scenario = try #require(decoded(#"""
            {"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [
              {"kind": "offline", "at": "5s", "for": "20s"},
              {"kind": "error", "endpoint": "journey", "status": 503, "from": 2, "count": 3, "probability": 0.5},
              {"kind": "delay", "by": "1.5s"}]}
            """#))
        #expect(scenario.world.faults.offlineWindows == [OfflineWindow(start: .seconds(5), duration: .seconds(20))])
        #expect(scenario.world.faults.rules == [
            FaultRule(endpoint: .journey, kind: .error(status: 503),
                      trigger: FaultRule.Trigger(fromCall: 2, count: 3, probability: Probability(0.5))),
            FaultRule(endpoint: nil, kind: .delay(.milliseconds(1500)))])
    }

    @Test func accountLossesDecodeWithTheirMomentAndOptionalEmail() throws {
        let scenario = try #require(decoded(#"""
            {"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [
              {"kind": "accountDeleted", "at": "20s"},
              {"kind": "sessionRevoked", "at": "1m", "email": "a@example.com"}]}
            """#))
        #expect(scenario.world.faults.accountLosses == [AccountLoss(.accountDeleted, at: .seconds(20)),
                                                       AccountLoss(.sessionRevoked, at: .seconds(60), email: "a@example.com")])
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "accountDeleted", "endpoint": "journey"}, {"kind": "drop", "email": "a@b.c"}]}"#)
        #expect(found.map(\.location) == ["$.faults[0].endpoint", "$.faults[0].at", "$.faults[1].email"])
    }

    @Test func anAccountLossAfterAFailedAnswerDecodesAndTakesNoTimeBeside() throws {
        let scenario = try #require(decoded(#"""
            {"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "sessionRevoked", "afterFailure": 2}]}
            """#))
        #expect(scenario.world.faults.accountLosses == [AccountLoss(.sessionRevoked, afterFailure: 2)])
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "sessionRevoked", "at": "2s", "afterFailure": 1}, {"kind": "sessionRevoked", "afterFailure": 0}, {"kind": "drop", "afterFailure": 1}]}"#)
        #expect(found.map(\.location) == ["$.faults[0].afterFailure", "$.faults[1].afterFailure", "$.faults[2].afterFailure"])
    }

    @Test func anAccountLossAfterAnEndpointsAnswerNamesTheEndpointAndTakesNothingElseBeside() throws {
        let scenario = try #require(decoded(#"""
            {"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "accountDeleted", "endpoint": "journey", "afterAnswer": 2}]}
            """#))
        #expect(scenario.world.faults.accountLosses == [AccountLoss(.accountDeleted, afterAnswer: 2, of: .journey)])
        #expect(scenario.world.faults.accountLosses.first?.when == "after answer 2 of journey")
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true}], "faults": [{"kind": "accountDeleted", "afterAnswer": 1}, {"kind": "sessionRevoked", "endpoint": "journey", "afterAnswer": 1, "at": "2s"}, {"kind": "sessionRevoked", "endpoint": "nowhere", "afterAnswer": 1}, {"kind": "drop", "afterAnswer": 1}]}"#)
        #expect(found.map(\.location) == ["$.faults[0].endpoint", "$.faults[1].afterAnswer", "$.faults[2].endpoint", "$.faults[3].afterAnswer"])
    }

    /// A branch's run is written with its branch points in its seed (`shrink` of a branch).
    @Test func aSeedMayBeABranchsRunIdAndIsWrittenBackSo() throws {
        let scenario = try #require(decoded(#"{"format": 1, "name": "x", "seed": "7@4030ms=77@5000ms=9", "steps": [{"launch": true}]}"#))
        #expect(scenario.seed == 7)
        #expect(scenario.branches == [BranchPoint(atMilliseconds: 4030, seed: 77), BranchPoint(atMilliseconds: 5000, seed: 9)])
        #expect(ScenarioEncoder.encode(scenario).contains(#""seed": "7@4030ms=77@5000ms=9""#))
        let found = errors(#"{"format": 1, "name": "x", "seed": "7@40ms=1@30ms=2", "steps": [{"launch": true}]}"#)
        #expect(found.map(\.location) == ["$.seed"])
        #expect(errors(#"{"format": 1, "name": "x", "seed": "7", "steps": [{"launch": true}]}"#).map(\.location) == ["$.seed"])
    }

    @Test func aStepHasExactlyOneKind() {
        let found = errors(#"{"format": 1, "name": "x", "steps": [{"launch": true, "kill": true}, {}]}"#)
        #expect(found.map(\.location) == ["$.steps[0]", "$.steps[1]"])
    }

    @Test func everyBundledScenarioIsValid() {
        let (scenarios, problems) = ScenarioLoader.load([Paths.scenarios])
        #expect(problems.isEmpty, "\(problems)")
        #expect(scenarios.count >= 22)
        let guarded = Set(scenarios.flatMap(\.guards))
        #expect(guarded == Set((AppRegistry.catalogue(of: .fixPlan) + AppRegistry.catalogue(of: .pickup)).map(\.mutant.rawValue)))
    }

    @Test func aMissingPathIsReported() {
        let (_, problems) = ScenarioLoader.load(["/no/such/place"])
        #expect(problems.first?.message == "no such file or folder")
    }
}
