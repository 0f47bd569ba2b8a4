import Testing
import Foundation
import SimKernel
import AppVocabulary
import OnboardingModel
@testable import Scenarios
import ToolAppsForTests

/// Inputs that once crashed, hung or took quadratic time: each is now a clear error or a run
/// that ends.
@Suite struct InputBoundsTests {
    init() { ToolApps.register() }
    static let minimal = #"{"format": 1, "name": "n", "steps": [{"launch": true}]"#

    func decode(_ extra: String) -> Result<Scenario, ScenarioProblems> {
        ScenarioDecoder.decode(Self.minimal + extra + "}", file: "t.json")
    }

    @Test(arguments: ["\"0s\"", "\"0.000ms\""])
    func aZeroTimeLimitIsRejectedWithItsPath(limit: String) {
        guard case .failure(let problems) = decode(#", "limits": {"virtualTime": "# + limit + "}") else {
            Issue.record("a zero limit was accepted")
            return
        }
        #expect(problems.errors.map(\.location) == ["$.limits.virtualTime"])
        #expect(problems.errors[0].message.contains("longer than 0"))
    }

    @Test func aScenarioBuiltInCodeWithBadValuesIsRefusedNotRun() {
        var scenario = Scenario(file: "code", name: "bad", steps: [.launch, .wait(.seconds(-1))], maxVirtualTime: .zero)
        scenario.world.sessionEmail = "nobody@example.com"
        scenario.world.faults.latencyMs = -5...10
        scenario.world.faults.offlineWindows = [OfflineWindow(start: .seconds(-1), duration: .zero)]
        scenario.world.faults.rules = [FaultRule(endpoint: nil, kind: .drop, trigger: FaultRule.Trigger(fromCall: 0, count: 0))]
        let result = ScenarioRunner.run(scenario)
        #expect(!result.passed)
        #expect(result.violations.allSatisfy { $0.oracle == "scenario" })
        let said = result.violations.map(\.message).joined(separator: "\n")
        for place in ["$.limits.virtualTime", "$.steps[1].wait", "$.device.session", "$.network.latency.min",
                      "offlineWindows[0].start", "offlineWindows[0].duration", "trigger.fromCall", "trigger.count"] {
            #expect(said.contains(place), "\(place) not named in:\n\(said)")
        }
    }

    /// The smallest case of the old hang: untilIdle still polling when the run hits its limit.
    @Test func untilIdleAtTheTimeLimitEndsWithDidNotSettle() {
        let text = #"{"format": 1, "name": "hang", "faults": [{"kind": "drop", "endpoint": "send-otp", "nth": 1}],"#
            + #""steps": [{"launch": true}, {"policy": {"email": "new.user@example.com", "until": "auth"}},"#
            + #"{"action": "type-email", "input": "new.user@example.com"}, {"action": "send-code"}, {"untilIdle": true}],"#
            + #""limits": {"virtualTime": "10s"}}"#
        guard case .success(let scenario) = ScenarioDecoder.decode(text, file: "hang.json") else {
            Issue.record("the hang scenario does not decode")
            return
        }
        let result = ScenarioRunner.run(scenario)
        #expect(result.simulation.outcome == .limitReached(.virtualTime))
        #expect(result.simulation.strandedTasks.isEmpty)
        #expect(result.violations.contains { $0.oracle == "kernel" && $0.message.contains("did not settle") })
    }

    @Test func aRepeatedKeyInABigObjectIsFoundWithItsLine() {
        let keys = (0..<5000).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n")
        do {
            _ = try JSONParser.parse("{\n" + keys + ",\n\"k17\": 1}")
            Issue.record("the repeated key was not found")
        } catch {
            #expect(error.message.contains("\"k17\" appears twice"))
            #expect(error.line == 5002)
        }
    }

    @Test func aFileWithThousandsOfMistakesReportsFiftyAndCountsTheRest() {
        let keys = (0..<2000).map { ", \"k\($0)\": 1" }.joined()
        guard case .failure(let problems) = decode(keys) else {
            Issue.record("unknown keys were accepted")
            return
        }
        #expect(problems.errors.count == DecodingContext.maxErrors + 1)
        #expect(problems.errors.last?.message == "… and 1950 more problem(s) in this file")
    }

    @Test func invalidUTF8IsNamedByByteOffsetLineAndColumn() {
        let bytes = Array("{\n  \"name\": \"a".utf8) + [0xFF] + Array("\"}".utf8)
        guard case .failure(let error) = JSONText.decode(bytes) else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(error.line == 2 && error.column == 13)
        #expect(error.message.contains("byte FF at byte offset 14"))
    }

    @Test func aByteOrderMarkIsSkipped() {
        #expect((try? JSONText.decode([0xEF, 0xBB, 0xBF] + Array("{}".utf8)).get()) == "{}")
    }

    @Test func aSymbolicLinkLoopIsNamedAsSuch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("link-loop-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("loop.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: link)
        let (_, problems) = ScenarioLoader.files(in: [link])
        #expect(problems.first?.message.contains("symbolic link") == true)
    }
}
