import Testing
import Foundation

/// Bad input and long explorations from the command line: clear errors, bounded output.
@Suite struct BoundsCommandTests {
    func run(_ arguments: [String]) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: ScenarioCommandTests.root)
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(getpid())-\(name)").path
    }

    @Test func aStartSeedPastTheLastSeedIsAUsageError() throws {
        let output = try run(["explore", "--from", "18446744073709551615", "--seeds", "5"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("runs past the last seed"))
    }

    @Test func aZeroTimeLimitIsRejectedByValidateWithItsPath() throws {
        let file = temporary("zero.json")
        try #"{"format": 1, "name": "zero", "steps": [{"launch": true}], "limits": {"virtualTime": "0s"}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        for command in ["validate", "run"] {
            let output = try run([command, file])
            #expect(output.status == 2, "\(command)")
            #expect(output.standardError.contains("$.limits.virtualTime: must be longer than 0"), "\(command)")
        }
    }

    @Test func exploreKeepsTheFirstFailuresAndCountsTheRest() throws {
        let output = try run(["explore", "--seeds", "300", "--mutant", "fix-3", "--keep-failures", "4", "--json"])
        #expect(output.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any] ?? [:]
        let failures = object["failures"] as? [[String: Any]] ?? []
        #expect(failures.count == 4)
        #expect((object["failedRuns"] as? Int ?? 0) > 4)
        let seeds = failures.compactMap { ($0["seed"] as? String).flatMap(UInt64.init) }
        #expect(seeds == seeds.sorted(), "the kept failures are the lowest seeds, in order")
    }

    @Test func perSeedLinesComeOnePerSeedInSeedOrder() throws {
        let file = temporary("runs.jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try run(["explore", "--seeds", "50", "--jobs", "2", "--per-seed", file])
        #expect(output.status == 0)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 50)
        let seeds = lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["seed"] as? String
        }
        #expect(seeds == (1...50).map(String.init))
    }

    @Test func writingAReportToAFolderSaysSo() throws {
        let output = try run(["run", "scenarios/fix-plan/activation-network-blip.json", "--junit", FileManager.default.temporaryDirectory.path])
        #expect(output.status == 2)
        #expect(output.standardError.contains("it is a folder"))
    }
}
