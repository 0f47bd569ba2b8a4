import Testing
import Foundation

/// `replay -o`: a run kept as a file with its choices, played back as a user would.
@Suite struct ChoicesCommandTests {
    func run(_ arguments: [String]) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: ScenarioCommandTests.root)
    }

    func hash(_ output: BuiltTool.Output) -> Substring? {
        output.standardOutput.split(separator: "\n").last { $0.hasPrefix("violations:") }?.split(separator: " ").last
    }

    @Test func aRunWrittenWithItsChoicesReplaysWithTheSameTraceHash() throws {
        let folder = try BuiltTool.scratchFolder("choices")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("run.json").path
        let original = try run(["replay", "--persona", "returning-user", "--seed", "31@3000ms:user=4", "--user", "free",
                                "--mutant", "fix-13", "-o", file])
        #expect(original.standardOutput.contains("wrote \(file): the run with its "), "\(original.standardError)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""choices""#) && text.contains(#""fix-13""#) && text.contains("--seed 31@3000ms:user=4"))
        let again = try run(["replay", file])
        #expect(again.status == original.status)
        #expect(hash(again) != nil && hash(again) == hash(original), "\(again.standardOutput.suffix(300))")
        #expect(again.standardOutput.contains("from its "))
        // `run` and `validate` take the file as any scenario.
        #expect(try run(["validate", file]).status == 0)
        // Edited: the network's draws cut to its first, the rest is the seed's (and replay says so).
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var choices = try #require(object["choices"] as? [String: String])
        choices["network"] = String(try #require(choices["network"]?.split(separator: " ").first))
        object["choices"] = choices
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        let edited = try run(["replay", file])
        #expect(edited.standardOutput.contains("draws of the seed past their end"), "\(edited.standardOutput.prefix(300))")
    }

    @Test func aScenarioFilesRunUnderTheSwarmIsKeptWithItsChoicesToo() throws {
        let folder = try BuiltTool.scratchFolder("choices-swarm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("swarmed.json").path
        let original = try run(["replay", "scenarios/fix-plan/activation-network-blip.json", "--seed", "12", "--swarm", "-o", file])
        #expect(FileManager.default.fileExists(atPath: file), "\(original.standardError)")
        let again = try run(["replay", file])
        #expect(hash(again) != nil && hash(again) == hash(original))
    }

    @Test func badChoicesAreRefusedWithTheirPath() throws {
        let folder = try BuiltTool.scratchFolder("choices-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json").path
        try #"{"format": 1, "name": "bad", "steps": [{"launch": true}], "choices": {"network": "1f zz", "User": "0"}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try run(["run", file])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("$.choices.network") && refused.standardError.contains("draw 1 is \"zz\""))
        #expect(refused.standardError.contains("$.choices.User"))
    }
}

extension ChoicesCommandTests {
    @Test func aFailingRunKeptWithItsChoicesShrinksAsWritten() throws {
        let folder = try BuiltTool.scratchFolder("choices-shrink")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("kept.json").path, shrunk = folder.appendingPathComponent("shrunk.json").path
        let failing = try run(["replay", "--persona", "new-user", "--seed", "2@9000ms:user=4", "--user", "free", "--mutant", "fix-3", "-o", kept])
        #expect(failing.status == 1, "\(failing.standardError)")
        let shrink = try run(["shrink", kept, "-o", shrunk])
        #expect(shrink.status == 0, "\(shrink.standardError)")
        #expect(shrink.standardOutput.contains("wrote \(shrunk)"))
        #expect(try run(["run", shrunk]).status == 1, "the shrunk file still fails")
        let withoutSeed = try run(["shrink", "--persona", "new-user", "-o", shrunk])
        #expect(withoutSeed.status == 2 && withoutSeed.standardError.contains("--seed S is required with --persona"))
    }
}
