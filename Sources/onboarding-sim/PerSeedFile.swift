import Foundation
import Exploration
import Reports

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
