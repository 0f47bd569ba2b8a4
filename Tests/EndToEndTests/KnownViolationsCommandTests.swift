import Testing
import Foundation

/// `explore --known FILE` (issue #63: "a gate's first run must be clean"; a team's trial diffed
/// two `--json` outputs by hand): accepted violations do not fail their runs and are counted by
/// entry; anything else still fails; a broken file is refused before any run.
@Suite struct KnownViolationsCommandTests {
    func run(_ arguments: [String]) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: ScenarioCommandTests.root)
    }

    func write(_ text: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("known.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func acceptedViolationsPassTheGateAndAreCountedByEntry() throws {
        let folder = try BuiltTool.scratchFolder("known")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try run(["explore", "--seeds", "200", "--mutant", "fix-1"])
        #expect(plain.status == 1, "fix-1 leaves dead ends: \(plain.standardOutput.suffix(400))")
        let known = try write("""
            {"format": 1, "known": [
              {"oracle": "noSilentDeadEnd", "reason": "APP-1: the dead end, being fixed"},
              {"oracle": "noRouteFlash", "reason": "APP-2", "persona": "new-user", "seeds": [3]}
            ]}
            """, in: folder)
        let accepted = try run(["explore", "--seeds", "200", "--mutant", "fix-1", "--known", known])
        #expect(accepted.status == 0, "\(accepted.standardOutput.suffix(600))")
        #expect(accepted.standardOutput.contains("runs: 200, failed: 0"))
        #expect(accepted.standardOutput.contains("noSilentDeadEnd: ") && accepted.standardOutput.contains("(APP-1: the dead end, being fixed)"))
        #expect(accepted.standardOutput.contains("noRouteFlash in new-user at seeds 3: 0  (APP-2) — no run met it"))
        // Another persona's violations are not accepted by an entry scoped to one.
        let scoped = try write("""
            {"format": 1, "known": [{"oracle": "noSilentDeadEnd", "reason": "APP-1", "persona": "new-user"}]}
            """, in: folder)
        #expect(try run(["explore", "--seeds", "200", "--mutant", "fix-1", "--known", scoped]).status == 1)
    }

    @Test func aBrokenKnownFileIsRefusedWithItsPlaceAndTheNearestName() throws {
        let folder = try BuiltTool.scratchFolder("known-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        let misspelt = try write("""
            {"format": 1, "known": [
              {"oracle": "noSilentDeadEnd", "reason": "APP-1"},
              {"oracle": "routeFlash", "reasn": "APP-2"}
            ]}
            """, in: folder)
        let refused = try run(["explore", "--seeds", "5", "--known", misspelt])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("known.json:3:"), "\(refused.standardError)")
        #expect(refused.standardError.contains("did you mean \"noRouteFlash\"?"))
        #expect(refused.standardError.contains("did you mean \"reason\"?"))
        #expect(try run(["explore", "--seeds", "5", "--known", folder.appendingPathComponent("none.json").path]).status == 2)
    }
}
