import Testing
import SimKernel
import AppVocabulary
import OnboardingModel
@testable import Scenarios
import ToolAppsForTests

/// The `goesOffline` fault: the connection goes in the instant a request leaves, before the app's
/// path monitor can say so (#48: two things falling due together).
@Suite struct GoesOfflineFaultTests {
    init() { ToolApps.register() }

    static func file(_ fault: String) -> String {
        #"{"format": 1, "name": "cut", "faults": ["# + fault + #"], "steps": [{"launch": true}, {"wait": "30s"}]}"#
    }

    func decode(_ text: String) -> Result<Scenario, ScenarioProblems> { ScenarioDecoder.decode(text, file: "cut.json") }

    @Test func aConnectionThatGoesAsARequestLeavesDecodesAndWritesBackTheSame() throws {
        let scenario = try decode(Self.file(#"{"kind": "goesOffline", "endpoint": "journey", "nth": 1, "for": "8s"}"#)).get()
        #expect(scenario.faults.rules == [FaultRule(endpoint: .journey, kind: .goesOffline(for: .seconds(8)), trigger: .nth(1))])
        let again = try decode(ScenarioEncoder.encode(scenario)).get()
        #expect(again.faults == scenario.faults)
    }

    @Test func aCutWithoutItsLengthOrWithKeysOfAnotherKindIsRefusedWhereItIs() {
        guard case .failure(let missing) = decode(Self.file(#"{"kind": "goesOffline", "endpoint": "journey"}"#)) else {
            Issue.record("a cut without `for` decoded")
            return
        }
        #expect(missing.errors.contains { $0.location == "$.faults[0].for" && $0.suggestion == "\"for\": \"10s\"" }, "\(missing.errors)")
        guard case .failure(let foreign) = decode(Self.file(#"{"kind": "goesOffline", "for": "5s", "status": 503}"#)) else {
            Issue.record("a cut with a status decoded")
            return
        }
        #expect(foreign.errors.contains { $0.location == "$.faults[0].status" }, "\(foreign.errors)")
        guard case .failure(let drop) = decode(Self.file(#"{"kind": "drop", "for": "5s"}"#)) else {
            Issue.record("a drop with `for` decoded")
            return
        }
        #expect(drop.errors.contains { $0.location == "$.faults[0].for" }, "\(drop.errors)")
    }

    @Test func theRequestFailsOfflineInTheInstantItLeavesAndTheConnectionComesBackAfterTheCut() throws {
        let text = #"{"format": 1, "name": "cut", "faults": [{"kind": "goesOffline", "endpoint": "analytics", "nth": 1, "for": "8s"}], "#
            + #""steps": [{"launch": true}, {"wait": "1s"}, {"action": "get-started"}, {"wait": "30s"}]}"#
        let result = ScenarioRunner.run(try decode(text).get())
        let lines = result.simulation.trace.canonicalText.split(separator: "\n").map(String.init)
        let sent = try #require(lines.firstIndex(of: "1000ms network request id=1 analytics timeout=10000ms"), "\(lines.prefix(20))")
        #expect(Array(lines[(sent + 1)...].prefix(3)) == ["1000ms network fault id=1 analytics goes-offline(8000ms)",
                                                          "1000ms device offline", "1000ms network response id=1 analytics offline"])
        #expect(lines.contains("9000ms device online"), "\(lines.filter { $0.contains("device o") })")
        #expect(lines.contains("9000ms network request id=2 analytics timeout=10000ms"), "the queued event goes once the connection is back")
    }

    @Test func aboutOneSwarmInFourCutsTheConnectionAsOneOfTheAppsRequestsLeaves() {
        let cuts = (UInt64(0)..<1_000).filter { seed in
            Swarm.draw(seed: seed, endpoints: [Endpoint("a"), Endpoint("b")], knobs: []).rules.contains {
                if case .goesOffline = $0.kind { $0.trigger.count == 1 && (1...3).contains($0.trigger.fromCall) } else { false }
            }
        }
        #expect((200...300).contains(cuts.count), "\(cuts.count) of 1000")
        #expect(Swarm.draw(seed: 7, endpoints: [], knobs: []).rules.isEmpty, "an app with no endpoints has no request to cut")
    }
}
