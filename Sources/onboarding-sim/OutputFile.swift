import Foundation
import Exploration
import Reports

/// Opening a file the tool writes, with an error a person can act on when it cannot be.
enum OutputFile {
    /// Why `path` cannot be written, in words, or nil when it looks writable.
    static func problem(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder; give a file name, such as \(path.hasSuffix("/") ? path : path + "/")report"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) {
            return "the folder \(parent) does not exist; create it first"
        }
        if !parent.isEmpty, !isFolder.boolValue { return "\(parent) is not a folder" }
        return nil
    }

    /// A file opened for writing from its start, or nil after printing why it cannot be.
    static func open(_ path: String) -> FileHandle? {
        if let problem = problem(path) {
            Console.error("error: cannot write \(path): \(problem)")
            return nil
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            Console.error("error: cannot write \(path): permission denied or the disk is full")
            return nil
        }
        return handle
    }
}

/// `explore --per-seed FILE`: one JSON line per explored seed, written in seed order as the runs
/// finish, through a buffer (so memory stays flat and the file grows as the exploration goes).
final class PerSeedFile: @unchecked Sendable {
    // `buffer` and `handle` are touched only by the sink's body, which InSeedOrder runs under its lock.
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private(set) var sink: InSeedOrder!

    init?(path: String) {
        guard let handle = OutputFile.open(path) else { return nil }
        self.handle = handle
        sink = InSeedOrder { [unowned self] run in self.append(run) }
    }

    private func append(_ run: ExplorationRun) {
        let line = JSONWriter.line(.object([
            ("target", .string(run.target)), ("seed", .string(String(run.seed))), ("passed", .bool(run.result.passed)),
            ("violations", .array(run.result.failedChecks.map(JSONWriter.Value.string))),
            ("traceHash", .string(run.result.traceHash)),
        ]))
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and closes the file; call once the exploration has ended.
    func close() {
        flush()
        try? handle.close()
    }
}
