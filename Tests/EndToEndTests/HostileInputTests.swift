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
}
