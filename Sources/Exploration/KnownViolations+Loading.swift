import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Oracles
import Scenarios

extension KnownViolations {
    static let topKeys = ["$schema", "format", "known"]
    static let entryKeys = ["oracle", "reason", "persona", "seeds"]

    /// Reads a known-violations file: every problem at its JSON path, line and column, with what
    /// was expected. `oracles` are the names an entry may give (the explored app's), `targets` the
    /// personas or scenario files it may name.
    public static func load(_ path: String, oracles: [String], targets: [String]) -> Result<KnownViolations, ScenarioProblems> {
        func unreadable(_ why: String) -> Result<KnownViolations, ScenarioProblems> {
            .failure(ScenarioProblems([ScenarioError(file: path, location: "$", message: why,
                                                     suggestion: "give --known the path of a known-violations file (docs/exploration.md)")]))
        }
        // A folder, a FIFO or a device is refused before it is read (a FIFO would block the run).
        var info = stat()
        guard stat(path, &info) == 0 else { return unreadable("no such file") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return unreadable(info.st_mode & S_IFMT == S_IFDIR ? "is a folder, not a file" : "is not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return unreadable("cannot be read (check its permissions)") }
        let text = String(decoding: data, as: UTF8.self)
        return decode(Array(data), file: path, oracles: oracles, targets: targets).mapError { problems in
            var locations: [(path: String, line: Int, column: Int)]?
            return ScenarioProblems(problems.errors.map { $0.placed(in: text, locations: &locations) })
        }
    }

    /// Decodes the bytes of a known-violations file named `file`, as `load` does.
    public static func decode(_ bytes: [UInt8], file: String, oracles: [String], targets: [String]) -> Result<KnownViolations, ScenarioProblems> {
        var problems: [ScenarioError] = []
        func problem(_ location: String, _ message: String, _ suggestion: String? = nil) {
            problems.append(ScenarioError(file: file, location: location, message: message, suggestion: suggestion))
        }
        let root: JSONValue
        do { root = try JSONParser.parse(try JSONText.decode(bytes).get()) } catch {
            return .failure(ScenarioProblems([ScenarioError(file: file, location: "line \(error.line), column \(error.column)",
                                                            message: "not valid JSON: \(error.message)")]))
        }
        guard case .object(let top) = root, top.first(where: { $0.key == "format" })?.value == .number("1"),
              case .array(let items)? = top.first(where: { $0.key == "known" })?.value else {
            return .failure(ScenarioProblems([ScenarioError(file: file, location: "$",
                                                            message: "expected {\"format\": 1, \"known\": [{\"oracle\": …, \"reason\": …}]}")]))
        }
        for (key, _) in top where !topKeys.contains(key) {
            problem("$.\(key)", "unknown key \"\(key)\"", DidYouMean.closest(to: key, among: topKeys).map { "did you mean \"\($0)\"?" })
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            let at = "$.known[\(index)]"
            guard case .object(let members) = item else { problem(at, "expected an object with \"oracle\" and \"reason\""); continue }
            for (key, _) in members where !entryKeys.contains(key) {
                problem("\(at).\(key)", "unknown key \"\(key)\"",
                        DidYouMean.closest(to: key, among: entryKeys).map { "did you mean \"\($0)\"?" } ?? "one of: " + entryKeys.joined(separator: ", "))
            }
            func string(_ key: String) -> String? {
                guard let value = members.first(where: { $0.key == key })?.value else { return nil }
                guard case .string(let text) = value, !text.isEmpty else { problem("\(at).\(key)", "expected a non-empty string"); return nil }
                return text
            }
            var oracle = string("oracle")
            if oracle == nil, !members.contains(where: { $0.key == "oracle" }) {
                problem(at, "missing \"oracle\"", "add the name of the oracle whose violations are accepted")
            }
            if let name = oracle {
                let current = OracleCatalogue.currentName(of: name)
                if oracles.contains(current) {
                    oracle = current
                } else {
                    problem("\(at).oracle", "no oracle \"\(name)\" judges these runs",
                            DidYouMean.closest(to: name, among: oracles).map { "did you mean \"\($0)\"?" } ?? "`list --oracles` names them")
                    oracle = nil
                }
            }
            let reason = string("reason")
            if reason == nil, !members.contains(where: { $0.key == "reason" }) {
                problem(at, "missing \"reason\"", "say why it is accepted: a ticket, a sentence")
            }
            var target = string("persona")
            if let name = target, !targets.contains(name), !targets.contains("persona:" + name) {
                let names = targets.map { $0.hasPrefix("persona:") ? String($0.dropFirst(8)) : $0 }
                problem("\(at).persona", "nothing explored is named \"\(name)\"",
                        DidYouMean.closest(to: name, among: names).map { "did you mean \"\($0)\"?" } ?? "one of: " + names.joined(separator: ", "))
                target = nil
            }
            var seeds: [UInt64]?
            if let value = members.first(where: { $0.key == "seeds" })?.value {
                if case .array(let list) = value, !list.isEmpty {
                    seeds = []
                    for (position, seed) in list.enumerated() {
                        if case .number(let digits) = seed, let number = UInt64(digits) { seeds?.append(number) } else {
                            problem("\(at).seeds[\(position)]", "expected a whole number (a seed)")
                        }
                    }
                } else {
                    problem("\(at).seeds", "expected a non-empty array of seeds", "leave \"seeds\" out to accept every seed")
                }
            }
            if let oracle, let reason { entries.append(Entry(oracle: oracle, reason: reason, target: target, seeds: seeds)) }
        }
        guard problems.isEmpty else { return .failure(ScenarioProblems(problems)) }
        return .success(KnownViolations(entries: entries, file: file))
    }
}
