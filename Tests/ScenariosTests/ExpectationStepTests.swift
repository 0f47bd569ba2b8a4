import Testing
import SimKernel
import AppVocabulary
import OnboardingModel
@testable import Scenarios
import ToolAppsForTests

/// Expectations beyond the end state: request and analytics counts, routes never shown, the
/// offline banner, `expect` steps in the middle of a run, and taps the screen refuses.
@Suite struct ExpectationStepTests {
    init() { ToolApps.register() }
    static let account = #""backend": {"accounts": [{"email": "back.again@example.com", "journey": "complete"}]}"#

    func scenario(steps: String, expect: String = "{}", extra: String = "") throws -> Scenario {
        let text = #"{"format": 1, "name": "t", "# + Self.account + extra + #", "steps": "# + steps + #", "expect": "# + expect + "}"
        switch ScenarioDecoder.decode(text, file: "test.json") {
        case .success(let scenario): return scenario
        case .failure(let problems): throw Problems(errors: problems.errors)
        }
    }

    struct Problems: Error { let errors: [ScenarioError] }

    func errors(steps: String, expect: String = "{}") -> [ScenarioError] {
        do { _ = try scenario(steps: steps, expect: expect); return [] } catch let problems as Problems { return problems.errors } catch { return [] }
    }

    static let logIn = #"{"launch": true}, {"action": "log-in"}, {"action": "type-email", "input": "back.again@example.com"}, {"action": "send-code"}, {"wait": "2s"}"#

    @Test func requestCountsPassWhenExactAndFailNamingTheEndpointAndBothCounts() throws {
        let passing = ScenarioRunner.run(try scenario(steps: "[\(Self.logIn)]", expect: #"{"requests": {"send-otp": 1, "verify-otp": 0}}"#))
        #expect(passing.passed, "\(passing.violations)")
        let failing = ScenarioRunner.run(try scenario(steps: "[\(Self.logIn)]", expect: #"{"requests": {"send-otp": 2}}"#))
        #expect(failing.violations.map(\.oracle) == ["expect.requests"])
        #expect(failing.violations.first?.message.contains("sent 1 send-otp request(s), expected 2") == true)
    }

    @Test func neverShownFailsWithTheRouteAndTheMomentItAppeared() throws {
        let result = ScenarioRunner.run(try scenario(steps: "[\(Self.logIn)]", expect: #"{"neverShown": ["main", "authVerification"]}"#))
        #expect(result.violations.map(\.oracle) == ["expect.neverShown"])
        #expect(result.violations.first?.message.contains("authVerification") == true)
    }

    @Test func anExpectStepJudgesTheScreenAtItsMomentNotAtTheEnd() throws {
        let steps = #"[{"launch": true}, {"action": "log-in"}, {"expect": {"finalRoute": "auth", "requests": {"send-otp": 0}}}, "#
            + #"{"action": "type-email", "input": "back.again@example.com"}, {"action": "send-code"}, {"wait": "2s"}]"#
        let passing = ScenarioRunner.run(try scenario(steps: steps, expect: #"{"finalRoute": "authVerification", "requests": {"send-otp": 1}}"#))
        #expect(passing.passed, "\(passing.violations)")
        let wrong = steps.replacingOccurrences(of: #""finalRoute": "auth","#, with: #""finalRoute": "intro","#)
        let failing = ScenarioRunner.run(try scenario(steps: wrong))
        #expect(failing.violations.map(\.oracle) == ["expect.finalRoute"])
        #expect(failing.violations.first?.message.hasPrefix("Expectation of step 3") == true)
        #expect(failing.violations.first?.excerpt.isEmpty == false)
    }

    @Test func aTapTheScreenDoesNotOfferFailsTheRunUnlessTheStepAllowsIt() throws {
        let refused = ScenarioRunner.run(try scenario(steps: #"[{"launch": true}, {"action": "verify"}]"#))
        #expect(refused.violations.map(\.oracle) == ["step.refused"])
        let message = refused.violations.first?.message ?? ""
        #expect(message.contains("Step 2 taps 'verify'") && message.contains("get-started, log-in") && message.contains("mayBeRefused"))
        let allowed = ScenarioRunner.run(try scenario(steps: #"[{"launch": true}, {"action": "verify", "mayBeRefused": true}]"#))
        #expect(allowed.passed, "\(allowed.violations)")
    }

    @Test func theOfflineBannerAndAnalyticsCountsAreJudged() throws {
        let cached = #", "device": {"session": "back.again@example.com", "cache": [{"user": "back.again@example.com", "phase": "complete"}], "online": false}"#
        let result = ScenarioRunner.run(try scenario(steps: #"[{"launch": true}, {"wait": "1s"}]"#,
                                                     expect: #"{"offlineBanner": true, "analytics": {"onboarding_completed": 0}}"#, extra: cached))
        #expect(result.passed, "\(result.violations)")
        let wrong = ScenarioRunner.run(try scenario(steps: #"[{"launch": true}, {"wait": "1s"}]"#,
                                                    expect: #"{"offlineBanner": false, "analytics": {"onboarding_started": 1}}"#, extra: cached))
        #expect(wrong.violations.map(\.oracle) == ["expect.offlineBanner", "expect.analytics"])
    }

    @Test func badNewKeysAreClearErrors() {
        #expect(errors(steps: #"[{"launch": true}]"#, expect: #"{"requests": {"send-otq": 1}}"#).map(\.location) == ["$.expect.requests.send-otq"])
        #expect(errors(steps: #"[{"launch": true}]"#, expect: #"{"requests": {"send-otp": -1}}"#).map(\.location) == ["$.expect.requests.send-otp"])
        #expect(errors(steps: #"[{"launch": true}]"#, expect: #"{"neverShown": ["none"]}"#).map(\.location) == ["$.expect.neverShown[0]"])
        let wholeRun = errors(steps: #"[{"launch": true}, {"expect": {"oracles": "all"}}]"#)
        #expect(wholeRun.map(\.location) == ["$.steps[1].expect.oracles"])
        #expect(wholeRun.first?.message.contains("goes in $.expect") == true)
        #expect(errors(steps: #"[{"launch": true}, {"expect": {}}]"#).map(\.location) == ["$.steps[1].expect"])
        #expect(errors(steps: #"[{"launch": true}, {"expect": {"requests": {}, "neverShown": []}}]"#).map(\.location) == ["$.steps[1].expect"])
        #expect(errors(steps: #"[{"launch": true, "mayBeRefused": true}]"#).map(\.location) == ["$.steps[0].mayBeRefused"])
    }

    @Test func newKeysSurviveEncodingAndDecoding() throws {
        let original = try scenario(steps: #"[{"launch": true}, {"action": "log-in", "mayBeRefused": true}, {"expect": {"finalRoute": "auth", "analytics": {"x": 1}}}]"#,
                                    expect: #"{"requests": {"send-otp": 1}, "neverShown": ["main"], "offlineBanner": false}"#)
        let text = ScenarioEncoder.encode(original)
        guard case .success(let again) = ScenarioDecoder.decode(text, file: "test.json") else {
            Issue.record("the encoded scenario does not decode: \(text)")
            return
        }
        #expect(again.steps == original.steps)
        #expect(again.expectations == original.expectations)
    }

    @Test func journeyBudgetsAreJudgedOverTheWholeRun() throws {
        let steps = "[" + Self.logIn + #", {"enterCode": true}, {"untilIdle": true}]"#
        let measured = ScenarioRunner.run(try scenario(steps: steps))
        let wait = try #require(measured.journey?.waitMs)
        #expect(wait > 0)
        let over = ScenarioRunner.run(try scenario(steps: steps, expect: #"{"budgets": {"waitMs": \#(wait - 1)}}"#))
        #expect(over.violations.map(\.oracle) == ["budgets"])
        #expect(over.violations.first?.message.contains("waiting on the app was \(wait)ms") == true)
        let within = ScenarioRunner.run(try scenario(steps: steps, expect: #"{"budgets": {"waitMs": \#(wait)}}"#))
        #expect(within.passed, "\(within.violations)")
    }
}
