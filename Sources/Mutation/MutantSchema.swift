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
        let regions = Self.switchableRegions(in: file)
        let source = Array(file.text.utf8)
        // Each mutant's region and the region's text with it, if it lies in one and leaves the
        // region's brackets balanced (a bug that ends a function and adds another does not).
        var inRegion: [Int: [(number: Int, text: [UInt8])]] = [:]
        var fallback: [Int] = []
        for entry in mutants {
            let edit = Edit(entry.mutant, in: source)
            guard let region = regions.firstIndex(where: { $0.bytes.lowerBound <= edit.start && edit.end <= $0.bytes.upperBound }) else {
                fallback.append(entry.number)
                continue
            }
            let bytes = regions[region].bytes
            var mutated = Array(source[bytes])
            mutated.replaceSubrange((edit.start - bytes.lowerBound)..<(edit.end - bytes.lowerBound), with: edit.replacement)
            if Self.isBalanced(mutated) { inRegion[region, default: []].append((entry.number, mutated)) } else { fallback.append(entry.number) }
        }
        var output: [UInt8] = []
        output.reserveCapacity(source.count * 2)
        var copied = 0
        var branchBytes: [(number: Int, range: Range<Int>)] = []
        var bodyBytes: [(range: Range<Int>, mutants: [Int])] = []
        for (index, region) in regions.enumerated() {
            guard let entries = inRegion[index] else { continue }
            output += source[copied..<region.bytes.lowerBound]
            let regionStart = output.count
            let original = Array(source[region.bytes])
            // A body: `if` … `else if` … `else { as written }`; a stored value: `(… ? (…) : (as written))`.
            let (header, middle, last, end) = region.isBody ? (" if ", " else if ", "} else {", "} ") : ("(", " : ", ") : (", "))")
            for (position, entry) in entries.enumerated() {
                if position > 0 { output += Array((region.isBody ? "}" : ")").utf8) }
                output += Array((position == 0 ? header : middle).utf8)
                output += Array("\(Self.switchName) == \(entry.number) \(region.isBody ? "{" : "? (")".utf8)
                let branchStart = output.count
                output += entry.text
                branchBytes.append((entry.number, branchStart..<output.count))
            }
            output += Array(last.utf8)
            output += original
            output += Array(end.utf8)
            bodyBytes.append((regionStart..<output.count, entries.map(\.number)))
            copied = region.bytes.upperBound
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

    /// A mutant's edit at its smallest: the text it replaces and its replacement without the
    /// bytes they begin and end with alike. A hand-written bug's find text often takes in a
    /// function's first or last line for context; what it changes lies inside the body.
    struct Edit {
        let start: Int
        let end: Int
        let replacement: [UInt8]

        init(_ mutant: Mutant, in source: [UInt8]) {
            let new = Array(mutant.replacement.utf8)
            var start = mutant.start, end = mutant.end, lower = 0, upper = new.count
            while start < end, lower < upper, source[start] == new[lower] { start += 1; lower += 1 }
            while start < end, lower < upper, source[end - 1] == new[upper - 1] { end -= 1; upper -= 1 }
            self.start = start
            self.end = end
            replacement = Array(new[lower..<upper])
        }
    }

    /// Whether every bracket in `text` closes, in order, and none closes what it did not open.
    static func isBalanced(_ text: [UInt8]) -> Bool {
        var open: [String] = []
        for token in SwiftLexer.tokens(of: String(decoding: text, as: UTF8.self)) where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{": open.append(token.text)
            case ")": if open.popLast() != "(" { return false }
            case "]": if open.popLast() != "[" { return false }
            case "}": if open.popLast() != "{" { return false }
            default: break
            }
        }
        return open.isEmpty
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

    // MARK: - The places that can be switched

    /// A place whose text can be switched: a function-like body's statements (between its
    /// braces), or a stored property's initial value.
    struct Region {
        let bytes: Range<Int>
        let isBody: Bool
    }

    /// The function-like bodies and stored values at the level of declarations, in order. Not a
    /// parser: declarations are told apart by their keywords, as `DeclarationSkeleton` tells type
    /// bodies from the rest.
    static func switchableRegions(in file: SourceFile) -> [Region] {
        var regions: [Region] = []
        scanDeclarations(file, from: 0, to: file.tokens.count, into: &regions)
        return regions
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let declarationKeywords: Set<String> = ["func", "init", "deinit", "subscript", "var", "let", "case",
                                                           "typealias", "associatedtype", "import", "operator", "macro"]
    private static let memberWords: Set<String> = ["func", "var", "let", "subscript", "init", "override", "final",
                                                   "static", "private", "fileprivate", "internal", "public", "open"]
    private static let accessorWords: Set<String> = ["get", "set", "didSet", "willSet", "_read", "_modify", "read", "modify",
                                                     "unsafeAddress", "unsafeMutableAddress", "init"]
    private static let accessorModifiers: Set<String> = ["mutating", "nonmutating", "borrowing", "consuming", "__consuming"]

    private static func scanDeclarations(_ file: SourceFile, from start: Int, to end: Int, into regions: inout [Region]) {
        let tokens = file.tokens
        var keyword: String?
        var declaresType = false
        var assigned = false
        var index = start
        func body(_ open: Int, _ close: Int) { regions.append(Region(bytes: tokens[open].end..<tokens[close].start, isBody: true)) }
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
                if keyword == "let" || keyword == "var", !declaresType, let last = valueEnd(file, after: index, to: end) {
                    regions.append(Region(bytes: tokens[index + 1].start..<tokens[last].end, isBody: false))
                    index = last + 1
                    continue
                }
            case .punctuation where token.text == "(" || token.text == "[":
                index = (file.partner[index] ?? end - 1) + 1
                continue
            case .punctuation where token.text == "{":
                guard let close = file.partner[index], close < end else { return }
                if declaresType {
                    scanDeclarations(file, from: index + 1, to: close, into: &regions)
                } else if keyword == "func" || keyword == "init" || keyword == "deinit" {
                    body(index, close)
                } else if keyword == "var" || keyword == "subscript" {
                    if isAccessorBlock(tokens, from: index + 1, to: close) {
                        scanAccessors(file, from: index + 1, to: close, into: &regions)
                    } else if !assigned {
                        body(index, close)
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

    /// The last token of the initial value after the `=` at `equals`, or nil when the value holds
    /// a brace of its own (a closure, or observers after it): such a value is not switched.
    private static func valueEnd(_ file: SourceFile, after equals: Int, to end: Int) -> Int? {
        let tokens = file.tokens
        var index = equals + 1
        var last: Int?
        while index < end {
            let token = tokens[index]
            if let previous = last, token.line > tokens[previous].line, token.text != ".", token.kind != .symbol,
               tokens[previous].kind != .symbol {
                break
            }
            if token.kind == .punctuation {
                switch token.text {
                case "{": return nil
                case ",", ";", ")", "]", "}": return last
                case "(", "[":
                    guard let close = file.partner[index], close < end else { return nil }
                    last = close
                    index = close + 1
                    continue
                default: break
                }
            }
            last = index
            index += 1
        }
        return last
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
    private static func scanAccessors(_ file: SourceFile, from start: Int, to end: Int, into regions: inout [Region]) {
        var index = start
        while index < end {
            let token = file.tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" {
                index = (file.partner[index] ?? end - 1) + 1
                continue
            }
            if token.kind == .punctuation, token.text == "{", let close = file.partner[index], close < end {
                regions.append(Region(bytes: file.tokens[index].end..<file.tokens[close].start, isBody: true))
                index = close + 1
                continue
            }
            index += 1
        }
    }
}
