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
    /// The child running now and its output folder, for the interrupt handler.
    nonisolated(unsafe) private static var running: (pid: pid_t, folder: URL)?
    /// Set by the interrupt handler: no child starts after it (the tool is about to end).
    nonisolated(unsafe) private static var stopping = false
    private static let runningLock = NSLock()
    nonisolated(unsafe) private static var interruptSources: [DispatchSourceSignal] = []

    /// On Ctrl-C (SIGINT) or SIGTERM: the running child and its process group (a build's
    /// compilers, a check's workers) are stopped and its output folder removed, then the tool
    /// ends (exit 130 or 143). Children run in process groups of their own, so without this they
    /// would go on after the tool.
    static func stopChildrenOnInterrupt() {
        guard interruptSources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                runningLock.lock()
                stopping = true
                let child = running
                runningLock.unlock()
                if let child {
                    let tree = frozenTree(of: child.pid)
                    for pid in tree { kill(pid, SIGTERM) }
                    for pid in tree { kill(pid, SIGCONT) }
                    usleep(500_000)
                    // Anything the tree started while it ended, then the tree itself.
                    for pid in descendants(of: child.pid) + tree { kill(pid, SIGKILL) }
                    try? FileManager.default.removeItem(at: child.folder)
                }
                Progress.say("onboarding-mutate: stopped by signal \(signalNumber); the report keeps the mutants finished so far")
                exit(128 + signalNumber)
            }
            source.resume()
            interruptSources.append(source)
        }
        // Delivered to this thread even where the tool was started with them blocked.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

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
        // Started and registered under the lock, so an interrupt either sees this child or keeps
        // it from starting (a build retried after its child was stopped must not outlive us).
        runningLock.lock()
        while stopping {
            runningLock.unlock()
            sleep(60)
            runningLock.lock()
        }
        do {
            try process.run()
        } catch {
            runningLock.unlock()
            throw error
        }
        running = (process.processIdentifier, scratch)
        runningLock.unlock()
        defer {
            runningLock.lock()
            running = nil
            runningLock.unlock()
        }
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

    /// Every process below `root`, read from /proc (parent ids), nearest first; empty where
    /// /proc is not there.
    /// `root` and every process under it, each stopped (`SIGSTOP`) as it is found, found again
    /// until no new one appears: a build starts compilers while it is being looked at, and a
    /// stopped process starts none. Found before any of it ends, since an orphan moves to init
    /// (a build's compilers run in process groups of their own, so a group signal misses them).
    static func frozenTree(of root: pid_t) -> [pid_t] {
        var tree: [pid_t] = []
        var found = [root]
        while !found.isEmpty {
            for pid in found { kill(pid, SIGSTOP) }
            tree += found
            found = descendants(of: root).filter { !tree.contains($0) }
        }
        return tree
    }

    static func descendants(of root: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // "pid (command) state ppid …": the command may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = [], queue = [root]
        while let next = queue.first {
            queue.removeFirst()
            for child in children[next, default: []].sorted() {
                found.append(child)
                queue.append(child)
            }
        }
        return found
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
