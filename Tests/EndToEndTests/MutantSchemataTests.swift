import Testing
import Foundation

/// Mutant schemata, run as a user runs them: the mutants of a small package's app built together
/// behind run-time switches give the same verdict, mutant by mutant, as each built on its own
/// (`--no-schemata`), and the ones that cannot be switched (a signature changed, a branch that
/// does not compile switched, a mutant that does not compile at all) are built one by one.
@Suite struct MutantSchemataTests {
    /// The app: a few functions whose results a stand-in tool prints as its checks.
    static let app = """
        public let discount = 1

        public func price(_ count: Int) -> Int {
            var total = 0
            for _ in 0..<count { total += 2 }
            return total
        }

        public func label(_ count: Int) -> Int { count * 10 }

        public func greeting() -> String {
            "hello"
        }

        public func unused() -> Int {
            5
        }

        """

    /// A stand-in for a team's tool: `run --json` passes while `price(2) == 4`, `explore --json`
    /// while the greeting is not empty; both hash everything the app computes.
    static let tool = ##"""
        import App
        import Foundation

        let hash = (0..<4).map { String(price($0)) }.joined(separator: ",") + "|\(label(2))|\(greeting())|\(discount)"
        // A mutant whose code spins: what the simulator's watchdog prints, and its exit code.
        if greeting() == "spin" {
            FileHandle.standardError.write(Data("watchdog: explore seed 4 made no progress for 10 s of wall time\n  replay: app-sim replay --seed 4\n".utf8))
            exit(1)
        }
        if CommandLine.arguments.dropFirst().first == "run" {
            let passed = price(2) == 4
            print(#"{"file":"scenarios/a.json","passed":\#(passed),"traceHash":"\#(hash)","violations":\#(passed ? "[]" : #"[{"oracle":"price"}]"#)}"#)
        } else {
            let failures = greeting().isEmpty ? #"[{"target":"new-user","seed":"3","replay":"app-sim replay --seed 3","violations":[{"oracle":"greeting"}]}]"# : "[]"
            print(#"{"summaryHash":"\#(hash)","failures":\#(failures)}"#)
        }

        """##

    static let bugs = """
        {"bugs": [
          {"name": "price-by-three", "file": "Sources/App/App.swift", "find": "total += 2", "replace": "total += 3"},
          {"name": "label-by-eleven", "file": "Sources/App/App.swift", "find": "count * 10", "replace": "count * 11"},
          {"name": "unused-six", "file": "Sources/App/App.swift", "find": "    5\\n", "replace": "    6\\n"},
          {"name": "greeting-empty", "file": "Sources/App/App.swift", "find": "\\"hello\\"", "replace": "\\"\\""},
          {"name": "discount-two", "file": "Sources/App/App.swift", "find": "discount = 1", "replace": "discount = 2"},
          {"name": "total-misspelt", "file": "Sources/App/App.swift", "find": "return total", "replace": "return totl"},
          {"name": "greeting-in-two-statements", "file": "Sources/App/App.swift", "find": "    \\"hello\\"\\n", "replace": "    let word = \\"hello\\"\\n    return word + \\"!\\"\\n"},
          {"name": "label-in-units", "file": "Sources/App/App.swift", "find": "label(_ count: Int)", "replace": "label(_ count: Int, _ unit: Int = 1)"},
          {"name": "extra-helper", "file": "Sources/App/App.swift", "find": "public func unused", "replace": "public func extra() -> Int { 1 }\\n\\npublic func unused"}
        ]}
        """

    /// Writes the small package, with `bugs` as its `bugs.json`, into `folder`.
    static func makePackage(in folder: URL, bugs: String = bugs) throws {
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Tiny", targets: [
                .target(name: "App"),
                .executableTarget(name: "app-sim", dependencies: ["App"]),
            ])

            """
        for (path, text) in [("Package.swift", manifest), ("Sources/App/App.swift", app),
                             ("Sources/app-sim/main.swift", tool), ("bugs.json", bugs)] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func switchedMutantsGetTheVerdictsOfMutantsBuiltOneByOne() throws {
        let folder = try BuiltTool.scratchFolder("mutate-schemata")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.makePackage(in: folder)
        func verdicts(_ extra: [String], report: String) throws -> (output: BuiltTool.Output, verdicts: [String: String]) {
            let output = try BuiltTool.run(program: MutateCommandTests.mutate,
                                           ["--package", folder.path, "--product", "app-sim", "--bugs", "bugs.json", "--seeds", "5",
                                            "--json", report] + extra, in: folder, environment: [:])
            let data = try Data(contentsOf: folder.appendingPathComponent(report))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let mutants = try #require(root["mutants"] as? [[String: Any]])
            var verdicts: [String: String] = [:]
            for mutant in mutants { verdicts[mutant["id"] as? String ?? "?"] = mutant["verdict"] as? String }
            return (output, verdicts)
        }
        let switched = try verdicts([], report: "switched.json")
        #expect(switched.output.status == 1, "open survivors: exit 1\n\(switched.output.standardError)")
        #expect(switched.verdicts == [
            "Sources/App/App.swift:price-by-three": "killed",
            "Sources/App/App.swift:label-by-eleven": "survived",
            "Sources/App/App.swift:unused-six": "no-change",
            "Sources/App/App.swift:greeting-empty": "killed",
            "Sources/App/App.swift:discount-two": "survived",
            "Sources/App/App.swift:total-misspelt": "build-failed",
            "Sources/App/App.swift:greeting-in-two-statements": "survived",
            "Sources/App/App.swift:extra-helper": "no-change",
            "Sources/App/App.swift:label-in-units": "no-change",
        ], "\(switched.output.standardError)")
        // The changed signature, the misspelt name, and the two-statement branch (and the
        // greeting's other bug, in the body the compiler's error is blamed on) are built one by
        // one; the added function goes into the shared build.
        #expect(switched.output.standardError.contains("5 mutant(s) switched at run time in one build, 4 built one by one"),
                "\(switched.output.standardError)")
        let oneByOne = try verdicts(["--no-schemata"], report: "one-by-one.json")
        #expect(oneByOne.verdicts == switched.verdicts, "\(oneByOne.output.standardError)")
    }
}
