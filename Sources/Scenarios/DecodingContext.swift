import SimKernel
import AppVocabulary

/// Reads JSON values into typed fields, collecting every error with its path instead of
/// stopping at the first, so a file's problems are all reported at once. A plug-in that reads
/// its `device` and `backend` sections into types of its own (`AppPlugin.decodeSetup`) uses it
/// too, and returns its `setupProblems`.
public final class DecodingContext {
    public let file: String
    /// The app the file names (`$.app`; by default the tool's, `AppRegistry.defaultApp`): which
    /// steps, actions, endpoints and routes are known.
    public var app = AppRegistry.defaultApp
    private var kept: [ScenarioError] = []
    /// Problems found beyond `maxErrors`: counted, not kept, so a broken file of any size
    /// reports in time and space that do not grow with its number of mistakes.
    private var uncounted = 0
    static let maxErrors = 50

    public init(file: String) { self.file = file }

    /// `word` as an error names it: for an app other than the tool's default, with the app's name
    /// (`action of the pickup app`), so a value of the other app says whose list it missed.
    public func noun(_ word: String) -> String { app == AppRegistry.defaultApp ? word : "\(word) of the \(app.rawValue) app" }

    /// The file's problems, the last one saying how many more were found, if any.
    var errors: [ScenarioError] {
        guard uncounted > 0 else { return kept }
        return kept + [ScenarioError(file: file, location: "$", message: "… and \(uncounted) more problem(s) in this file",
                                     suggestion: "fix the ones above first")]
    }

    /// The problems as a plug-in's `decodeSetup` returns them (the decoder puts them back with
    /// their lines).
    public var setupProblems: [AppSetupProblem] {
        errors.map { AppSetupProblem(path: $0.location, message: $0.message, suggestion: $0.suggestion) }
    }

    /// What the file says that works but should be said otherwise (a rule's former name): kept
    /// with the scenario (`Scenario.notes`), printed as notes, never failing it.
    public private(set) var notes: [ScenarioError] = []

    /// Records a note (at most `maxErrors` of them).
    public func note(_ path: String, _ message: String, suggestion: String? = nil) {
        guard notes.count < Self.maxErrors else { return }
        notes.append(ScenarioError(file: file, location: path, message: message, suggestion: suggestion))
    }

    /// The places already reported, so that a later check can skip them.
    public var reportedLocations: [String] { kept.map(\.location) }

    /// Records a problem; the suggestion is worked out only for problems that are kept.
    public func fail(_ path: String, _ message: @autoclosure () -> String, suggestion: @autoclosure () -> String? = nil) {
        guard kept.count < Self.maxErrors else {
            uncounted += 1
            return
        }
        kept.append(ScenarioError(file: file, location: path, message: message(), suggestion: suggestion()))
    }

    /// The members of an object at `path`, after checking that it is one and that every key is known.
    public func object(_ value: JSONValue?, at path: String, keys: [String]) -> Fields? {
        guard let value else { return nil }
        guard case .object(let members) = value else {
            fail(path, "expected an object, found \(value.kindName)")
            return nil
        }
        for (key, _) in members where !keys.contains(key) {
            fail("\(path).\(key)", "unknown key \"\(key)\"", suggestion: didYouMean(key, keys, orList: true))
        }
        return Fields(path: path, members: members)
    }

    public func array(_ value: JSONValue?, at path: String) -> [JSONValue]? {
        guard let value else { return nil }
        guard case .array(let elements) = value else {
            fail(path, "expected an array, found \(value.kindName)")
            return nil
        }
        return elements
    }

    public func string(_ value: JSONValue?, at path: String) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value else {
            fail(path, "expected a string, found \(value.kindName)")
            return nil
        }
        return text
    }

    public func bool(_ value: JSONValue?, at path: String) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let flag) = value else {
            fail(path, "expected true or false, found \(value.kindName)")
            return nil
        }
        return flag
    }

    /// A whole number in `range`.
    public func integer(_ value: JSONValue?, at path: String, in range: ClosedRange<Int64>) -> Int64? {
        guard let value else { return nil }
        guard case .number(let text) = value, let number = Int64(text) else {
            fail(path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(value.kindName)")
            return nil
        }
        guard range.contains(number) else {
            fail(path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(number)")
            return nil
        }
        return number
    }

    public func seed(_ value: JSONValue?, at path: String) -> UInt64? {
        guard let value else { return nil }
        guard case .number(let text) = value, let number = UInt64(text) else {
            fail(path, "expected a whole number from 0 to \(UInt64.max), found \(value.kindName)")
            return nil
        }
        return number
    }

    public func probability(_ value: JSONValue?, at path: String) -> Probability? {
        guard let value else { return nil }
        guard case .number(let text) = value, let number = Double(text), (0...1).contains(number) else {
            fail(path, "expected a probability from 0 to 1, such as 0.25")
            return nil
        }
        return Probability(number)
    }

    /// A duration written as a number and a unit: `"250ms"`, `"2s"`, `"1.5m"`, `"1h"`.
    public func duration(_ value: JSONValue?, at path: String) -> Duration? {
        guard let value else { return nil }
        let example = "expected a duration with a unit, such as \"250ms\", \"2s\", \"1m\" or \"1h\""
        guard case .string(let text) = value else {
            if case .number(let number) = value {
                fail(path, example + ", found the bare number \(number)", suggestion: "write \"\(number)ms\" or \"\(number)s\"")
            } else {
                fail(path, example + ", found \(value.kindName)")
            }
            return nil
        }
        switch Self.parseDuration(text) {
        case .success(let parsed):
            return parsed
        case .failure(.tooLong):
            fail(path, "\"\(text)\" " + Scenario.tooLongMessage)
        case .failure(.malformed):
            fail(path, example + " (at most six decimals), found \"\(text)\"")
        }
        return nil
    }

    enum DurationProblem: Error { case malformed, tooLong }

    /// Digits, then at most six decimals after a point, then a unit: the grammar the schema's
    /// `duration` pattern states, so an editor and the decoder accept the same texts.
    static func parseDuration(_ text: String) -> Result<Duration, DurationProblem> {
        let units: [(String, Double)] = [("ms", 1e-3), ("s", 1), ("m", 60), ("h", 3600)]
        guard let (unit, seconds) = units.first(where: { text.hasSuffix($0.0) }) else { return .failure(.malformed) }
        let number = text.utf8.dropLast(unit.utf8.count)
        let parts = number.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy(isDigit) }),
              parts.count == 1 || (1...6).contains(parts[1].count),
              let amount = Double(String(decoding: number, as: UTF8.self)) else { return .failure(.malformed) }
        let nanoseconds = (amount * seconds * 1e9).rounded()
        guard nanoseconds <= Double(Scenario.longestDuration.totalNanoseconds) else { return .failure(.tooLong) }
        return .success(.nanoseconds(Int64(nanoseconds)))
    }

    /// One of a fixed set of words, with a did-you-mean for a near miss.
    public func choice<T>(_ value: JSONValue?, at path: String, from options: [(String, T)], what: String) -> T? {
        guard let text = string(value, at: path) else { return nil }
        if let match = options.first(where: { $0.0 == text }) { return match.1 }
        let names = options.map(\.0)
        fail(path, "unknown \(what) \"\(text)\"", suggestion: didYouMean(text, names, orList: names.count <= 24))
        return nil
    }

    private func didYouMean(_ word: String, _ candidates: [String], orList: Bool) -> String? {
        if let closest = DidYouMean.closest(to: word, among: candidates) { return "did you mean \"\(closest)\"?" }
        return orList ? "expected one of: " + candidates.joined(separator: ", ") : nil
    }
}

/// The members of one JSON object, looked up by key (never iterated).
public struct Fields {
    public let path: String
    public let members: [(key: String, value: JSONValue)]

    public subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    public func path(_ key: String) -> String { "\(path).\(key)" }

    public var keys: [String] { members.map(\.key) }

    /// The same fields with `key`'s value replaced (a former name read as the name now).
    func replacing(_ key: String, with value: JSONValue) -> Fields {
        Fields(path: path, members: members.map { $0.key == key ? (key: key, value: value) : $0 })
    }
}
