import Testing
import Foundation

/// With GITHUB_ACTIONS=true, problems become `::error` annotations at the file, line and column
/// they concern, escaped as the Actions toolkit escapes them, and a summary lands in
/// $GITHUB_STEP_SUMMARY.
@Suite struct GitHubAnnotationTests {
    func folder(_ name: String) throws -> URL { try BuiltTool.scratchFolder("annotations-\(name)") }

    func run(_ arguments: [String], summary: URL? = nil) throws -> BuiltTool.Output {
        var environment = ["GITHUB_ACTIONS": "true"]
        if let summary { environment["GITHUB_STEP_SUMMARY"] = summary.path }
        return try BuiltTool.run(arguments, in: ScenarioCommandTests.root, environment: environment)
    }

    @Test func aMisspeltKeyIsAnnotatedAtItsLineAndColumn() throws {
        let folder = try folder("key")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json"), summary = folder.appendingPathComponent("summary.md")
        try "{\"format\": 1, \"name\": \"x\",\n  \"stpes\": [],\n  \"faults\": []}".write(to: file, atomically: true, encoding: .utf8)
        let output = try run(["validate", file.path], summary: summary)
        #expect(output.status == 2)
        #expect(output.standardOutput.contains(
            "::error file=\(file.path),line=2,col=3,title=invalid scenario::$.stpes: unknown key \"stpes\" (did you mean \"steps\"?)"))
        #expect(output.standardError.contains("broken.json:2:3: $.stpes: unknown key"), "and file:line:column on the console")
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.contains("### onboarding-sim validate: ") && markdown.contains("| 2 | $.stpes: unknown key"))
    }

    @Test func percentLineBreaksCommasAndColonsAreEscapedAsTheToolkitDoes() throws {
        let folder = try folder("escape")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a,b:c%.json")
        try #"{"format": 1, "name": "x", "steps": [{"launch": true}], "st%\r\neps": 1}"#.write(to: file, atomically: true, encoding: .utf8)
        let output = try run(["validate", file.path])
        let line = try #require(output.standardOutput.split(separator: "\n").first { $0.hasPrefix("::error") }.map(String.init))
        #expect(line.contains("file=\(folder.path.replacingOccurrences(of: ":", with: "%3A"))/a%2Cb%3Ac%25.json,line=1,col="))
        #expect(line.contains("unknown key \"st%25%0D%0Aeps\""), "\(line)")
        #expect(!line.dropFirst(2).contains("::error"), "one command per line")
    }

    @Test func violationsPointAtTheirStepOrExpectationAndCarryTheReplay() throws {
        let output = try run(["run", "scenarios/fix-plan/activation-network-blip.json", "--mutant", "fix-3"])
        #expect(output.status == 1)
        let lines = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(lines.contains { $0.contains("title=noSilentDeadEnd::") && $0.contains(",line=1,") })
        let expectation = try #require(lines.first { $0.contains("title=expect.finalError::") })
        #expect(!expectation.contains(",line=1,"), "at the file's expect block: \(expectation)")
        #expect(expectation.contains("%0Areplay: onboarding-sim run scenarios/fix-plan/activation-network-blip.json --seed"))
    }

    @Test func withJSONOnStandardOutputTheAnnotationsGoToStandardError() throws {
        let output = try run(["explore", "--seeds", "20", "--mutant", "fix-3", "--json"])
        #expect(output.status == 1)
        #expect((try? JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))) != nil, "the JSON stays parseable")
        #expect(output.standardError.contains("::error ") && !output.standardOutput.contains("::error "))
    }

    @Test func exceededBudgetsAreAnnotatedAtTheirLimitAndExploreFailuresNameTheirSeed() throws {
        let folder = try folder("budgets")
        defer { try? FileManager.default.removeItem(at: folder) }
        let budgets = folder.appendingPathComponent("budgets.json"), summary = folder.appendingPathComponent("summary.md")
        try "{\"format\": 1,\n \"budgets\": {\n  \"all\": {\"longestWaitMs\": 1}}}".write(to: budgets, atomically: true, encoding: .utf8)
        let output = try run(["explore", "--seeds", "40", "--mutant", "fix-3", "--budgets", budgets.path], summary: summary)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("::error file=\(budgets.path),line=3,col=11,title=budget all longestWaitMs max::"))
        let failures = output.standardOutput.split(separator: "\n").filter { $0.contains("title=explore ") }
        // Each names its persona and seed (which persona's runs come first depends on the rules that fire).
        #expect(!failures.isEmpty && failures.allSatisfy { $0.range(of: #"title=explore [a-z-]+ seed [0-9]+%3A [a-zA-Z]+::"#, options: .regularExpression) != nil })
        #expect(failures.count <= 10)
        #expect(try String(contentsOf: summary, encoding: .utf8).contains("| all longestWaitMs max |"))
    }

    @Test func aStepSummaryOfABudgetOnlyFailureSaysWhatFailed() throws {
        let folder = try folder("budget-only")
        defer { try? FileManager.default.removeItem(at: folder) }
        let budgets = folder.appendingPathComponent("budgets.json"), summary = folder.appendingPathComponent("summary.md")
        try "{\"format\": 1, \"budgets\": {\"all\": {\"longestWaitMs\": 1}}}".write(to: budgets, atomically: true, encoding: .utf8)
        let output = try run(["explore", "--seeds", "20", "--budgets", budgets.path], summary: summary)
        #expect(output.status == 1)
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.contains("### onboarding-sim explore: 20 runs, 0 failed, 1 budget limit(s) exceeded"), "\(markdown)")
    }

    @Test func namesInTheStepSummaryShowAsThemselves() throws {
        let folder = try folder("markdown-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a *bold* `tick` <b>|x\nnext.json"), summary = folder.appendingPathComponent("summary.md")
        try FileManager.default.copyItem(at: ScenarioCommandTests.root.appendingPathComponent("scenarios/fix-plan/activation-network-blip.json"), to: file)
        let output = try run(["run", file.path, "--mutant", "fix-3"], summary: summary)
        #expect(output.status == 1)
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.contains("a \\*bold\\* \\`tick\\` &lt;b&gt;\\|x next.json |"), "\(markdown)")
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }.allSatisfy { $0.hasSuffix(" |") })
    }

    @Test func aBudgetsFilesProblemHasItsLineAndColumnAndAnAnnotation() throws {
        let folder = try folder("budgets-typo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let budgets = folder.appendingPathComponent("budgets.json")
        try "{\"format\": 1,\n \"budgets\": {\n  \"new-user\": {\"waitMz\": 5}}}".write(to: budgets, atomically: true, encoding: .utf8)
        let output = try run(["explore", "--seeds", "2", "--budgets", budgets.path])
        #expect(output.status == 2)
        #expect(output.standardError.contains("error: \(budgets.path):3:16: $.budgets.new-user.waitMz: unknown metric \"waitMz\""))
        #expect(output.standardOutput.contains("::error file=\(budgets.path),line=3,col=16,title=invalid budgets::"))
    }
}
