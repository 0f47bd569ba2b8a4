import Scenarios

/// Bugs a team writes by hand from its own seeds, each a find-and-replace in one source file,
/// tried like the operators' mutants (`onboarding-mutate --bugs FILE`): built in the copy,
/// checked with the scenarios and explored with both users, and reported as killed, survived,
/// no behaviour change or build failed. The operators change code mechanically; a bug a team
/// ships is more often a whole wrong decision in one place, and this is how to ask whether the
/// oracles would see it.
///
/// ```json
/// {"bugs": [
///   {"name": "resend-restarts-countdown",
///    "file": "Sources/OnboardingModel/Client/ClientStore+Auth.swift",
///    "find": "errorMessage = \"Failed to resend code. Please try again.\"",
///    "replace": "errorMessage = \"Failed to resend code. Please try again.\"; startResendTimer(owner: \"again\")",
///    "why": "002 §9: the countdown restarts only after a successful resend"}
/// ]}
/// ```
///
/// `find` must occur exactly once in `file` (copy it from the file, white space and all), and
/// `name` is the bug's id in the report: unique, made of letters, digits and `-`.
public struct HandWrittenBug: Sendable, Equatable {
    public let name: String
    /// The file, relative to the package root.
    public let file: String
    public let find: String
    public let replace: String
    /// What the seeds promise that the bug breaks (shown in reports, not checked).
    public let why: String

    public init(name: String, file: String, find: String, replace: String, why: String = "") {
        self.name = name
        self.file = file
        self.find = find
        self.replace = replace
        self.why = why
    }

    /// The bugs listed in a bugs file's text; `path` names the file in errors.
    public static func parse(_ text: String, path: String) throws -> [HandWrittenBug] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw MutationReportError(message: "\(path): \(error) (a bugs file is JSON: {\"bugs\": [{\"name\", \"file\", \"find\", \"replace\", \"why\"}]})")
        }
        let locations = JSONParser.locations(in: text)
        func problem(_ jsonPath: String, _ message: String) -> MutationReportError {
            let place = locations.first { $0.path == jsonPath }.map { ":\($0.line):\($0.column)" } ?? ""
            return MutationReportError(message: "\(path)\(place): \(jsonPath): \(message)")
        }
        guard case .object(let members) = root, case .array(let entries)? = members.first(where: { $0.key == "bugs" })?.value else {
            throw problem("$", "expected an object with a \"bugs\" array")
        }
        var bugs: [HandWrittenBug] = []
        for (index, entry) in entries.enumerated() {
            let at = "$.bugs[\(index)]"
            guard case .object(let fields) = entry else { throw problem(at, "expected an object") }
            if let unknown = fields.first(where: { !["name", "file", "find", "replace", "why"].contains($0.key) }) {
                throw problem("\(at).\(unknown.key)", "unknown key; a bug has name, file, find, replace and why")
            }
            func string(_ key: String, required: Bool = true) throws -> String {
                guard let value = fields.first(where: { $0.key == key })?.value else {
                    if required { throw problem(at, "missing \"\(key)\"") }
                    return ""
                }
                guard case .string(let text) = value else { throw problem("\(at).\(key)", "expected a string") }
                return text
            }
            let bug = HandWrittenBug(name: try string("name"), file: try string("file"), find: try string("find"),
                                     replace: try string("replace"), why: try string("why", required: false))
            guard !bug.name.isEmpty, bug.name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw problem("\(at).name", "expected letters, digits and '-', got \"\(bug.name)\"")
            }
            guard !bugs.contains(where: { $0.name == bug.name }) else {
                throw problem("\(at).name", "\"\(bug.name)\" names an earlier bug too; each name is once")
            }
            guard !bug.find.isEmpty else { throw problem("\(at).find", "expected the text to replace, got nothing") }
            guard bug.find != bug.replace else { throw problem("\(at).replace", "the same as find: the bug changes nothing") }
            if let twin = bugs.first(where: { $0.file == bug.file && $0.find == bug.find && $0.replace == bug.replace }) {
                throw problem(at, "the same edit as \"\(twin.name)\" (file, find and replace): it would be tried, and counted, twice; keep one")
            }
            bugs.append(bug)
        }
        return bugs
    }

    /// The bug as a mutant of `source` (its `file`): an error unless `find` occurs there once.
    public func mutant(of source: SourceFile, path: String) throws -> Mutant {
        let text = Array(source.text.utf8), wanted = Array(find.utf8)
        var starts: [Int] = []
        if wanted.count <= text.count {
            for start in 0...(text.count - wanted.count) where text[start] == wanted[0] && text[start..<start + wanted.count].elementsEqual(wanted) {
                starts.append(start)
                if starts.count > 1 { break }
            }
        }
        guard starts.count == 1 else {
            throw MutationReportError(message: "\(path): bug \"\(name)\": its find text occurs \(starts.isEmpty ? "nowhere" : "more than once") in \(file); "
                                      + (starts.isEmpty ? "copy it from the file exactly, white space and all" : "give more of the text around it"))
        }
        return Mutant(file: source, start: starts[0], end: starts[0] + wanted.count, replacement: replace,
                      operator: .handWritten, name: name)
    }
}
