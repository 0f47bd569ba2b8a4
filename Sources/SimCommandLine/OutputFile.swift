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
        if FileManager.default.fileExists(atPath: path) {
            if !FileManager.default.isWritableFile(atPath: path) { return "it is not writable" }
        } else if !FileManager.default.isWritableFile(atPath: parent.isEmpty ? "." : parent) {
            return "the folder \(parent.isEmpty ? "." : parent) is not writable"
        }
        return nil
    }

    /// Checks the output paths the options of `arguments` name before any work is done, so a
    /// long run does not end in "cannot write"; prints each problem and returns false if any.
    static func checkBeforeWork(_ arguments: ParsedArguments, options: [String]) -> Bool {
        var fine = true
        for option in options {
            guard let path = arguments.value(option), let problem = problem(path) else { continue }
            Console.error("error: \(option) \(path): cannot be written: \(problem)")
            fine = false
        }
        return fine
    }

    /// Writes `text` to `path`, or prints why it could not and returns false. A regular file is
    /// written whole, then put in place; a symbolic link is followed (the file it names is
    /// replaced, not the link); a device or a pipe (`/dev/null`, `/dev/stdout`) is written to as
    /// it is, never replaced by a file.
    static func write(_ text: String, to path: String) -> Bool {
        if let problem = problem(path) {
            Console.error("error: cannot write \(path): \(problem)")
            return false
        }
        let target = followingLinks(path)
        do {
            if isSpecial(target), let handle = FileHandle(forWritingAtPath: target) {
                defer { try? handle.close() }
                try handle.write(contentsOf: Data(text.utf8))
                return true
            }
            try text.write(toFile: target, atomically: true, encoding: .utf8)
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

    /// Whether `path` exists and is neither a regular file nor a folder (a device, a pipe, a socket).
    static func isSpecial(_ path: String) -> Bool {
        guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { return false }
        return type != .typeRegular && type != .typeDirectory && type != .typeSymbolicLink
    }

    /// The file `path` names once its symbolic links are followed (a link to a file not there yet
    /// names that file); at most 40 links, as the system allows.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }
}
