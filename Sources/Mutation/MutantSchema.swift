/// Mutant schemata (Untch, Offutt and Harrold 1993; Stryker's "mutation switching"): every chosen
/// mutant of a file compiled into one text, each behind a run-time switch, so one build serves
/// them all and a mutant is then checked by running the tool with its number in
/// `ONBOARDING_MUTANT`. With the variable unset (or `0`) the file does exactly what it did.
///
/// A mutant is switched in the outermost function-like body that holds it whole: a `func`,
/// `init` or `deinit` body, a computed property's getter, or one accessor (`get`, `set`,
/// `didSet`, …). The body's statements become the branches of one `if`, the original last:
///
/// ```swift
/// func resend() { if __onboardingMutant == 7 { …with mutant 7… } else if __onboardingMutant == 9 { …with 9… } else { …as written… } }
/// ```
///
/// One `if` as the whole body keeps what the body meant: a `defer` still runs at the function's
/// end, `let`s are still set on every path of an `init`, and a body that is one expression stays
/// one (an `if` expression, Swift 5.9). A mutant outside such a body (a stored property's value,
/// a signature, a declaration a hand-written bug adds) is left out: `fallback`, built on its own
/// as before. So is one whose branch does not compile: `MutantSchema.attribute(errors:)` names the
/// mutants a compiler error falls in, and the caller takes them out and builds again.
public struct MutantSchema: Sendable {
    /// The environment variable the built tool reads once: the number of the mutant to switch on.
    public static let variable = "ONBOARDING_MUTANT"
    /// The name of the switch in each file (private to it).
    static let switchName = "__onboardingMutant"

    /// The file's text with every switched mutant behind its number.
    public let text: String
    /// The numbers of the mutants switched in `text`.
    public let switched: [Int]
    /// The numbers of the mutants that could not be switched: built one by one.
    public let fallback: [Int]
    /// For each switched mutant, the lines (1-based, of `text`) of its branch.
    let branchLines: [Int: ClosedRange<Int>]
    /// For each switched body, its lines in `text` and the mutants in it.
    let bodyLines: [(lines: ClosedRange<Int>, mutants: [Int])]

    /// The schema of `file` with `mutants` (each numbered; every one a mutant of `file`).
    public init(file: SourceFile, mutants: [(number: Int, mutant: Mutant)]) {
        let bodies = Self.switchableBodies(in: file)
        var inBody: [Int: [(number: Int, mutant: Mutant)]] = [:]
        var fallback: [Int] = []
        for entry in mutants {
            let body = bodies.firstIndex { body in
                file.tokens[body.open].end <= entry.mutant.start && entry.mutant.end <= file.tokens[body.close].start
            }
            if let body { inBody[body, default: []].append(entry) } else { fallback.append(entry.number) }
        }
        let source = Array(file.text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(source.count * 2)
        var copied = 0
        var branchBytes: [(number: Int, range: Range<Int>)] = []
        var bodyBytes: [(range: Range<Int>, mutants: [Int])] = []
        for index in bodies.indices {
            guard let entries = inBody[index] else { continue }
            let open = file.tokens[bodies[index].open].end, close = file.tokens[bodies[index].close].start
            output += source[copied..<open]
            let bodyStart = output.count
            let original = Array(source[open..<close])
            for (position, entry) in entries.enumerated() {
                output += Array((position == 0 ? " if " : " else if ").utf8)
                output += Array("\(Self.switchName) == \(entry.number) {".utf8)
                let branchStart = output.count
                var mutated = original
                mutated.replaceSubrange((entry.mutant.start - open)..<(entry.mutant.end - open), with: Array(entry.mutant.replacement.utf8))
                output += mutated
                branchBytes.append((entry.number, branchStart..<output.count))
                output += Array("}".utf8)
            }
            output += Array(" else {".utf8)
            output += original
            output += Array("} ".utf8)
            bodyBytes.append((bodyStart..<output.count, entries.map(\.number)))
            copied = close
        }
        output += source[copied...]
        let switched = bodyBytes.flatMap(\.mutants)
        if !switched.isEmpty {
            output += Array(("\n// onboarding-mutate: the run-time switch of this file's mutants (mutant schemata).\n"
                             + "import Foundation\n"
                             + "private let \(Self.switchName): Int = Int(ProcessInfo.processInfo.environment[\"\(Self.variable)\"] ?? \"\") ?? 0\n").utf8)
        }
        // Lines of each byte range, counted once over the output.
        var lineStarts = [0]
        for (offset, byte) in output.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        func line(of offset: Int) -> Int {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low + 1
        }
        func lines(_ range: Range<Int>) -> ClosedRange<Int> { line(of: range.lowerBound)...line(of: max(range.lowerBound, range.upperBound - 1)) }
        text = String(decoding: output, as: UTF8.self)
        self.switched = switched
        self.fallback = fallback
        // A branch's own lines lie between its header's line and its closing brace's; a one-line
        // branch has none, and an error there is blamed on the whole body.
        var own: [Int: ClosedRange<Int>] = [:]
        for branch in branchBytes {
            let first = line(of: branch.range.lowerBound) + 1, last = line(of: branch.range.upperBound) - 1
            if first <= last { own[branch.number] = first...last }
        }
        branchLines = own
        bodyLines = bodyBytes.map { (lines($0.range), $0.mutants) }
    }

    /// The mutants that a compiler error at `line` of this schema's text falls in: the mutant whose
    /// branch holds the line, else every mutant of the body that holds it (a switch's own line),
    /// else every mutant of the file (an error outside the bodies: the switch's declaration).
    public func mutants(blamedForErrorAt line: Int) -> [Int] {
        if let own = branchLines.first(where: { $0.value.contains(line) }) { return [own.key] }
        if let body = bodyLines.first(where: { $0.lines.contains(line) }) { return body.mutants }
        return switched
    }

    /// The compiler's errors in a build's output, as (path, line): lines of the form
    /// `/path/File.swift:12:5: error: …`.
    public static func errors(in buildOutput: String) -> [(path: String, line: Int)] {
        var found: [(path: String, line: Int)] = []
        for line in buildOutput.split(separator: "\n") where line.contains(": error:") {
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0].hasSuffix(".swift"), let number = Int(parts[1]) else { continue }
            found.append((String(parts[0]), number))
        }
        return found
    }

    // MARK: - The bodies that can be switched

    /// The function-like bodies at the level of declarations, as token indices of their braces,
    /// in order. Not a parser: declarations are told apart by their keywords, as
    /// `DeclarationSkeleton` tells type bodies from the rest.
    static func switchableBodies(in file: SourceFile) -> [(open: Int, close: Int)] {
        var bodies: [(open: Int, close: Int)] = []
        scanDeclarations(file, from: 0, to: file.tokens.count, into: &bodies)
        return bodies
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let declarationKeywords: Set<String> = ["func", "init", "deinit", "subscript", "var", "let", "case",
                                                           "typealias", "associatedtype", "import", "operator", "macro"]
    private static let memberWords: Set<String> = ["func", "var", "let", "subscript", "init", "override", "final",
                                                   "static", "private", "fileprivate", "internal", "public", "open"]
    private static let accessorWords: Set<String> = ["get", "set", "didSet", "willSet", "_read", "_modify", "read", "modify",
                                                     "unsafeAddress", "unsafeMutableAddress", "init"]
    private static let accessorModifiers: Set<String> = ["mutating", "nonmutating", "borrowing", "consuming", "__consuming"]

    private static func scanDeclarations(_ file: SourceFile, from start: Int, to end: Int, into bodies: inout [(open: Int, close: Int)]) {
        let tokens = file.tokens
        var keyword: String?
        var declaresType = false
        var assigned = false
        var index = start
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .word:
                let afterDot = index > 0 && tokens[index - 1].text == "." && tokens[index - 1].kind == .punctuation
                if !afterDot, typeKeywords.contains(token.text), !isClassModifier(tokens, at: index) {
                    declaresType = true
                    keyword = token.text
                    assigned = false
                } else if !afterDot, declarationKeywords.contains(token.text) {
                    declaresType = false
                    keyword = token.text
                    assigned = false
                }
            case .symbol where token.text == "=":
                assigned = true
            case .punctuation where token.text == "(" || token.text == "[":
                index = (file.partner[index] ?? end - 1) + 1
                continue
            case .punctuation where token.text == "{":
                guard let close = file.partner[index], close < end else { return }
                if declaresType {
                    scanDeclarations(file, from: index + 1, to: close, into: &bodies)
                } else if keyword == "func" || keyword == "init" || keyword == "deinit" {
                    bodies.append((index, close))
                } else if keyword == "var" || keyword == "subscript" {
                    if isAccessorBlock(tokens, from: index + 1, to: close) {
                        scanAccessors(file, from: index + 1, to: close, into: &bodies)
                    } else if !assigned {
                        bodies.append((index, close))
                    }
                }
                declaresType = false
                keyword = nil
                assigned = false
                index = close + 1
                continue
            default:
                break
            }
            index += 1
        }
    }

    private static func isClassModifier(_ tokens: [SourceToken], at position: Int) -> Bool {
        guard tokens[position].text == "class", position + 1 < tokens.count else { return false }
        return memberWords.contains(tokens[position + 1].text)
    }

    /// Whether the block `start..<end` (inside a property's or subscript's braces) lists accessors.
    private static func isAccessorBlock(_ tokens: [SourceToken], from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "@" {
                index += 2
                if index < end, tokens[index].text == "(" { while index < end, tokens[index].text != ")" { index += 1 }; index += 1 }
                continue
            }
            if token.kind == .word, accessorModifiers.contains(token.text) { index += 1; continue }
            guard token.kind == .word, accessorWords.contains(token.text), index + 1 < end else { return false }
            let next = tokens[index + 1].text
            return next == "{" || next == "(" || next == "async" || next == "throws"
        }
        return false
    }

    /// Each accessor's body in an accessor block.
    private static func scanAccessors(_ file: SourceFile, from start: Int, to end: Int, into bodies: inout [(open: Int, close: Int)]) {
        var index = start
        while index < end {
            let token = file.tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" {
                index = (file.partner[index] ?? end - 1) + 1
                continue
            }
            if token.kind == .punctuation, token.text == "{", let close = file.partner[index], close < end {
                bodies.append((index, close))
                index = close + 1
                continue
            }
            index += 1
        }
    }
}
