import Testing
import Foundation

/// `onboarding-mutate` as a user runs it: the parts that need no build of mutants (listing the
/// chosen mutants, usage errors, merging shard reports). The full loop runs in CI (.ci/run).
@Suite struct MutateCommandTests {
    static var mutate: URL { BuiltTool.executable.deletingLastPathComponent().appendingPathComponent("onboarding-mutate") }

    func run(_ arguments: [String], in folder: URL = ScenarioCommandTests.root) throws -> BuiltTool.Output {
        try BuiltTool.run(program: Self.mutate, arguments, in: folder, environment: [:])
    }

    @Test func listingASampleNamesEachMutantWithItsDiffAndIsTheSameEveryTime() throws {
        let first = try run(["--list", "--sample", "12", "--seed", "5"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("12 mutant(s) of "))
        #expect(first.standardOutput.contains("Sources/OnboardingModel/Client/") || first.standardOutput.contains("Sources/PickupModel/"))
        #expect(!first.standardOutput.contains("ScreenState.swift"), "the screen vocabulary is not the app under test")
        #expect(try run(["--list", "--sample", "12", "--seed", "5"]).standardOutput == first.standardOutput)
    }

    @Test func filtersNarrowTheMutantsToAFileAndAnOperator() throws {
        let output = try run(["--list", "--file", "OTPTimer", "--operator", "delete-statement"])
        #expect(output.status == 0)
        let places = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Sources/") }
        #expect(!places.isEmpty && places.allSatisfy { $0.contains("OTPTimer.swift") && $0.hasSuffix("delete-statement") })
    }

    @Test(arguments: [["--sample", "0"], ["--shard", "3/2"], ["--operator", "flip"], ["--bogus"], ["--seeds"], ["merge"], ["--build-folder"], ["--build-folder="]])
    func badArgumentsExitTwoWithTheUsage(_ arguments: [String]) throws {
        let output = try run(arguments)
        #expect(output.status == 2)
        #expect(output.standardError.contains("usage: onboarding-mutate"), "\(output.standardError)")
    }

    @Test func anAppTheToolDoesNotHaveIsRefusedBeforeAnyBuild() throws {
        let output = try run(["--app", "nope", "--sample", "1"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("--app nope is not an app of onboarding-sim; its apps: fix-plan, pickup"), "\(output.standardError)")
        // A team's tool is asked, through the list it prints, when the package holds a build of it.
        let listed = try BuiltTool.run(["list", "--apps"])
        #expect(listed.status == 0 && listed.standardOutput == "fix-plan\npickup\n", "\(listed.standardOutput)")
        let folder = try BuiltTool.scratchFolder("mutate-team-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MutantSchemataTests.makePackage(in: folder)
        let built = folder.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: built.appendingPathComponent("app-sim"), withDestinationURL: BuiltTool.executable)
        let team = try run(["--package", folder.path, "--product", "app-sim", "--bugs", "bugs.json", "--app", "nope"], in: folder)
        #expect(team.status == 2 && team.standardError.contains("--app nope is not an app of app-sim; its apps: fix-plan, pickup"), "\(team.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".build/mutate").path), "nothing copied or built")
    }

    @Test func aPackageWithoutTheNamedFolderIsACleanError() throws {
        let folder = try BuiltTool.scratchFolder("mutate-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "// swift-tools-version: 6.0\n".write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let output = try run(["--list", "--path", "Sources/App"], in: folder)
        #expect(output.status == 2)
        #expect(output.standardError.contains("no Swift files at 'Sources/App'"))
    }

    @Test func aPackageWithoutTheNamedProductSaysToNameItsOwnTool() throws {
        let folder = try BuiltTool.scratchFolder("mutate-no-product")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n"
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public func count() -> Int {\n    var total = 0\n    total += 1\n    return total\n}\n"
            .write(to: sources.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let output = try run(["--package", folder.path, "--path", "Sources/App", "--product", "app-sim"])
        #expect(output.status == 2, "\(output.standardOutput)\n\(output.standardError)")
        #expect(output.standardError.contains("the unmutated package does not build"), "\(output.standardError)")
        #expect(output.standardError.contains("name the package's command-line tool with --product"), "\(output.standardError)")
    }

    @Test func mergingShardReportsAddsThemUpAndRefusesAShardTwice() throws {
        let folder = try BuiltTool.scratchFolder("mutate-merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        func report(_ shard: String, _ id: String, _ verdict: String) -> String {
            #"{"tool":"onboarding-mutate","plan":{"seed":"1","shard":"\#(shard)"},"mutants":[{"id":"\#(id)","file":"A.swift","line":3,"operator":"delete-statement","diff":"-     publish()","verdict":"\#(verdict)","milliseconds":10}]}"#
        }
        try report("1/2", "A.swift:3:5:delete-statement", "killed").write(to: folder.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try report("2/2", "A.swift:4:5:delete-statement", "survived").write(to: folder.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let merged = try run(["merge", "a.json", "b.json", "--markdown", "m.md", "--json", "m.json"], in: folder)
        #expect(merged.status == 1, "an open survivor: exit 1")
        #expect(merged.standardOutput.contains("killed: 1  survived: 1"))
        #expect(merged.standardOutput.contains("score: 50.0%"))
        #expect(try String(contentsOf: folder.appendingPathComponent("m.md"), encoding: .utf8).contains("```diff\n-     publish()\n```"))
        let twice = try run(["merge", "a.json", "a.json"], in: folder)
        #expect(twice.status == 2 && twice.standardError.contains("a shard given twice"))
    }

    @Test func theBundledHandWrittenBugsListByNameAndABadBugsFileExitsTwo() throws {
        let listed = try run(["--bugs", "docs/hand-written-bugs.json", "--fast-build", "--list"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("Sources/OnboardingModel/Client/OTPTimer.swift:15:5: countdown-of-twenty-seconds"))
        #expect(listed.standardOutput.contains("+     static let resendSeconds = 20"))
        #expect(listed.standardOutput.contains("384 mutant(s) of 384 in 15 file(s)"))
        let folder = try BuiltTool.scratchFolder("mutate-bugs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bugs = folder.appendingPathComponent("bugs.json")
        try """
            {"bugs": [{"name": "gone", "file": "Sources/OnboardingModel/Client/OTPTimer.swift", "find": "no such text", "replace": "x"}]}
            """.write(to: bugs, atomically: true, encoding: .utf8)
        let missing = try run(["--bugs", bugs.path, "--list"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("bug \"gone\": its find text occurs nowhere in Sources/OnboardingModel/Client/OTPTimer.swift"), "\(missing.standardError)")
        try """
            {"bugs": [{"name": "elsewhere", "file": "Sources/Nowhere.swift", "find": "a", "replace": "b"}]}
            """.write(to: bugs, atomically: true, encoding: .utf8)
        let nowhere = try run(["--bugs", bugs.path, "--list"])
        #expect(nowhere.status == 2 && nowhere.standardError.contains("bug \"elsewhere\" names Sources/Nowhere.swift, which is not in"),
                "\(nowhere.standardError)")
        let unreadable = try run(["--bugs", folder.path, "--list"])
        #expect(unreadable.status == 2 && unreadable.standardError.contains("cannot read the bugs file"), "\(unreadable.standardError)")
    }
}
