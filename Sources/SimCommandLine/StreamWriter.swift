import Foundation
import SimKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every byte the tool writes to a stream goes through here, and through `DescriptorWriter`
/// (`write(2)` in a loop): an error is reported, never a trap. (`FileHandle.write(_:)` is a `try!`
/// inside Foundation: a full disk or a closed standard output ended the tool with "Fatal error …
/// No space left on device".)
enum StreamWriter {
    /// Writes all of `bytes` to `descriptor`; nil when done, else the `errno` that stopped it.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        DescriptorWriter.write(bytes, to: descriptor)
    }

    /// Standard output's offset when the tool first wrote to it, if it is a regular file: a write
    /// that fails cuts the file back there, so a full disk leaves no half a report that looks whole.
    nonisolated(unsafe) private static var outputStart: off_t?
    nonisolated(unsafe) private static var outputStartKnown = false
    private static let outputLock = NSLock()

    /// Writes to standard output. When that fails, the tool ends: quietly when the reader went
    /// away (`EPIPE`: as a process killed by SIGPIPE, what `head` expects), else with one line
    /// naming the output and exit 2.
    static func standardOutput(_ text: String) {
        outputLock.lock()
        defer { outputLock.unlock() }
        if !outputStartKnown {
            outputStartKnown = true
            var info = stat()
            if fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                let offset = lseek(STDOUT_FILENO, 0, SEEK_CUR)
                if offset >= 0 { outputStart = offset }
            }
        }
        guard let error = write(Array(text.utf8), to: STDOUT_FILENO) else { return }
        if error == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
            exit(141)
        }
        if let start = outputStart { _ = ftruncate(STDOUT_FILENO, start) }
        _ = write(Array("\(toolName): cannot write standard output: \(String(cString: strerror(error)))\n".utf8), to: STDERR_FILENO)
        exit(ExitCode.badInput)
    }

    /// Writes to standard error; a failure there is ignored (there is nowhere left to say it).
    static func standardError(_ text: String) {
        _ = write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// The tool's name, as it was run.
    private static var toolName: String {
        CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "onboarding-sim"
    }
}
