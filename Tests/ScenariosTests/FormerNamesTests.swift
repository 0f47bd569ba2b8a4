import Testing
import Scenarios
import Oracles
import AppVocabulary
import ToolAppsForTests

/// A rule or fault kind renamed to say what it is for any app still answers to its old name: a
/// scenario file that names it runs the same, with a note that names the new one; a plug-in's
/// list takes a rule's old name too.
@Suite struct FormerNamesTests {
    init() { ToolApps.register() }

    static func scenario(oracles: String) -> String {
        #"{"format": 1, "name": "old name", "steps": [{"launch": true}], "expect": {"oracles": [\#(oracles)]}}"#
    }

    @Test func aFileThatNamesARuleByItsFormerNameGetsTheRuleAndANote() throws {
        let scenario = try ScenarioDecoder.decode(Self.scenario(oracles: #""noRouteFlash", "goalRetryAsPromised""#), file: "old.json").get()
        #expect(scenario.expectations.oracles == ["noRouteFlash", "automaticRetryAsPromised"])
        #expect(scenario.notes.count == 1)
        let note = try #require(scenario.notes.first)
        #expect(note.location == "$.expect.oracles[1]")
        #expect(note.message.contains("\"goalRetryAsPromised\" is now called \"automaticRetryAsPromised\""))
    }

    @Test func aFileThatNamesTheRuleByItsNameGetsNoNote() throws {
        let scenario = try ScenarioDecoder.decode(Self.scenario(oracles: #""automaticRetryAsPromised""#), file: "new.json").get()
        #expect(scenario.expectations.oracles == ["automaticRetryAsPromised"])
        #expect(scenario.notes.isEmpty)
    }

    @Test func aPluginsListAndALookUpTakeTheFormerName() {
        #expect(OracleCatalogue.list(["goalRetryAsPromised"]).first?.name == "automaticRetryAsPromised")
        #expect(OracleCatalogue.named("goalRetryAsPromised")?.name == "automaticRetryAsPromised")
        #expect(OracleCatalogue.currentName(of: "noRouteFlash") == "noRouteFlash")
        // A former name is no rule's name now, and each names a rule that exists.
        for (former, current) in OracleCatalogue.formerNames {
            #expect(!OracleCatalogue.names.contains(former))
            #expect(OracleCatalogue.names.contains(current))
        }
    }

    @Test func aFaultKindByItsFormerNameIsReadAsItsNameNowWithANote() throws {
        let text = #"{"format": 1, "name": "old kind", "backend": {"accounts": [{"email": "a@b.co"}]}, "#
            + #""faults": [{"kind": "programReset", "at": "1s"}], "steps": [{"launch": true}]}"#
        let scenario = try ScenarioDecoder.decode(text, file: "old.json").get()
        #expect(scenario.faults.accountLosses.map(\.kind) == [.resetElsewhere])
        #expect(scenario.notes.map(\.location) == ["$.faults[0].kind"])
        #expect(scenario.notes.first?.message.contains("\"programReset\" is now called \"resetElsewhere\"") == true)
        // In an app that takes no such fault, the old name is refused as the new one would be.
        let pickup = #"{"format": 1, "app": "pickup", "name": "old kind", "faults": [{"kind": "programReset", "at": "1s"}], "steps": [{"launch": true}]}"#
        guard case .failure(let problems) = ScenarioDecoder.decode(pickup, file: "pickup.json") else {
            Issue.record("the pickup app takes no reset from elsewhere")
            return
        }
        #expect(problems.errors.contains { $0.location == "$.faults[0].kind" })
    }
}
