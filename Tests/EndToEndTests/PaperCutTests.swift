import Testing
import Foundation

/// The paper cuts a newcomer hit (issue #30 §7), each checked as they would meet it.
@Suite struct PaperCutTests {
    /// A scenario file whose name needs quoting: spaces, `&`, a quote and `%`.
    static let awkwardName = "it's a flow & 100%.json"

    @Test func aReplayCommandForAnAwkwardFileNamePastesIntoAShellAsItIs() throws {
        let folder = try BuiltTool.scratchFolder("awkward name")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(Self.awkwardName)
        try FileManager.default.copyItem(at: ScenarioCommandTests.root.appendingPathComponent("scenarios/fix-plan/activation-network-blip.json"), to: file)
        let explored = try BuiltTool.run(["explore", file.path, "--seeds", "3", "--mutant", "fix-3"])
        #expect(explored.status == 1)
        let replay = try #require(explored.standardOutput.split(separator: "\n").first { $0.contains("replay: ") })
        let command = String(replay[replay.range(of: "replay: onboarding-sim ")!.upperBound...])
        let pasted = try BuiltTool.run("sh", ["-c", "\"$0\" " + command, BuiltTool.executable.path])
        #expect(pasted.status == 1, "\(command): \(pasted.standardError)")
        #expect(pasted.standardOutput.contains("replay: \(file.path) seed"))
    }

    @Test func everyCommandsHelpSaysWhatItsExitCodesMean() throws {
        for command in ["run", "validate", "regress", "explore", "replay", "shrink", "report", "merge", "list", "completion", "selftest"] {
            let help = try BuiltTool.run([command, "--help"])
            #expect(help.status == 0, "\(command)")
            #expect(help.standardOutput.contains("Exit codes: 0"), "\(command) --help has no exit codes")
        }
    }

    @Test func theReadmesDependencyVersionIsTheToolsOwn() throws {
        let readme = try String(contentsOf: ScenarioCommandTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let version = try BuiltTool.run(["--version"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.hasPrefix("onboarding-sim "))
        #expect(readme.contains("from: \"\(version.dropFirst("onboarding-sim ".count))\""), "README's from: is not \(version)")
    }

    @Test func aScenariosFolderThatIsASymbolicLinkIsFollowedAndALinkLoopEnds() throws {
        let folder = try BuiltTool.scratchFolder("linked scenarios")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let real = folder.appendingPathComponent("real")
        try manager.createDirectory(at: real, withIntermediateDirectories: true)
        try manager.copyItem(at: ScenarioCommandTests.root.appendingPathComponent("scenarios/launch"), to: real.appendingPathComponent("launch"))
        // A link back up the tree: searched once, not for ever.
        try manager.createSymbolicLink(atPath: real.appendingPathComponent("launch/loop").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("scenarios").path, withDestinationPath: "real")
        let expected = try manager.contentsOfDirectory(atPath: real.appendingPathComponent("launch").path).filter { $0.hasSuffix(".json") }.count
        let output = try BuiltTool.run(["run"], in: folder)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("\(expected) passed of \(expected) scenario run(s)"))
        #expect(output.standardOutput.contains("scenarios/launch/"))
    }

    @Test func regressOfATeamsOwnFolderChecksOnlyTheIDsItGuards() throws {
        let own = try BuiltTool.run(["regress", "scenarios/fix-plan"], in: ScenarioCommandTests.root)
        #expect(own.status == 0, "\(own.standardOutput)")
        #expect(own.standardOutput.contains("22 of 22 catalogue ids caught"))
        #expect(own.standardError.contains("44 catalogue id(s) not checked: no scenario under scenarios/fix-plan guards them"))
        let every = try BuiltTool.run(["regress", "scenarios/fix-plan", "--every-id", "--json"], in: ScenarioCommandTests.root)
        #expect(every.status == 1)
        #expect(every.standardOutput.contains("\"caught\":22,\"total\":66"))
        let none = try BuiltTool.run(["regress", "scenarios/launch"], in: ScenarioCommandTests.root)
        #expect(none.status == 2)
        #expect(none.standardError.contains("no scenario under scenarios/launch guards a catalogue id"))
    }

    @Test func mergedFailuresShowTheirTimesAndFailIsRedWithColourAlways() throws {
        let folder = try BuiltTool.scratchFolder("merge-times")
        defer { try? FileManager.default.removeItem(at: folder) }
        var shards: [String] = []
        for index in 1...2 {
            let output = try BuiltTool.run(["explore", "--seeds", "20", "--mutant", "fix-3", "--shard", "\(index)/2", "--json"], in: ScenarioCommandTests.root)
            let path = folder.appendingPathComponent("shard-\(index).json").path
            try output.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
            shards.append(path)
        }
        let whole = try BuiltTool.run(["explore", "--seeds", "20", "--mutant", "fix-3", "--color", "always"], in: ScenarioCommandTests.root)
        let merged = try BuiltTool.run(["merge"] + shards + ["--color", "always"], in: ScenarioCommandTests.root)
        #expect(merged.status == 1)
        let failLines = { (text: String) in text.split(separator: "\n").filter { $0.contains("FAIL") }.map(String.init) }
        #expect(!failLines(merged.standardOutput).isEmpty)
        #expect(failLines(merged.standardOutput) == failLines(whole.standardOutput))
        #expect(failLines(merged.standardOutput).allSatisfy { $0.hasPrefix("\u{1B}[31mFAIL\u{1B}[0m  seed ") && $0.contains("ms: ") })
    }

    @Test func theReadmesCommandsWriteTheirFilesWhereGitIgnoresThem() throws {
        let readme = try String(contentsOf: ScenarioCommandTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let writing = ["--junit", "--coverage", "--html", "-o", ">", "--per-seed"]
        for line in readme.split(separator: "\n") where line.hasPrefix("swift run") {
            let words = line.split(separator: "#").first!.split(separator: " ").map(String.init)
            for (position, word) in words.enumerated() where writing.contains(word) || (word == "--json" && line.contains("onboarding-mutate")) {
                guard position + 1 < words.count else { continue }
                #expect(words[position + 1].hasPrefix(".build/"), "\(line): writes \(words[position + 1]) into the checkout")
            }
        }
    }
}
