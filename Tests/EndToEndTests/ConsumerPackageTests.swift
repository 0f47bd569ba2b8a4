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
                targets: [.testTarget(name: "ConsumerTests", dependencies: [.product(name: "Scenarios", package: "onboarding-sim")],
                                      exclude: ["scenarios"])]
            )
            """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
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
    }
}
