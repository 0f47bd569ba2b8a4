import Foundation
import Scenarios

/// GitHub Actions workflow commands, printed when `GITHUB_ACTIONS=true`: an `::error` annotation
/// per problem, pointing at the file, line and column it concerns, escaped exactly as the Actions
/// toolkit escapes them, at most `shownPerKind` of each kind and then one line counting the rest;
/// and a Markdown summary appended to `$GITHUB_STEP_SUMMARY` when that is set.
///
/// ```
/// ::error file=scenarios/x.json,line=3,col=31,title=invalid scenario::$.faults[0].endpoint: unknown endpoint "jouney"
/// ```
struct GitHubAnnotations {
    /// One annotation.
    struct Annotation {
        var file: String?
        var line: Int?
        var column: Int?
        let title: String
        let message: String
    }

    /// How many annotations of one kind are printed before the rest are only counted.
    static let shownPerKind = 10

    static var enabled: Bool { Terminal.inGitHubActions }

    /// Set when standard output carries data (`--json`): annotations then go to standard error,
    /// which the runner reads for workflow commands too, so the JSON stays parseable.
    nonisolated(unsafe) static var toStandardError = false  // set once, before a command runs

    /// Writes one of the tool's own workflow commands (its text escaped by `command(_:)`), around
    /// the guard `Console` puts on every other line.
    static func print(_ line: String) {
        if toStandardError { StreamWriter.standardError(line + "\n") } else { StreamWriter.standardOutput(line + "\n") }
    }

    /// Prints the annotations of one kind (`violation`, `invalid scenario`, `budget`, …).
    static func emit(_ annotations: [Annotation], kind: String) {
        guard enabled, !annotations.isEmpty else { return }
        for annotation in annotations.prefix(shownPerKind) { print(command(annotation)) }
        if annotations.count > shownPerKind {
            print("::notice title=\(escapeProperty("more \(kind) annotations"))::"
                        + escapeData("\(annotations.count - shownPerKind) more \(kind)(s) not annotated; the log lists them all"))
        }
    }

    /// `::error file=…,line=…,col=…,title=…::message`, properties present only when known.
    static func command(_ annotation: Annotation) -> String {
        var properties: [String] = []
        if let file = annotation.file { properties.append("file=\(escapeProperty(file))") }
        if let line = annotation.line { properties.append("line=\(line)") }
        if let column = annotation.column { properties.append("col=\(column)") }
        properties.append("title=\(escapeProperty(annotation.title))")
        return "::error \(properties.joined(separator: ","))::\(escapeData(annotation.message))"
    }

    /// A message, as the toolkit's `escapeData`: `%`, CR and LF; and any other control character
    /// (an escape sequence from a file) shown as an escape, so nothing reaches the terminal.
    static func escapeData(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        return escaped.unicodeScalars.contains(where: Escaped.isControl) ? Escaped.console(escaped) : escaped
    }

    /// A property value, as the toolkit's `escapeProperty`: also `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Where a JSON path of `file` is, for an annotation (line 1 when the file or path is not found).
    static func place(_ path: String, in file: String) -> (line: Int, column: Int) {
        guard let data = FileManager.default.contents(atPath: file), let text = try? JSONText.decode(data).get() else { return (1, 1) }
        var locations: [(path: String, line: Int, column: Int)]?
        let placed = ScenarioError(file: file, location: path, message: "").placed(in: text, locations: &locations)
        return (placed.line ?? 1, placed.column ?? 1)
    }

    /// The annotation of a scenario file's problem.
    static func annotation(for problem: ScenarioError, title: String = "invalid scenario") -> Annotation {
        Annotation(file: problem.file, line: problem.line ?? 1, column: problem.column, title: title,
                   message: (problem.location.hasPrefix("line ") ? "" : "\(problem.location): ") + problem.message
                       + (problem.suggestion.map { " (\($0))" } ?? ""))
    }

    /// Appends Markdown to the job's summary page when `GITHUB_STEP_SUMMARY` names a file. A
    /// summary that cannot be written whole (a full disk) is cut back to what it was, and the
    /// tool ends with exit 2 and a line naming it.
    static func appendSummary(_ markdown: String) {
        guard enabled, let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            Console.error("note: cannot append to GITHUB_STEP_SUMMARY (\(path)): \(String(cString: strerror(errno)))")
            return
        }
        defer { close(descriptor) }
        let start = lseek(descriptor, 0, SEEK_END)
        if let error = StreamWriter.write(Array((markdown.hasSuffix("\n") ? markdown : markdown + "\n").utf8), to: descriptor) {
            if start >= 0 { _ = ftruncate(descriptor, start) }
            Console.error("error: cannot write GITHUB_STEP_SUMMARY (\(path)): \(String(cString: strerror(error)))")
            exit(ExitCode.badInput)
        }
    }

    /// A Markdown table cell: line breaks as spaces, Markdown's own characters escaped with a
    /// backslash (backslash, pipe, asterisk, underscore, backtick, brackets, tilde, hash) and
    /// ampersand and angle brackets as entities, so a file name shows as itself and cannot break
    /// the table or open a tag.
    static func cell(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\r\n", "\r", "\n": escaped += " "
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\", "|", "*", "_", "`", "[", "]", "~", "#": escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
