import Testing
import Scenarios
import Oracles
import ToolAppsForTests

/// A rule renamed to say its promise still answers to its old name: a scenario file that names it
/// runs the same, with a note that names the new one; a plug-in's list takes it too.
@Suite struct FormerOracleNamesTests {
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
}
