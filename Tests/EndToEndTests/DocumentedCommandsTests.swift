import Testing
import Foundation

/// Every `swift run onboarding-sim …` line in README.md and docs/*.md runs with the exit code the
/// docs give it: 0, unless the line's comment says `exit N` (or `signal N`: 128 + N). Each file's commands run in order
/// (a later one may read what an earlier one wrote), in a fresh folder with a copy of
/// `scenarios/`, through bash with pipefail; `swift run [-c release] onboarding-sim` is the built tool (with -c release, the release build when
/// it is newer than every source).
@Suite struct DocumentedCommandsTests {
    struct Command {
        let file: String
        let line: Int
        let text: String
        let exitCode: Int32
    }

    /// The documented commands of one Markdown file: lines of `sh`, `bash` or unlabelled code
    /// blocks that run the tool (a leading `$ ` dropped).
    static func commands(in file: URL) throws -> [Command] {
        var found: [Command] = []
        var inBlock = false, shellBlock = false
        for (offset, raw) in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                if !inBlock { shellBlock = ["", "sh", "bash", "shell"].contains(String(line.dropFirst(3))) }
                inBlock.toggle()
                continue
            }
            guard inBlock, shellBlock else { continue }
            let text = line.hasPrefix("$ ") ? String(line.dropFirst(2)) : line
            // This package's tool, not an example's (`swift run my-onboarding-sim` runs in its own package).
            guard text.contains("swift run onboarding-sim") || text.contains("swift run -c release onboarding-sim") else { continue }
            var exitCode: Int32 = 0
            if let comment = text.range(of: "#"), let code = text[comment.upperBound...].firstMatch(of: /\bexit (\d+)/) {
                exitCode = Int32(code.1) ?? 0
            } else if let comment = text.range(of: "#"), let signal = text[comment.upperBound...].firstMatch(of: /\bsignal (\d+)/) {
                // Ended by a signal: bash reports 128 + N (a process it ran directly shows N itself).
                exitCode = 128 + (Int32(signal.1) ?? 0)
            }
            found.append(Command(file: file.lastPathComponent, line: offset + 1, text: text, exitCode: exitCode))
        }
        return found
    }

    static var documents: [URL] {
        let root = ScenarioCommandTests.root
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return [root.appendingPathComponent("README.md")]
            + docs.filter { $0.hasSuffix(".md") }.sorted().map { root.appendingPathComponent("docs/\($0)") }
    }

    @Test(.timeLimit(.minutes(10)), arguments: DocumentedCommandsTests.documents)
    func everyDocumentedCommandExitsAsDocumented(_ document: URL) throws {
        let commands = try Self.commands(in: document)
        guard !commands.isEmpty else { return }
        let folder = try BuiltTool.scratchFolder("documented-\(document.lastPathComponent)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: ScenarioCommandTests.root.appendingPathComponent("scenarios"),
                                         to: folder.appendingPathComponent("scenarios"))
        // `swift run` makes `.build/` before the tool runs; the README writes its files there.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".build"), withIntermediateDirectories: true)
        let tool = BuiltTool.executable.path
        // What the docs run in release runs on a release build when one is newer than every source
        // (CI builds it first): ten thousand seeds take seconds there and minutes in debug.
        let release = Self.freshReleaseTool?.path ?? tool
        for command in commands {
            let script = command.text.replacingOccurrences(of: "swift run -c release onboarding-sim", with: release)
                .replacingOccurrences(of: "swift run onboarding-sim", with: tool)
            let output = try BuiltTool.run(program: URL(fileURLWithPath: "/bin/bash"), ["-o", "pipefail", "-c", script], in: folder, environment: [:])
            #expect(output.status == command.exitCode || output.status + 128 == command.exitCode,
                    "\(command.file):\(command.line): `\(command.text)` exited \(output.status)\n\(output.standardError.suffix(600))")
        }
    }

    /// `.build/release/onboarding-sim` if it was built after the last change to `Sources/` and
    /// `Package.swift`, else nil (a stale release build would test old code).
    static var freshReleaseTool: URL? {
        let root = ScenarioCommandTests.root
        let candidate = root.appendingPathComponent(".build/release/onboarding-sim")
        let manager = FileManager.default
        func modified(_ path: String) -> Date? { (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
        guard manager.isExecutableFile(atPath: candidate.path), let built = modified(candidate.path) else { return nil }
        var newest = modified(root.appendingPathComponent("Package.swift").path) ?? .distantFuture
        let sources = root.appendingPathComponent("Sources")
        for case let relative as String in manager.enumerator(atPath: sources.path) ?? FileManager.DirectoryEnumerator() {
            if let date = modified(sources.appendingPathComponent(relative).path), date > newest { newest = date }
        }
        return built >= newest ? candidate : nil
    }

    @Test func theDocsShowCommandsToCheck() throws {
        let all = try Self.documents.flatMap(Self.commands)
        #expect(all.count >= 30, "README.md and docs/ show \(all.count) commands")
        #expect(all.contains { $0.exitCode == 1 })
    }
}
