import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opening a file the tool writes, with an error a person can act on when it cannot be.
enum OutputFile {
    /// Why `path` cannot be written, in words, or nil when it looks writable.
    static func problem(_ path: String) -> String? {
        if path.isEmpty { return "the name is empty; give a file name" }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
            // Opening a named pipe for writing waits for a reader, for ever if none comes.
            let descriptor = Glibc.open(path, O_WRONLY | O_NONBLOCK)
            if descriptor < 0 { return errno == ENXIO ? "it is a named pipe with no reader; start the reader first" : String(cString: strerror(errno)) }
            // Kept open until the tool ends: closed now, the reader would see the end of its input.
            _ = descriptor
        }
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
    /// long run does not end in "cannot write" and never writes over what it reads: each must be
    /// writable, none may be one of `inputs` (files, or folders whose files are read), the
    /// positional paths or (`readsScenarioFolder`, without them) `scenarios/`, and no two may be
    /// the same file. Prints each problem and returns false
    /// if any.
    static func checkBeforeWork(_ arguments: ParsedArguments, options: [String], inputs: [String?] = [],
                                readsScenarioFolder: Bool = false) -> Bool {
        var fine = true
        for option in options {
            guard let path = arguments.value(option), let problem = problem(path) else { continue }
            Console.error("error: \(option) \(path): cannot be written: \(problem)")
            fine = false
        }
        let outputs = options.compactMap { option in arguments.value(option).map { (option, $0) } }
        let read = inputs.compactMap { $0 } + (arguments.positionals.isEmpty && readsScenarioFolder ? [ScenarioArguments.defaultFolder] : arguments.positionals)
        if let clash = clash(outputs: outputs, inputs: read) {
            Console.error("error: \(clash)")
            fine = false
        }
        return fine
    }

    /// Why the outputs cannot be written as given, or nil: an output that is one of the files the
    /// command reads (compared by device and inode, not by spelling: a link or `./` names the same
    /// file), or two outputs that are one file. Devices (`/dev/null`, `/dev/stdout`) never clash.
    static func clash(outputs: [(option: String, path: String)], inputs: [String]) -> String? {
        var read: [String: String] = [:]
        for input in inputs {
            for file in files(under: input) where read[identity(file) ?? ""] == nil {
                if let id = identity(file) { read[id] = file }
            }
        }
        var written: [String: (option: String, path: String)] = [:]
        for output in outputs {
            guard let id = identity(output.path) else { continue }
            if let input = read[id] {
                return "\(output.option) \(Escaped.console(output.path)) is \(Escaped.console(input)), which this command reads; "
                    + "writing it would destroy it: give the output another name"
            }
            if let other = written[id] {
                return "\(other.option) and \(output.option) both name \(Escaped.console(output.path)): one would be lost; give each its own file"
            }
            written[id] = output
        }
        return nil
    }

    /// The regular files `path` names: itself, or those in the folder it names (in depth, at most
    /// 10,000).
    private static func files(under path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        var found: [String] = []
        for case let child as String in FileManager.default.enumerator(atPath: path) ?? NSEnumerator() {
            found.append((path as NSString).appendingPathComponent(child))
            if found.count >= 10_000 { break }
        }
        return found
    }

    /// A file's identity: its device and inode if it exists (links followed), else its absolute
    /// path with its folder's links resolved; nil for a device, a pipe or a socket.
    private static func identity(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            guard type == S_IFREG || type == S_IFDIR else { return nil }
            return "\(info.st_dev):\(info.st_ino)"
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let folder = absolute.deletingLastPathComponent().path
        guard let resolved = realpath(folder, nil) else { return "path:" + absolute.path }
        defer { free(resolved) }
        return "path:" + String(cString: resolved) + "/" + absolute.lastPathComponent
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
