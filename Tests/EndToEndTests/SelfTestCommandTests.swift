import Testing
import SimKernel

/// The built tool, run as separate processes: determinism across processes, usage errors.
@Suite struct SelfTestCommandTests {
    @Test func twoProcessesWithTheSameSeedPrintTheSameTraceHashAsThisOne() throws {
        // Each process has its own hashing seed for Dictionary and Set; a trace that
        // depended on them would differ here.
        let first = try BuiltTool.run(["selftest", "--seed", "7", "--strategy", "seeded", "--trace"])
        let second = try BuiltTool.run(["selftest", "--seed", "7", "--strategy", "seeded", "--trace"])
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        let inProcess = KernelSelfCheck.run(seed: 7, strategy: .seeded)
        #expect(first.standardOutput.contains("hash \(inProcess.traceHash)"))
        #expect(first.value(of: "foreign jobs") == "0")
    }

    @Test func differentSeedsPrintDifferentHashes() throws {
        let first = try BuiltTool.run(["selftest", "--seed", "1"])
        let second = try BuiltTool.run(["selftest", "--seed", "2"])
        #expect(first.value(of: "trace") != second.value(of: "trace"))
    }

    @Test func aMisspeltOptionExitsWithTwoAndSuggestsTheRightOne() throws {
        let output = try BuiltTool.run(["selftest", "--sed", "7"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("did you mean '--seed'?"))
        #expect(output.standardError.contains("usage: onboarding-sim selftest"))
    }

    @Test func anUnknownCommandExitsWithTwo() throws {
        let output = try BuiltTool.run(["selftst"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("did you mean 'selftest'?"))
    }

    @Test func helpListsTheCommandsAndExitsWithZero() throws {
        let output = try BuiltTool.run(["--help"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("selftest"))
    }
}
