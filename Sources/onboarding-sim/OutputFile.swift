import Foundation

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

    /// Writes `text` to `path`, or prints why it could not and returns false.
    static func write(_ text: String, to path: String) -> Bool {
        if let problem = problem(path) {
            Console.error("error: cannot write \(path): \(problem)")
            return false
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return true
        } catch {
            Console.error("error: cannot write \(path): permission denied or the disk is full")
            return false
        }
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
