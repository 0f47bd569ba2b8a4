import Foundation

/// Finds and decodes scenario files: folders are searched recursively for `*.json`, in
/// sorted order so that every machine runs them in the same order.
public enum ScenarioLoader {
    /// Files the loader never treats as scenarios.
    public static let reservedNames = ["budgets.json"]

    /// Every scenario file under `paths` (files as given, folders searched), sorted, without repeats.
    public static func files(in paths: [String]) -> (files: [String], problems: [ScenarioError]) {
        var files: [String] = []
        var problems: [ScenarioError] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                let link = try? manager.destinationOfSymbolicLink(atPath: path)
                problems.append(ScenarioError(file: path, location: "path", message: link.map {
                    "is a symbolic link to \($0), which cannot be reached (a link loop, or a missing target)"
                } ?? "no such file or folder"))
                continue
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            var unreadable: [String] = []
            let found = scenarioFiles(under: path, unreadable: &unreadable)
                .sorted()
                .map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
            for name in unreadable {
                problems.append(ScenarioError(file: path, location: "path",
                                              message: "\(name) cannot be read: its name is not valid UTF-8",
                                              suggestion: "rename it to a name in UTF-8"))
            }
            if found.isEmpty && unreadable.isEmpty {
                problems.append(ScenarioError(file: path, location: "path", message: "no scenario files (*.json) in this folder"))
            }
            files += found
        }
        var unique: [String] = []
        for file in files where !unique.contains(file) { unique.append(file) }
        return (unique, problems)
    }

    /// The scenario files under `folder`, as paths relative to it. Symbolic links are followed,
    /// the folder itself included (a `scenarios` that links elsewhere), and each real folder is
    /// searched once, so a link back up the tree ends instead of looping.
    /// A name the system lists but no path reaches (not valid UTF-8: Foundation gives it with
    /// U+FFFD in place of its bytes) goes to `unreadable`, so the folder's run fails instead of
    /// passing without it.
    static func scenarioFiles(under folder: String, unreadable: inout [String]) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        var seen: Set<String> = []  // real paths of the folders searched; looked up only
        var pending: [(real: String, relative: String)] = [(realPath(folder), "")]
        while let (real, relative) = pending.popLast() {
            guard seen.insert(real).inserted, let names = try? manager.contentsOfDirectory(atPath: real) else { continue }
            for name in names.sorted() {
                let path = real + "/" + name, shown = relative.isEmpty ? name : relative + "/" + name
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                    var info = stat()
                    if lstat(path, &info) != 0, name.unicodeScalars.contains("\u{FFFD}") { unreadable.append(shown) }
                    continue
                }
                if isFolder.boolValue {
                    pending.append((realPath(path), shown))
                } else if name.hasSuffix(".json") && !reservedNames.contains(name) {
                    found.append(shown)
                }
            }
        }
        return found
    }

    /// `path` with every symbolic link and `..` resolved (the C library's `realpath`: Foundation's
    /// `resolvingSymlinksInPath` takes a relative link's target from the wrong folder on Linux).
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Decodes every scenario under `paths`, each relative to the folder that holds `file` unless
    /// absolute. From a test, pass `#filePath`: the scenarios beside the test are found wherever
    /// `swift test` runs, where paths relative to the working folder would find nothing.
    ///
    /// ```swift
    /// let loaded = ScenarioLoader.load(["scenarios"], relativeTo: #filePath)
    /// try #require(loaded.problems.isEmpty, "\(loaded.problems)")   // a wrong path is a problem
    /// ```
    public static func load(_ paths: [String], relativeTo file: String) -> (scenarios: [Scenario], problems: [ScenarioError]) {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        return load(paths.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path })
    }

    /// Decodes every scenario under `paths`; problems of all files are returned together. A path
    /// that does not exist, or a folder with no scenario file, is a problem too.
    public static func load(_ paths: [String]) -> (scenarios: [Scenario], problems: [ScenarioError]) {
        let (files, missing) = files(in: paths)
        var scenarios: [Scenario] = []
        var problems = missing
        for file in files {
            let data: Data
            switch InputFile.read(file, atMost: InputFile.maxScenarioBytes) {
            case .success(let read): data = read
            case .failure(let why):
                problems.append(ScenarioError(file: file, location: "file", message: why.message))
                continue
            }
            let text: String
            switch JSONText.decode(data) {
            case .success(let decoded): text = decoded
            case .failure(let error):
                problems.append(ScenarioError(file: file, location: "line \(error.line), column \(error.column)", message: error.message,
                                              line: error.line, column: error.column))
                continue
            }
            switch ScenarioDecoder.decode(text, file: file) {
            case .success(var scenario):
                var locations: [(path: String, line: Int, column: Int)]?
                scenario.notes = scenario.notes.map { $0.placed(in: text, locations: &locations) }
                scenarios.append(scenario)
            case .failure(let found):
                var locations: [(path: String, line: Int, column: Int)]?
                problems += found.errors.map { $0.placed(in: text, locations: &locations) }
            }
        }
        return (scenarios, problems)
    }
}
