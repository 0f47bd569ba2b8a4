import Testing
import Foundation

/// Command lines tried as an attacker would (issue #30 §6): each exits 2 with a message, or works,
/// and none traps or takes memory for nothing.
@Suite struct HostileInputTests {
    func run(_ arguments: [String]) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: ScenarioCommandTests.root)
    }

    @Test func theLargestShardCountRunsTheOneSeedOfItsFirstShard() throws {
        let output = try run(["explore", "--seeds", "2", "--shard", "1/9223372036854775807"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("runs: 1,"))
    }

    @Test func workersBeyondTheProcessorsAreCappedWithANote() throws {
        let output = try run(["explore", "--seeds", "5", "--jobs", "1000000"])
        #expect(output.status == 0)
        #expect(output.standardError.contains("capped at"))
        #expect(output.standardOutput.contains("runs: 5,"))
    }

    @Test func budgetsThatCannotBeReadAreAnErrorNotNoBudgets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(getpid())-budgets-folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, says) in [(folder, "is a folder"), ("/dev/null", "is not a regular file")] {
            let output = try run(["explore", "--seeds", "5", "--budgets", path])
            #expect(output.status == 2, "\(path)")
            #expect(output.standardError.contains(says), "\(path)")
        }
    }

    func shard(_ index: Int, of count: Int, seeds: Int, in folder: URL) throws -> String {
        let output = try run(["explore", "--seeds", "\(seeds)", "--shard", "\(index)/\(count)", "--json"])
        let path = folder.appendingPathComponent("shard-\(index).json").path
        try output.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aShardOfABillionIsMergedIntoABoundedErrorAtOnce() throws {
        let folder = try BuiltTool.scratchFolder("merge-billion")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try run(["merge", try shard(1, of: 1_000_000_000, seeds: 5, in: folder)])
        #expect(output.status == 2)
        #expect(output.standardError.contains("999999999 shard(s) missing (2/1000000000"))
        #expect(output.standardError.count < 1_000)
    }

    @Test func aShardThatContradictsItsPlanIsRefused() throws {
        let folder = try BuiltTool.scratchFolder("merge-contradiction")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for index in 1...2 {
            let path = try shard(index, of: 2, seeds: 20, in: folder)
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"seeds\":20", with: "\"seeds\":40")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let output = try run(["merge"] + paths)
        #expect(output.status == 2)
        #expect(output.standardError.contains("counts 10 run(s), but shard 1/2 of its plan has 20 seed(s)"))
    }

    @Test func aReportWrittenThroughALinkOrToADeviceLeavesBothInPlace() throws {
        let folder = try BuiltTool.scratchFolder("output-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("junit.xml").path, target = folder.appendingPathComponent("reports-junit.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "reports-junit.xml")
        let scenario = "scenarios/fix-plan/activation-network-blip.json"
        #expect(try run(["run", scenario, "--junit", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "reports-junit.xml")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("<testsuite"))
        #expect(try run(["run", scenario, "--junit", "/dev/null"]).status == 0)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test func aSignedOrRepeatedNumberIsAUsageErrorNotQuietlyTaken() throws {
        for arguments in [["explore", "--seeds", "+5"], ["explore", "--seeds", "5", "--from", "+2"], ["replay", "--persona", "new-user", "--seed", "+3"]] {
            let output = try run(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.standardError.contains("takes a whole number"), "\(arguments)")
        }
        let twice = try run(["explore", "--seeds", "5", "--seeds", "7"])
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("--seeds given twice ('5' and '7'); give it once"))
        let repeatable = try run(["explore", "--seeds", "2", "--persona", "new-user", "--persona", "user-switch"])
        #expect(repeatable.status == 0)
    }

    @Test func outputPathsThatCannotBeWrittenAreRefusedBeforeAnyWork() throws {
        for (option, command) in [("--junit", ["explore", "--seeds", "10000000"]), ("--coverage", ["explore", "--seeds", "10000000"]),
                                  ("--per-seed", ["explore", "--seeds", "10000000"]), ("--junit", ["run"]), ("--junit", ["regress"])] {
            let output = try run(command + [option, "/no/such/folder/out.xml"])
            #expect(output.status == 2, "\(command) \(option)")
            #expect(output.standardError.contains("\(option) /no/such/folder/out.xml: cannot be written: the folder /no/such/folder does not exist"))
            #expect(output.standardOutput.isEmpty, "no work was done: \(output.standardOutput.prefix(200))")
        }
    }

    @Test func aHugeScenarioFileIsRefusedBeforeItIsReadAndAFolderIsNotCalledMissing() throws {
        let folder = try BuiltTool.scratchFolder("huge-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = folder.appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 200 << 20)  // a sparse 200 MB file
        try handle.close()
        let output = try run(["run", huge.path])
        #expect(output.status == 2)
        #expect(output.standardError.contains("is 200 MB; such files are at most 8 MB"))
        for arguments in [["explore", "--seeds", "2", "--baseline", folder.path], ["explore", "--seeds", "2", "--known", folder.path],
                          ["merge", folder.path]] {
            let refused = try run(arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.standardError.contains("is a folder, not a file"), "\(arguments): \(refused.standardError)")
        }
    }

    @Test func perSeedLinesAppearWholeOrNotAtAllAndGoToStandardOutputAsAsked() throws {
        let folder = try BuiltTool.scratchFolder("per-seed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("runs.jsonl")
        try "old\n".write(to: file, atomically: true, encoding: .utf8)
        // Stopped half way: the old file stays as it was, the lines so far sit in a partial file.
        let process = Process()
        process.executableURL = BuiltTool.executable
        process.arguments = ["explore", "--seeds", "10000000", "--per-seed", file.path]
        process.currentDirectoryURL = ScenarioCommandTests.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(1_500_000)
        // SIGKILL: a crash or an OOM kill (and SIGTERM may be blocked in a test runner's children).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == "old\n")
        let partial = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("runs.jsonl.partial-") }
        #expect(partial.count == 1)
        // Run to the end: the file is replaced whole.
        let whole = try run(["explore", "--seeds", "30", "--per-seed", file.path])
        #expect(whole.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 30)
        // To standard output, in place (a pipe here): the lines come before the summary.
        let piped = try run(["explore", "--seeds", "4", "--per-seed", "/dev/stdout"])
        #expect(piped.standardOutput.split(separator: "\n").prefix(4).allSatisfy { $0.hasPrefix("{\"target\":") })
    }
}
