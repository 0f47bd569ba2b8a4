import Foundation
import Exploration
import Reports

/// `explore --per-seed FILE`: one JSON line per explored seed, written in seed order as the runs
/// finish, through a buffer (so memory stays flat).
///
/// Like the other reports, the file appears whole: the lines go to `FILE.partial-<pid>` beside
/// it, which is renamed over FILE once the exploration has ended. A run stopped half way leaves
/// FILE as it was (and the partial file, named as what it is), and two runs writing the same
/// FILE never tear each other's lines. A device or a pipe (`/dev/stdout`) is written in place.
final class PerSeedFile: @unchecked Sendable {
    // `buffer` and `handle` are touched only by the sink's body, which InSeedOrder runs under its lock.
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// The `errno` of the first write that failed; nothing more is written after it.
    private var failure: Int32?
    private(set) var sink: InSeedOrder!
    /// Where the lines go until the end, and the file they then replace (nil: written in place).
    private let rename: (partial: String, final: String)?

    init?(path: String) {
        var info = stat()
        // A device, a pipe, or a name for one (/dev/stdout, /proc/self/fd/1, even when it leads to
        // a file the process's own output goes to) is written in place, never replaced.
        let device = path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
        if device || (stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR) {
            // The process's own stdout shares its offset with the summary printed after it.
            let standard = path == "/dev/stdout" ? FileHandle.standardOutput : path == "/dev/stderr" ? FileHandle.standardError : nil
            guard let handle = standard ?? FileHandle(forWritingAtPath: path) else {
                Console.error("error: cannot write \(path): permission denied")
                return nil
            }
            self.handle = handle
            rename = nil
        } else {
            let target = OutputFile.followingLinks(path)
            let partial = target + ".partial-\(getpid())"
            if let problem = OutputFile.problem(path) {
                Console.error("error: cannot write \(path): \(problem)")
                return nil
            }
            guard let handle = OutputFile.open(partial) else { return nil }
            self.handle = handle
            rename = (partial, target)
            InterruptCleanup.remove(partial)
        }
        sink = InSeedOrder { [unowned self] run in self.append(run) }
    }

    private func append(_ run: ExplorationRun) {
        let line = JSONWriter.line(.object([
            ("target", .string(run.target)), ("seed", .string(run.id.description)), ("passed", .bool(run.result.passed)),
            ("violations", .array(run.result.failedChecks.map(JSONWriter.Value.string))),
            ("traceHash", .string(run.result.traceHash)),
        ]))
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        if failure == nil, !buffer.isEmpty { failure = StreamWriter.write(buffer, to: handle.fileDescriptor) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, closes the file and puts it in place; call once the exploration has
    /// ended. False (after saying why) if it could not be written whole (a full disk: the partial
    /// file is removed, so no torn file is left) or put in place.
    @discardableResult
    func close() -> Bool {
        flush()
        if handle !== FileHandle.standardOutput && handle !== FileHandle.standardError { try? handle.close() }
        if let rename { InterruptCleanup.forget(rename.partial) }
        if let failure {
            if let rename { unlink(rename.partial) }
            Console.error("error: cannot write --per-seed \(rename?.final ?? "output"): \(String(cString: strerror(failure)))")
            return false
        }
        guard let rename else { return true }
        guard Foundation.rename(rename.partial, rename.final) == 0 else {
            Console.error("error: cannot put \(rename.final) in place; the lines are in \(rename.partial)")
            return false
        }
        return true
    }
}
