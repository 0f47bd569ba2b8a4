import Foundation
import Mutation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a report file whole: to a temporary file beside it, then renamed over it, so a run
/// stopped midway leaves the last complete report, never half of one.
enum OutputFile {
    /// Checks, before any work, that each report path given can be written: its folder exists and
    /// is writable, and it is not a folder (a run must not end in "cannot write" after hours).
    static func checkWritable(_ outputs: [(option: String, path: String?)], inputs: [String] = []) throws {
        // An output must not be a file the run reads (by device and inode: any spelling).
        var read: [String: String] = [:]
        for input in inputs {
            var info = stat()
            if stat(input, &info) == 0 { read["\(info.st_dev):\(info.st_ino)"] = input }
        }
        for case let (option, path?) in outputs {
            var info = stat()
            if stat(path, &info) == 0, let input = read["\(info.st_dev):\(info.st_ino)"] {
                throw MutationReportError(message: "\(option) \(path) is \(input), which this run reads; writing it would destroy it: "
                                          + "give the report another name")
            }
        }
        var seen: [String: String] = [:]
        for case let (option, path?) in outputs {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                throw MutationReportError(message: "\(option) \(path) is a folder; give a file name")
            }
            let folder = url.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw MutationReportError(message: "\(option) \(path): the folder \(folder) does not exist; create it first")
            }
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw MutationReportError(message: "\(option) \(path): the folder \(folder) is not writable")
            }
            if let other = seen[url.path] { throw MutationReportError(message: "\(other) and \(option) both name \(path); give each its own file") }
            seen[url.path] = option
        }
    }

    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            // A full disk: nothing half written is left behind, and the last whole report stays.
            try? FileManager.default.removeItem(at: temporary)
            throw MutationReportError(message: "cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(path): \(reason)"])
        }
    }
}
