/// A Swift file read for mutation: its text, tokens, matching brackets and statements.
///
/// Statements are found from tokens and line breaks, as Swift itself separates them: a statement
/// starts after `{`, `;`, a closure's `in`, a `case …:` label, or at a new line when the line
/// before is complete (no open bracket, no trailing operator or comma) and the new line does not
/// continue it (`.member`, `&& …`, `else`).
public struct SourceFile: Sendable {
    /// The path as reports show it (relative to the package).
    public let path: String
    public let text: String
    public let tokens: [SourceToken]
    /// For each bracket token, the index of its partner.
    let partner: [Int?]
    /// Token indices where statements start, in order.
    let statementStarts: [Int]
    private let isStatementStart: [Bool]
    /// Byte offset of each line's first byte (line 1 at index 0).
    let lineOffsets: [Int]
    private let bytes: [UInt8]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        bytes = Array(text.utf8)
        tokens = SwiftLexer.tokens(of: text)
        partner = Self.partners(of: tokens)
        var offsets = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { offsets.append(offset + 1) }
        lineOffsets = offsets
        let starts = Self.statementStarts(in: tokens)
        statementStarts = starts
        var flags = [Bool](repeating: false, count: tokens.count)
        for start in starts { flags[start] = true }
        isStatementStart = flags
    }

    /// The text of line `line` (1-based), without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineOffsets.count else { return "" }
        let start = lineOffsets[line - 1]
        var end = line < lineOffsets.count ? lineOffsets[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The source text of `start..<end` (byte offsets).
    func slice(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The 1-based column of byte offset `offset`.
    func column(of offset: Int) -> Int {
        let line = lineIndex(containing: offset)
        return offset - lineOffsets[line] + 1
    }

    private func lineIndex(containing offset: Int) -> Int {
        var low = 0, high = lineOffsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineOffsets[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The token index just past the statement starting at `start`.
    func statementEnd(from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0, index > start {
                if token.text == ";" && token.kind == .punctuation { return index }
                if token.kind == .punctuation, Self.closers.contains(token.text) { return index }
                if token.line > tokens[index - 1].line, isStatementStart[index] { return index }
            }
            if token.kind == .punctuation {
                if Self.openers.contains(token.text) { depth += 1 }
                if Self.closers.contains(token.text) { depth -= 1 }
            }
            index += 1
        }
        return tokens.count
    }

    func startsStatement(_ index: Int) -> Bool { isStatementStart[index] }

    static let openers: Set<String> = ["(", "[", "{"]
    static let closers: Set<String> = [")", "]", "}"]

    private static func partners(of tokens: [SourceToken]) -> [Int?] {
        var partner = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if openers.contains(token.text) { open.append(index) }
            if closers.contains(token.text), let opener = open.popLast() {
                partner[opener] = index
                partner[index] = opener
            }
        }
        return partner
    }

    /// Words that continue a statement rather than start one.
    private static let continuingWords: Set<String> = ["else", "catch", "where", "in", "as", "is"]

    private static func statementStarts(in tokens: [SourceToken]) -> [Int] {
        var starts: [Int] = []
        var bracketDepth: [Int] = [0]  // open ( and [ per brace level
        var closureIns = Set<Int>()
        var labelColons = Set<Int>()
        var awaitingLabelColon = false
        for index in tokens.indices {
            let token = tokens[index]
            // A case label ends on its own line.
            if index > 0, token.line > tokens[index - 1].line { awaitingLabelColon = false }
            if bracketDepth[bracketDepth.count - 1] == 0, token.kind == .word, !continuingWords.contains(token.text),
               startsStatement(index, tokens, closureIns: closureIns, labelColons: labelColons) {
                starts.append(index)
                if token.text == "case" || token.text == "default" { awaitingLabelColon = true }
            }
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[": bracketDepth[bracketDepth.count - 1] += 1
            case ")", "]": bracketDepth[bracketDepth.count - 1] = max(0, bracketDepth[bracketDepth.count - 1] - 1)
            case "{":
                bracketDepth.append(0)
                awaitingLabelColon = false
                if let closureIn = closureSignatureEnd(after: index, tokens) { closureIns.insert(closureIn) }
            case "}":
                if bracketDepth.count > 1 { bracketDepth.removeLast() }
                awaitingLabelColon = false
            case ":" where awaitingLabelColon && bracketDepth[bracketDepth.count - 1] == 0:
                labelColons.insert(index)
                awaitingLabelColon = false
            default: break
            }
        }
        return starts
    }

    private static func startsStatement(_ index: Int, _ tokens: [SourceToken], closureIns: Set<Int>,
                                        labelColons: Set<Int>) -> Bool {
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        if previous.kind == .punctuation {
            switch previous.text {
            case "{": return closureSignatureEnd(after: index - 1, tokens) == nil
            case ";", "}": return true
            case ":": return labelColons.contains(index - 1)
            default: break
            }
        }
        if closureIns.contains(index - 1) { return true }
        guard tokens[index].line > previous.line else { return false }
        // A new line: the line before must be complete.
        switch previous.kind {
        // A trailing binary operator continues the statement; a postfix one (`x?`, `T!`, `Array<Int>`) ends it.
        case .symbol: return !previous.spaceBefore
        case .punctuation: return ![",", ".", ":", "(", "[", "@", "#"].contains(previous.text)
        default: return true
        }
    }

    /// The index of `in` ending a closure's signature right after the `{` at `open`, on its line.
    private static func closureSignatureEnd(after open: Int, _ tokens: [SourceToken]) -> Int? {
        var depth = 0
        var index = open + 1
        while index < tokens.count, tokens[index].line == tokens[open].line {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" { depth += 1 }
                if token.text == ")" || token.text == "]" { depth -= 1 }
                if token.text == "{" || token.text == "}" { return nil }
            }
            if depth == 0, token.kind == .word, token.text == "in" { return index }
            index += 1
        }
        return nil
    }
}
