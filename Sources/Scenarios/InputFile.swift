import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file the tool was given (a scenario, a shard, a baseline), with the reason in words
/// when it cannot be: missing, a folder, a device or pipe, not readable, or larger than such a
/// file ever is (read whole, a 200 MB file would take gigabytes to parse).
public enum InputFile {
    /// The largest scenario file read: hand-written and shrunk scenarios are a few kilobytes.
    public static let maxScenarioBytes = 8 << 20
    /// The largest `explore --json` output read back (`merge`, `--baseline`): a few MB at most.
    public static let maxReportBytes = 256 << 20

    /// The bytes of `path`, or why they cannot be read.
    public static func read(_ path: String, atMost maxBytes: Int) -> Result<Data, ReadProblem> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(ReadProblem(message: "no such file")) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(ReadProblem(message: "is a folder, not a file"))
        default: return .failure(ReadProblem(message: "is not a regular file (a device, a pipe or a socket)"))
        }
        guard Int(info.st_size) <= maxBytes else {
            return .failure(ReadProblem(message: "is \(Int(info.st_size) >> 20) MB; such files are at most \(maxBytes >> 20) MB"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ReadProblem(message: "cannot be read (check its permissions)"))
        }
        return .success(data)
    }

    /// Why a file could not be read, in words.
    public struct ReadProblem: Error, Sendable, Equatable {
        public let message: String
    }
}
