import Foundation
import Mutation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a child process with a wall-clock limit and collects what it printed.
///
/// A mutant can make the app loop without ever suspending, so a run never returns: the limit ends
/// such a child (SIGTERM, then SIGKILL) and says so, and the mutant counts as killed. Wall-clock
/// time is right here: this is the tool around the simulator, not a simulated run.
struct ProcessRunner {
    struct Outcome {
        enum Ending: Equatable {
            case exited(Int32)
            case signalled(Int32)
            case timedOut
        }

        let ending: Ending
        let standardOutput: String
        let standardError: String
        let seconds: Double
    }

    /// The environment children get: CI's own variables removed, so that a child run writes no
    /// GitHub annotations or step summary of its own, and no mutant switched on unless asked.
    static let childEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", MutantSchema.variable] { environment[name] = nil }
        return environment
    }()

    /// Names each child's output folder apart (the tool runs one child at a time, on one thread).
    nonisolated(unsafe) private static var childrenStarted = 0

    /// Runs `executable` in `directory`; `environment` is added to `childEnvironment`.
    static func run(_ executable: String, _ arguments: [String], in directory: URL, limit: Double,
                    environment: [String: String] = [:]) throws -> Outcome {
        childrenStarted += 1
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("onboarding-mutate-\(getpid())-\(childrenStarted)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = childEnvironment.merging(environment) { _, added in added }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let started = Date()  // determinism: ok (the tool around the simulator: wall-clock limits and ETA, never a trace)
        try process.run()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(started) > limit {  // determinism: ok (the tool around the simulator: wall-clock limits and ETA, never a trace)
                timedOut = true
                process.terminate()
                let grace = Date()  // determinism: ok (the tool around the simulator: wall-clock limits and ETA, never a trace)
                while process.isRunning, Date().timeIntervalSince(grace) < 2 { usleep(20_000) }  // determinism: ok (the tool around the simulator: wall-clock limits and ETA, never a trace)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)  // determinism: ok (the tool around the simulator: wall-clock limits and ETA, never a trace)
        let ending: Outcome.Ending
        if timedOut {
            ending = .timedOut
        } else if process.terminationReason == .uncaughtSignal {
            ending = .signalled(process.terminationStatus)
        } else {
            ending = .exited(process.terminationStatus)
        }
        return Outcome(ending: ending, standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                       standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "", seconds: seconds)
    }

    /// The full path of `command` on PATH (`swift`), or nil.
    static func which(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(command)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
