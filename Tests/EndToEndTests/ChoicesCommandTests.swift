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
        #expect(refused.standardError.contains("$.choices.network") && refused.standardError.contains("draw 2 (counting from 1) is \"zz\""))
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

extension ChoicesCommandTests {
    @Test func exploreKeepsItsFailingRunsAsFilesThatReplayThem() throws {
        let folder = try BuiltTool.scratchFolder("choices-kept-runs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("kept").path
        let explored = try run(["explore", "--seeds", "200", "--branching", "--mutant", "fix-3", "--keep-failures", "3",
                                "--keep-runs", kept, "--json"])
        #expect(explored.status == 1, "\(explored.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(explored.standardOutput.utf8)) as? [String: Any] ?? [:]
        let failures = object["failures"] as? [[String: Any]] ?? []
        let hashes = Set(failures.compactMap { $0["traceHash"] as? String })
        let files = try FileManager.default.contentsOfDirectory(atPath: kept).sorted()
        #expect(files.count == 3 && hashes.count == 3, "\(files)")
        #expect(explored.standardError.contains("kept 3 failing run(s) with their choices in \(kept)"))
        for file in files {
            #expect(!file.contains("@") && !file.contains(":"), "a plain file name: \(file)")
            let again = try run(["replay", "\(kept)/\(file)"])
            #expect(again.status == 1)
            #expect(hash(again).map { hashes.contains(String($0)) } == true, "\(file) replays a kept failure")
        }
        try "x".write(toFile: folder.appendingPathComponent("file").path, atomically: true, encoding: .utf8)
        let onAFile = try run(["explore", "--seeds", "5", "--keep-runs", folder.appendingPathComponent("file").path])
        #expect(onAFile.status == 2 && onAFile.standardError.contains("give a folder"))
    }
}

extension ChoicesCommandTests {
    /// A scenario file explored without --keep-expectations is judged by the oracles alone; its
    /// kept run is the file as it ran, its own checks included, and says so.
    @Test func aKeptRunOfAScenarioFileSaysItsOwnChecksWereSetAside() throws {
        let folder = try BuiltTool.scratchFolder("choices-kept-checks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "scenarios/fix-plan/activation-network-blip.json"
        let oraclesOnly = folder.appendingPathComponent("oracles").path, withChecks = folder.appendingPathComponent("checks").path
        let explored = try run(["explore", file, "--seeds", "2", "--mutant", "fix-3", "--keep-failures", "1", "--keep-runs", oraclesOnly])
        #expect(explored.status == 1, "\(explored.standardError)")
        #expect(explored.standardError.contains("note: 1 kept file(s) keep their scenario's own checks (expect)"), "\(explored.standardError)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: oraclesOnly)
        #expect(kept.count == 1)
        let text = try kept.first.map { try String(contentsOfFile: "\(oraclesOnly)/\($0)", encoding: .utf8) } ?? ""
        #expect(text.contains("set aside by explore, which ran without --keep-expectations"))
        let judged = try run(["explore", file, "--seeds", "2", "--mutant", "fix-3", "--keep-failures", "1", "--keep-expectations",
                              "--keep-runs", withChecks])
        #expect(judged.status == 1 && !judged.standardError.contains("own checks"), "\(judged.standardError)")
        let other = try FileManager.default.contentsOfDirectory(atPath: withChecks)
        #expect(try other.first.map { try String(contentsOfFile: "\(withChecks)/\($0)", encoding: .utf8) }?.contains("set aside") == false)
    }
}

extension ChoicesCommandTests {
    /// A newcomer's findings: a replayed file written again keeps what that run drew and the seed
    /// it ran with; a misspelt stream is named; explored, a kept file draws the seed's choices.
    @Test func aKeptFileWrittenAgainKeepsWhatItsRunDrewAndItsSeed() throws {
        let folder = try BuiltTool.scratchFolder("choices-again")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("kept.json").path, again = folder.appendingPathComponent("again.json").path
        _ = try run(["replay", "--persona", "new-user", "--seed", "42", "--user", "free", "-o", kept])
        let underSeven = try run(["replay", kept, "--seed", "7", "-o", again])
        let replayed = try run(["replay", again])
        #expect(hash(replayed) != nil && hash(replayed) == hash(underSeven), "the seed the run used is kept")
        #expect(try String(contentsOfFile: again, encoding: .utf8).contains(#""seed": 7"#))
        // A cut stream written again holds the seed's draws past the cut: nothing is past its end.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(String(contentsOfFile: kept, encoding: .utf8).utf8)) as? [String: Any])
        object["choices"] = ["netwrk": "1 2"]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: kept))
        let misspelt = try run(["replay", kept, "-o", again])
        #expect(misspelt.standardError.contains(#"drew nothing from "netwrk" in "choices"; did you mean "network"?"#),
                "\(misspelt.standardError)")
        let unknown = try run(["replay", "--persona", "nope", "--seed", "1"])
        #expect(unknown.status == 2 && unknown.standardError.contains("the personas: new-user"))
        let whole = try run(["replay", again])
        #expect(hash(whole) == hash(misspelt) && !whole.standardOutput.contains("past their end"), "\(whole.standardOutput.prefix(200))")
        // Explored under a seed, the kept file's choices are left for the seed's: the same run as
        // the file without them.
        var bare = try #require(try JSONSerialization.jsonObject(with: Data(String(contentsOfFile: again, encoding: .utf8).utf8)) as? [String: Any])
        bare["choices"] = nil
        let plain = folder.appendingPathComponent("plain.json").path
        try JSONSerialization.data(withJSONObject: bare).write(to: URL(fileURLWithPath: plain))
        let swarmed = try run(["replay", again, "--seed", "3", "--swarm"]), swarmedPlain = try run(["replay", plain, "--seed", "3", "--swarm"])
        #expect(hash(swarmed) != nil && hash(swarmed) == hash(swarmedPlain))
    }
}
