import Foundation

/// Runs the built `onboarding-sim` executable as a separate process, as a user would.
struct BuiltTool {
    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// A new, empty folder under the temporary directory, named after `name` and this process
    /// (remove it with `defer`).
    static func scratchFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The executable next to the test bundle in the build folder.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("onboarding-sim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        let fallback = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".build/debug/onboarding-sim")
        return fallback
    }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        try run(program: executable, arguments, in: directory, environment: environment)
    }

    /// Runs any program (git, swift) the same way, through `/usr/bin/env` when given a bare name.
    static func run(_ name: String, _ arguments: [String], in directory: URL? = nil) throws -> Output {
        try run(program: URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: directory, environment: [:])
    }

    static func run(program: URL, _ arguments: [String], in directory: URL?, environment: [String: String]) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let directory { process.currentDirectoryURL = directory }
        let outPipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errorPipe
        try process.run()
        // Both pipes are read at once, before waiting: a child that fills one while this reads
        // the other would otherwise block for ever (a long stderr behind a short stdout).
        let errorRead = DispatchGroup(), errorBox = ErrorBox()
        errorRead.enter()
        DispatchQueue.global().async {
            errorBox.data = errorPipe.fileHandleForReading.readDataToEndOfFile()
            errorRead.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        let errorData = errorBox.data
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// Standard error as read on another thread; read back only after that thread has finished.
private final class ErrorBox: @unchecked Sendable {
    var data = Data()
}

extension BuiltTool.Output {
    /// The value after `key: ` on the first line that starts with it.
    func value(of key: String) -> String? {
        for line in standardOutput.split(separator: "\n") where line.hasPrefix(key + ": ") {
            return String(line.dropFirst(key.count + 2))
        }
        return nil
    }
}
