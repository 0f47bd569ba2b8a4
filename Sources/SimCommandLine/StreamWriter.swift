import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every byte the tool writes to a stream goes through here: `write(2)` in a loop, a signal's
/// interruption (`EINTR`) tried again, a full non-blocking pipe (`EAGAIN`) waited for, and an error
/// reported, never a trap. (`FileHandle.write(_:)` is a `try!` inside Foundation: a full disk or a
/// closed standard output ended the tool with "Fatal error … No space left on device".)
enum StreamWriter {
    /// Writes all of `bytes` to `descriptor`; nil when done, else the `errno` that stopped it.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #endif
            }
            if result > 0 {
                written += result
                continue
            }
            let error = result < 0 ? errno : EIO
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, 1000)
                continue
            }
            return error
        }
        return nil
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
