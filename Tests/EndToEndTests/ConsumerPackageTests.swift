import Testing
import Foundation

/// The library works as a versioned dependency: a package of its own resolves a tagged clone
/// with `from:`, and the README's test passes there, and fails when its path is wrong.
@Suite struct ConsumerPackageTests {
    /// The Swift code block that follows the `consumer-test` marker in README.md.
    static func readmeTest() throws -> String {
        let readme = try String(contentsOf: ScenarioCommandTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let afterMarker = try #require(readme.components(separatedBy: "<!-- consumer-test").dropFirst().first)
        let block = try #require(afterMarker.components(separatedBy: "```swift\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first)
    }

    @Test(.timeLimit(.minutes(10)))
    func aPackageThatDependsOnATagRunsTheReadmeTestAndAWrongPathFailsIt() throws {
        let root = ScenarioCommandTests.root
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else {
            Issue.record("the checkout at \(root.path) is not a git repository: a tag cannot be made")
            return
        }
        let folder = try BuiltTool.scratchFolder("consumer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dependency = folder.appendingPathComponent("onboarding-sim"), consumer = folder.appendingPathComponent("consumer")
        let clone = try BuiltTool.run("git", ["clone", "--quiet", root.path, dependency.path])
        try #require(clone.status == 0, "\(clone.standardError)")
        #expect(try BuiltTool.run("git", ["-C", dependency.path, "tag", "-f", "0.1.0"]).status == 0)

        let tests = consumer.appendingPathComponent("Tests/ConsumerTests")
        try FileManager.default.createDirectory(at: tests.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("scenarios/fix-plan"),
                                         to: tests.appendingPathComponent("scenarios/fix-plan"))
        try """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "consumer",
                dependencies: [.package(url: "\(dependency.path)", from: "0.1.0")],
                targets: [
                    .testTarget(name: "ConsumerTests", dependencies: [.product(name: "Scenarios", package: "onboarding-sim"),
                                                                      .product(name: "FixPlanSim", package: "onboarding-sim")],
                                exclude: ["scenarios"]),
                    .executableTarget(name: "door-sim", dependencies: [
                        .product(name: "SimCommandLine", package: "onboarding-sim"), .product(name: "Scenarios", package: "onboarding-sim"),
                        .product(name: "AppVocabulary", package: "onboarding-sim"), .product(name: "SimKernel", package: "onboarding-sim"),
                    ]),
                    // Examples/Trendy's own targets, on the tagged clone instead of a path.
                    .target(name: "TrendyOnboarding", swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
                    .target(name: "TrendySim", dependencies: [
                        "TrendyOnboarding", .product(name: "AppHarness", package: "onboarding-sim"),
                        .product(name: "Scenarios", package: "onboarding-sim"), .product(name: "Oracles", package: "onboarding-sim"),
                        .product(name: "AppVocabulary", package: "onboarding-sim"), .product(name: "SimKernel", package: "onboarding-sim"),
                    ], swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
                    .executableTarget(name: "trendy-sim", dependencies: [
                        "TrendySim", .product(name: "SimCommandLine", package: "onboarding-sim"),
                    ], swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
                ]
            )
            """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.writeDoorTool(in: consumer)
        try Self.copyTrendy(into: consumer)
        let test = tests.appendingPathComponent("ReadmeTests.swift")
        let snippet = try Self.readmeTest()
        try snippet.write(to: test, atomically: true, encoding: .utf8)

        let passing = try BuiltTool.run("swift", ["test"], in: consumer)
        #expect(passing.status == 0, "\(passing.standardOutput.suffix(3000))\(passing.standardError.suffix(3000))")
        #expect(passing.standardOutput.contains("theFixPlanScenariosPass()"))
        #expect(!passing.standardError.contains("unhandled"), "the scenarios are excluded from the target's sources")

        try snippet.replacingOccurrences(of: "scenarios/fix-plan", with: "scenarios/fix-plna").write(to: test, atomically: true, encoding: .utf8)
        let failing = try BuiltTool.run("swift", ["test"], in: consumer)
        #expect(failing.status != 0, "a wrong path must fail the test, not pass with no scenarios")
        let said = failing.standardOutput + failing.standardError
        #expect(said.contains("no such file or folder"))
        #expect(said.components(separatedBy: "no such file or folder").count == 2, "the failure is printed once: \(said.suffix(2000))")

        try Self.checkDoorTool(in: consumer)
        try Self.checkTrendy(in: consumer)
    }

    /// Examples/Trendy's sources and scenarios, as they are in the checkout.
    static func copyTrendy(into consumer: URL) throws {
        let example = ScenarioCommandTests.root.appendingPathComponent("Examples/Trendy")
        for target in ["TrendyOnboarding", "TrendySim", "trendy-sim"] {
            try FileManager.default.copyItem(at: example.appendingPathComponent("Sources/\(target)"),
                                             to: consumer.appendingPathComponent("Sources/\(target)"))
        }
        try FileManager.default.copyItem(at: example.appendingPathComponent("scenarios"), to: consumer.appendingPathComponent("trendy"))
        // The example's folder as docs/your-app.md runs its commands in: its scenarios/ and nothing else.
        let working = consumer.appendingPathComponent("trendy-work")
        try FileManager.default.createDirectory(at: working, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: example.appendingPathComponent("scenarios"), to: working.appendingPathComponent("scenarios"))
    }

    /// Seed 001's Trendy onboarding builds against a tagged release (`from:`) and its tool
    /// catches every bug of its catalogue there.
    static func checkTrendy(in consumer: URL) throws {
        let build = try BuiltTool.run("swift", ["build", "--product", "trendy-sim"], in: consumer)
        try #require(build.status == 0, "\(build.standardOutput.suffix(3000))\(build.standardError.suffix(3000))")
        let regress = try BuiltTool.run(consumer.appendingPathComponent(".build/debug/trendy-sim").path, ["regress", "trendy"], in: consumer)
        #expect(regress.status == 0, "\(regress.standardOutput)\(regress.standardError)")
        #expect(regress.standardOutput.contains("8 of 8 catalogue ids caught, with the fixed model clean"), "\(regress.standardOutput)")
        // docs/your-app.md's Trendy commands, as written, in the example's own folder: each exits
        // as its comment says, and a comment that quotes the output is what the tool prints.
        let tool = consumer.appendingPathComponent(".build/debug/trendy-sim").path
        for line in try yourAppBlock("trendy").split(separator: "\n") where line.hasPrefix("swift run trendy-sim") {
            let expected = Int32(line.firstMatch(of: /exit (\d)/)?.1 ?? "0") ?? 0
            let command = line.split(separator: "#", maxSplits: 1)
            let ran = try BuiltTool.run("bash", ["-c", command[0].replacingOccurrences(of: "swift run trendy-sim", with: tool)],
                                        in: consumer.appendingPathComponent("trendy-work"))
            #expect(ran.status == expected, "docs/your-app.md: \(line)\n\(ran.standardOutput.suffix(1500))\(ran.standardError.suffix(1500))")
            if command.count == 2, command[1].contains("caught") {
                let said = command[1].trimmingCharacters(in: .whitespaces)
                #expect(ran.standardOutput.contains(said), "docs/your-app.md: \(line)\n\(ran.standardOutput.suffix(1500))")
            }
        }
    }

    /// The code block that follows `<!-- your-app: NAME -->` in docs/your-app.md.
    static func yourAppBlock(_ name: String) throws -> String {
        let page = try String(contentsOf: ScenarioCommandTests.root.appendingPathComponent("docs/your-app.md"), encoding: .utf8)
        let afterMarker = try #require(page.components(separatedBy: "<!-- your-app: \(name) -->").dropFirst().first)
        let block = try #require(afterMarker.components(separatedBy: "```").dropFirst().first)
        return String(block.drop { $0 != "\n" }.dropFirst())
    }

    /// A team's own command line in one file, as docs/your-app.md builds it: the door app of
    /// `Tests/ScenariosTests` as a plug-in, the page's `main.swift` and its scenario.
    static func writeDoorTool(in consumer: URL) throws {
        let sources = consumer.appendingPathComponent("Sources/door-sim")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ScenarioCommandTests.root.appendingPathComponent("Tests/ScenariosTests/DoorApp.swift"),
                                         to: sources.appendingPathComponent("DoorApp.swift"))
        try yourAppBlock("main.swift").write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let scenarios = consumer.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try yourAppBlock("scenario").write(to: scenarios.appendingPathComponent("door opens.json"), atomically: true, encoding: .utf8)
        // A jammed door spins on its first tap: kept out of scenarios/, in a folder of its own
        // and as the scenarios/ of another working folder (the default command's).
        for folder in ["jammed", "jam/scenarios"] {
            let jammed = consumer.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: jammed, withIntermediateDirectories: true)
            try jammedScenario.write(to: jammed.appendingPathComponent("jammed door.json"), atomically: true, encoding: .utf8)
        }
    }

    /// It names no app: in a tool of one app, a file is about that app.
    static let jammedScenario = """
        {"format": 1, "name": "A jammed door", "device": {"jammed": true},
         "steps": [{"launch": true}, {"wait": "2s"}, {"action": "open"}, {"wait": "5s"}]}
        """

    /// `swift run door-sim …` works as `onboarding-sim` does, under the tool's own name.
    static func checkDoorTool(in consumer: URL) throws {
        let build = try BuiltTool.run("swift", ["build", "--product", "door-sim"], in: consumer)
        try #require(build.status == 0, "\(build.standardOutput.suffix(3000))\(build.standardError.suffix(3000))")
        let tool = consumer.appendingPathComponent(".build/debug/door-sim").path
        let run = try BuiltTool.run(tool, [], in: consumer)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("1 passed of 1 scenario run(s)"), "\(run.standardOutput)")
        let regress = try BuiltTool.run(tool, ["regress"], in: consumer)
        #expect(regress.status == 0, "\(regress.standardOutput)\(regress.standardError)")
        #expect(regress.standardOutput.contains("door-silent-failure"), "\(regress.standardOutput)")
        let junit = consumer.appendingPathComponent(".build/door.xml")
        let failing = try BuiltTool.run(tool, ["run", "scenarios/door opens.json", "--mutant", "door-silent-failure", "--junit", junit.path],
                                        in: consumer)
        #expect(failing.status == 1)
        let report = try String(contentsOf: junit, encoding: .utf8)
        #expect(report.contains("door-sim run &#39;scenarios/door opens.json&#39; --seed 1 --mutant door-silent-failure"),
                "replay commands name the team's tool: \(report.prefix(1500))")
        let help = try BuiltTool.run(tool, ["--help"], in: consumer)
        #expect(help.standardOutput.hasPrefix("door-sim: "), "\(help.standardOutput.prefix(200))")
        // Every help page speaks of the team's app only: its ids and files, none of the bundled apps' (#47).
        for command in ["run", "validate", "regress", "explore", "merge", "replay", "shrink", "report", "list"] {
            let page = try BuiltTool.run(tool, [command, "--help"], in: consumer).standardOutput
            for bundled in ["fix-plan", "fix plan", "pickup", "fix-3", "goal", "OTP", "journey", "Apple"] {
                #expect(!page.contains(bundled), "door-sim \(command) --help names '\(bundled)': \(page)")
            }
        }
        let explore = try BuiltTool.run(tool, ["explore", "--help"], in: consumer).standardOutput
        #expect(explore.contains("--mutant door-silent-failure"), "its examples name its own bug: \(explore)")
        try checkWatchdog(tool, in: consumer)
        try checkWallClockWait(tool, in: consumer)
        for line in try yourAppBlock("commands").split(separator: "\n") where line.hasPrefix("swift run door-sim") {
            let expected = Int32(line.firstMatch(of: /# exit (\d)/)?.1 ?? "0") ?? 0
            let script = "set -o pipefail; " + line.replacingOccurrences(of: "swift run door-sim", with: tool)
            let ran = try BuiltTool.run("bash", ["-c", script], in: consumer)
            #expect(ran.status == expected, "docs/your-app.md: \(line)\n\(ran.standardOutput.suffix(1500))\(ran.standardError.suffix(1500))")
        }
    }

    /// App code that awaits a wall-clock wait no run can follow (`DispatchQueue.asyncAfter`, #47
    /// item 3) fails its run with exit 1, and the message names the call and the fix.
    static func checkWallClockWait(_ tool: String, in consumer: URL) throws {
        let folder = consumer.appendingPathComponent("waits")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #"""
            {"format": 1, "name": "A door that waits on Dispatch", "device": {"waitsOnDispatch": true},
             "steps": [{"launch": true}, {"action": "open"}, {"wait": "5s"}]}
            """#.write(to: folder.appendingPathComponent("dispatch door.json"), atomically: true, encoding: .utf8)
        let output = try BuiltTool.run(tool, ["run", "waits"], in: consumer)
        #expect(output.status == 1, "\(output.standardOutput.suffix(1500))\(output.standardError.suffix(1500))")
        for named in ["deadlock", "DispatchQueue.asyncAfter", "Task.sleep", "docs/your-app.md"] {
            #expect(output.standardOutput.contains(named), "names \(named): \(output.standardOutput.suffix(1500))")
        }
    }

    /// App code that spins without suspending (issue #30 §5) is reported by the watchdog, with
    /// exit 1, in `run`, the default command and `explore`, and names what to replay.
    static func checkWatchdog(_ tool: String, in consumer: URL) throws {
        let cases: [(arguments: [String], folder: URL, says: String)] = [
            (["run", "jammed", "--watchdog", "1"], consumer, "replay: door-sim run 'jammed/jammed door.json' --seed 1"),
            // The default command takes no options: its watchdog is the default, 10 s.
            ([], consumer.appendingPathComponent("jam"), "replay: door-sim run 'scenarios/jammed door.json' --seed 1"),
            (["explore", "jammed", "--seeds", "3", "--watchdog", "1"], consumer, "replay: door-sim replay 'jammed/jammed door.json' --seed 1 --swarm"),
        ]
        for (arguments, folder, says) in cases {
            let started = ContinuousClock.now  // determinism: ok (a test's own wall-time bound)
            let output = try BuiltTool.run(tool, arguments, in: folder)
            #expect(output.status == 1, "\(arguments): \(output.standardError.suffix(1500))")
            #expect(ContinuousClock.now - started < .seconds(60), "\(arguments)")  // determinism: ok (as above)
            #expect(output.standardError.contains("made no progress for \(arguments.isEmpty ? 10 : 1) s of wall time"),
                    "\(arguments): \(output.standardError.suffix(1500))")
            #expect(output.standardError.contains(says), "\(arguments): \(output.standardError.suffix(1500))")
        }
    }
}
