import Testing
import Foundation

/// Outputs under faults, as SQLite tests its I/O errors: a full device, a closed or broken
/// standard output, an output named the same as an input, two outputs on one file, text from a
/// file on the console. Each ends with a clear line and exit 2 (or the quiet end `head`
/// expects), never a trap, a torn file or a destroyed input.
@Suite struct OutputFaultTests {
    /// Runs the built tool through bash, so a test can redirect and close its streams.
    func shell(_ command: String, environment: [String: String] = [:]) throws -> BuiltTool.Output {
        try BuiltTool.run(program: URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: ScenarioCommandTests.root,
                          environment: environment)
    }

    var tool: String { BuiltTool.executable.path }

    @Test func aFullDeviceOnStandardOutputIsOneLineAndExitTwo() throws {
        let output = try shell("'\(tool)' list > /dev/full")
        #expect(output.status == 2, "\(output.standardError)")
        #expect(output.standardError.contains("cannot write standard output: No space left on device"), "\(output.standardError)")
        #expect(!output.standardError.contains("Fatal error"))
    }

    @Test func aClosedStandardOutputIsOneLineAndExitTwo() throws {
        let output = try shell("'\(tool)' list >&-")
        #expect(output.status == 2, "\(output.standardError)")
        #expect(output.standardError.contains("cannot write standard output: Bad file descriptor"), "\(output.standardError)")
        #expect(!output.standardError.contains("Fatal error"))
    }

    @Test func aReaderThatGoesAwayEndsTheToolQuietly() throws {
        // Far more than a pipe holds, so the tool is still writing when head has gone.
        let output = try shell("'\(tool)' run --trace | head -n 1 > /dev/null; echo \"status ${PIPESTATUS[0]}\"")
        #expect(output.standardOutput.contains("status 141"), "ended as by SIGPIPE: \(output.standardOutput)")
        #expect(output.standardError.isEmpty, "\(output.standardError)")
    }

    @Test func perSeedLinesOnAFullDeviceAreAnErrorNotATrap() throws {
        let output = try shell("'\(tool)' explore --seeds 300 --per-seed /dev/full")
        #expect(output.status == 2, "\(output.standardError)")
        #expect(output.standardError.contains("cannot write --per-seed"), "\(output.standardError)")
        #expect(!output.standardError.contains("Fatal error"))
    }

    @Test func aStepSummaryThatCannotBeWrittenIsOneLineAndExitTwo() throws {
        let output = try shell("'\(tool)' run scenarios/fix-plan/activation-network-blip.json",
                               environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "/dev/full"])
        #expect(output.status == 2, "\(output.standardError)")
        #expect(output.standardError.contains("cannot write GITHUB_STEP_SUMMARY (/dev/full)"), "\(output.standardError)")
        #expect(!output.standardError.contains("Fatal error"))
    }

    @Test func anOutputNamedAsAnInputIsRefusedAndTheInputKept() throws {
        let folder = try BuiltTool.scratchFolder("output-over-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("s.json")
        try FileManager.default.copyItem(at: ScenarioCommandTests.root.appendingPathComponent("scenarios/fix-plan/activation-network-blip.json"),
                                         to: scenario)
        let before = try Data(contentsOf: scenario)
        // The same file by another spelling: a link in another folder.
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: scenario)
        for junit in [scenario.path, link.path, folder.path + "/./s.json"] {
            let output = try shell("'\(tool)' run '\(scenario.path)' --junit '\(junit)'")
            #expect(output.status == 2, "\(junit): \(output.standardError)")
            #expect(output.standardError.contains("which this command reads"), "\(output.standardError)")
        }
        let budgets = try shell("'\(tool)' explore --seeds 5 --budgets scenarios/budgets.json --per-seed scenarios/budgets.json")
        #expect(budgets.status == 2 && budgets.standardError.contains("which this command reads"), "\(budgets.standardError)")
        #expect(try Data(contentsOf: scenario) == before)
    }

    @Test func twoOutputsOnOneFileAreRefused() throws {
        let folder = try BuiltTool.scratchFolder("two-outputs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.xml").path
        let output = try shell("'\(tool)' explore --seeds 5 --junit '\(path)' --coverage '\(path)'")
        #expect(output.status == 2, "\(output.standardError)")
        #expect(output.standardError.contains("--junit and --coverage both name"), "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path), "nothing ran")
    }

    @Test func aScenarioNamedToForgeAnAnnotationForgesNone() throws {
        let folder = try BuiltTool.scratchFolder("forged-annotation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: ScenarioCommandTests.root.appendingPathComponent("scenarios/fix-plan/activation-network-blip.json"),
                                  encoding: .utf8)
        let forged = try #require(original.range(of: #""name": ""#))
        let text = original.replacingCharacters(in: forged, with: #""name": "x\n::error title=forged::pwned\r\u001b]0;owned\u0007 "#)
        let file = folder.appendingPathComponent("s.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        // And an unknown key, which its error quotes, in a file whose own name holds a line break.
        let badKey = folder.appendingPathComponent("bad\n::error title=forged::name.json")
        try original.replacingCharacters(in: forged, with: #""\n::error title=forged::key\u001b[2J": 1, "name": ""#)
            .write(to: badKey, atomically: true, encoding: .utf8)
        for arguments in ["run '\(file.path)'", "run '\(file.path)' --json", "run '\(file.path)' --story", "validate '\(file.path)'",
                          "list '\(folder.path)'", "validate '\(folder.path)'", "run '\(folder.path)'"] {
            let output = try shell("'\(tool)' \(arguments)", environment: ["GITHUB_ACTIONS": "true"])
            for line in (output.standardOutput + "\n" + output.standardError).split(separator: "\n") {
                #expect(!line.hasPrefix("::error title=forged"), "\(arguments): \(line)")
                #expect(!line.contains("\u{1B}]0;") && !line.contains("\u{1B}[2J"), "\(arguments): an escape sequence reached the terminal")
            }
        }
    }

    @Test func aShardCutShortIsNamedWithItsLineAndColumn() throws {
        let folder = try BuiltTool.scratchFolder("merge-cut-short")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try shell("'\(tool)' explore --seeds 20 --shard 1/2 --json")
        let cut = folder.appendingPathComponent("shard-1.json")
        try String(whole.standardOutput.prefix(200)).write(to: cut, atomically: true, encoding: .utf8)
        let output = try shell("'\(tool)' merge '\(cut.path)'")
        #expect(output.status == 2)
        #expect(output.standardError.contains("shard-1.json: line 1, column 20"), "\(output.standardError)")
        #expect(output.standardError.contains("not valid JSON"), "\(output.standardError)")
    }

    @Test func aScenarioFileWhoseNameIsNotUTF8FailsItsFolder() throws {
        let folder = try BuiltTool.scratchFolder("non-utf8-name")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ScenarioCommandTests.root.appendingPathComponent("scenarios/fix-plan/activation-network-blip.json").path
        let output = try shell("cp '\(source)' '\(folder.path)/ok.json' && cp '\(source)' '\(folder.path)/'$'bad\\xff.json' && '\(tool)' run '\(folder.path)'")
        #expect(output.status == 2, "\(output.standardOutput)")
        #expect(output.standardError.contains("cannot be read: its name is not valid UTF-8"), "\(output.standardError)")
    }

    @Test func anEmptyNameOrANamedPipeWithNoReaderIsRefusedBeforeTheRun() throws {
        let folder = try BuiltTool.scratchFolder("unwritable-outputs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try shell("'\(tool)' explore --seeds 200000 --per-seed ''")
        #expect(empty.status == 2 && empty.standardError.contains("the name is empty"), "\(empty.standardError)")
        #expect(!empty.standardOutput.contains("runs:"), "refused before the run")
        let pipe = folder.appendingPathComponent("pipe").path
        let noReader = try shell("mkfifo '\(pipe)' && timeout 20 '\(tool)' explore --seeds 5 --junit '\(pipe)'")
        #expect(noReader.status == 2 && noReader.standardError.contains("a named pipe with no reader"), "\(noReader.standardError)")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedPerSeedRunLeavesNoPartialFile(_ signalNumber: Int32) throws {
        let folder = try BuiltTool.scratchFolder("interrupted-per-seed-\(signalNumber)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = Process()
        run.executableURL = BuiltTool.executable
        run.arguments = ["explore", "--seeds", "10000000", "--per-seed", folder.appendingPathComponent("seeds.jsonl").path]
        run.currentDirectoryURL = ScenarioCommandTests.root
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        try run.run()
        // Until the partial file is there, then the signal; killed outright after a minute.
        for _ in 0..<200 where (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true { usleep(50_000) }
        kill(run.processIdentifier, signalNumber)
        for _ in 0..<600 where run.isRunning { usleep(100_000) }
        if run.isRunning { kill(run.processIdentifier, SIGKILL) }
        run.waitUntilExit()
        #expect(run.terminationReason == .uncaughtSignal && run.terminationStatus == signalNumber, "ended by its signal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no partial file left")
    }

    @Test func theBenchRefusesAnOptionItDoesNotTake() throws {
        let bench = BuiltTool.executable.deletingLastPathComponent().appendingPathComponent("onboarding-bench")
        let output = try BuiltTool.run(program: bench, ["kernel", "--bogus"], in: nil, environment: [:])
        #expect(output.status == 2 && output.standardError.contains("takes no options, got '--bogus'"), "\(output.standardError)")
    }
}

/// Every output of every command on a full file system (a 64 KB tmpfs, filled): exit 2 with a line
/// naming the output, never a trap, and no torn file left that looks whole. Needs `mount` (root,
/// as CI runs); elsewhere it says so and checks nothing.
@Suite struct FullDiskTests {
    @Test func everyOutputOnAFullDiskIsExitTwoWithNoTornFile() throws {
        let folder = try BuiltTool.scratchFolder("full-disk")
        defer {
            _ = try? BuiltTool.run("umount", [folder.path])
            try? FileManager.default.removeItem(at: folder)
        }
        let mounted = try BuiltTool.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path])
        guard mounted.status == 0 else {
            print("FullDiskTests: no tmpfs could be mounted here (\(mounted.standardError.prefix(80))); run as root to check")
            return
        }
        _ = try BuiltTool.run("dd", ["if=/dev/zero", "of=\(folder.path)/fill", "bs=1k", "count=100"])
        let tool = BuiltTool.executable.path, mutate = MutateCommandTests.mutate.path
        let report = #"{"tool":"onboarding-mutate","plan":{"seed":"1"},"mutants":[{"id":"A.swift:3:5:delete-statement","file":"A.swift","line":3,"operator":"delete-statement","diff":"-     publish()","verdict":"killed","milliseconds":10}]}"#
        let reportFile = FileManager.default.temporaryDirectory.appendingPathComponent("full-disk-report-\(getpid()).json")
        try report.write(to: reportFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: reportFile) }
        let cases: [(command: String, names: String)] = [
            ("'\(tool)' run --junit '\(folder.path)/run.xml'", "run.xml"),
            ("'\(tool)' explore --seeds 2000 --per-seed '\(folder.path)/seeds.jsonl'", "seeds.jsonl"),
            ("'\(tool)' explore --seeds 50 --junit '\(folder.path)/explore.xml'", "explore.xml"),
            ("'\(tool)' explore --seeds 50 --coverage '\(folder.path)/coverage.json'", "coverage.json"),
            ("'\(tool)' explore --seeds 50 --json > '\(folder.path)/explore.json'", "standard output"),
            ("'\(tool)' report --persona new-user --html '\(folder.path)/run.html'", "run.html"),
            ("'\(tool)' list > '\(folder.path)/list.txt'", "standard output"),
            ("'\(mutate)' merge '\(reportFile.path)' --markdown '\(folder.path)/m.md'", "m.md"),
            ("'\(mutate)' merge '\(reportFile.path)' --json '\(folder.path)/m.json'", "m.json"),
        ]
        for (command, names) in cases {
            let output = try BuiltTool.run(program: URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: ScenarioCommandTests.root, environment: [:])
            #expect(output.status == 2, "\(command): \(output.status) \(output.standardError.suffix(300))")
            #expect(output.standardError.contains(names), "\(command): \(output.standardError.suffix(300))")
            #expect(!output.standardError.contains("Fatal error"), "\(command)")
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file != "fill" {
                let size = (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.size] as? Int) ?? 0
                #expect(size == 0, "\(command): \(file) left with \(size) bytes")
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            }
        }
    }
}
