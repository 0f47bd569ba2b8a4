/// One token of Swift source: where it is and what kind of thing it is.
public struct SourceToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name or keyword (`if`, `publish`, `` `default` ``).
        case word
        /// An integer or floating-point literal.
        case number
        /// A whole string literal, interpolations included: never mutated inside.
        case string
        /// A run of operator characters (`==`, `&&`, `!`, `->`, `...`).
        case symbol
        /// One of `( ) [ ] { } , : ; . @ #`.
        case punctuation
    }

    public let kind: Kind
    /// Byte offsets into the file: `start..<end`.
    public let start: Int
    public let end: Int
    /// 1-based line of the token's first byte.
    public let line: Int
    public let text: String
    /// White space (or a comment) right before and right after the token.
    public internal(set) var spaceBefore = false
    public internal(set) var spaceAfter = false
}

/// A lexer for the part of Swift a mutation tool needs: it tells code from strings and comments,
/// and names, numbers, operators and punctuation apart. Not a parser: statement and block
/// structure is read from these tokens and from lines (`MutationFinder`).
///
/// Strings are single tokens whatever they hold (escapes, `\(…)` interpolations with strings of
/// their own, raw `#"…"#` and multi-line `"""` forms), so no mutation ever lands inside one;
/// comments (`//`, nested `/* */`) are dropped.
public struct SwiftLexer {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var tokens: [SourceToken] = []

    public static func tokens(of source: String) -> [SourceToken] {
        var lexer = SwiftLexer(bytes: Array(source.utf8))
        lexer.run()
        return lexer.tokens
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private static let operatorBytes = Set("=-+*/%<>!&|^~?".utf8)
    private static let punctuationBytes = Set("()[]{},:;@#".utf8)

    private mutating func run() {
        var sawSpace = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") { line += 1; position += 1; sawSpace = true; continue }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D { position += 1; sawSpace = true; continue }
            if skipComment() { sawSpace = true; continue }
            let start = position, startLine = line
            let kind = scanToken()
            var token = SourceToken(kind: kind, start: start, end: position, line: startLine,
                                    text: String(decoding: bytes[start..<position], as: UTF8.self))
            token.spaceBefore = sawSpace
            if var previous = tokens.popLast() {
                previous.spaceAfter = sawSpace
                tokens.append(previous)
            }
            tokens.append(token)
            sawSpace = false
        }
        if var last = tokens.popLast() {
            last.spaceAfter = true
            tokens.append(last)
        }
    }

    /// Skips a comment at the current position; false if there is none.
    private mutating func skipComment() -> Bool {
        guard peek(0) == UInt8(ascii: "/") else { return false }
        if peek(1) == UInt8(ascii: "/") {
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            return true
        }
        guard peek(1) == UInt8(ascii: "*") else { return false }
        position += 2
        var depth = 1
        while position < bytes.count, depth > 0 {
            if peek(0) == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { depth += 1; position += 2; continue }
            if peek(0) == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") { depth -= 1; position += 2; continue }
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
        return true
    }

    private func peek(_ offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func scanToken() -> SourceToken.Kind {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && startsRawString()) {
            scanString()
            return .string
        }
        if Self.isIdentifierStart(byte) || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "$") {
            scanWord()
            return .word
        }
        if Self.isDigit(byte) {
            while let next = peek(0), Self.isIdentifierPart(next) || (next == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true) {
                position += 1
            }
            return .number
        }
        if byte == UInt8(ascii: ".") {
            // `...` and `..<` are operators; a lone dot is member access (`.seconds`, `a.b`).
            if peek(1) == UInt8(ascii: ".") {
                position += 2
                while let next = peek(0), next == UInt8(ascii: ".") || next == UInt8(ascii: "<") { position += 1 }
                return .symbol
            }
            position += 1
            return .punctuation
        }
        if Self.operatorBytes.contains(byte) {
            while let next = peek(0), Self.operatorBytes.contains(next) {
                // `a?.b` and `x!.y`: the operator run stops before a dot; `/` starts a comment only as `//` or `/*`.
                if next == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
                position += 1
            }
            return .symbol
        }
        position += 1
        return .punctuation
    }

    private mutating func scanWord() {
        if bytes[position] == UInt8(ascii: "`") {
            position += 1
            while let next = peek(0), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { position += 1 }
            if peek(0) == UInt8(ascii: "`") { position += 1 }
            return
        }
        position += 1
        while let next = peek(0), Self.isIdentifierPart(next) { position += 1 }
    }

    private func startsRawString() -> Bool {
        var offset = 0
        while peek(offset) == UInt8(ascii: "#") { offset += 1 }
        return peek(offset) == UInt8(ascii: "\"")
    }

    /// Scans one string literal, of any form, with its interpolations.
    private mutating func scanString() {
        var hashes = 0
        while peek(0) == UInt8(ascii: "#") { hashes += 1; position += 1 }
        let multiline = peek(0) == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        position += multiline ? 3 : 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                position += 1
                if !multiline { return }  // unterminated: the compiler will say so
                continue
            }
            if byte == UInt8(ascii: "\\"), closesHashes(hashes, at: position + 1) {
                position += 1 + hashes
                if peek(0) == UInt8(ascii: "(") { scanInterpolation() } else { position += 1 }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }), closesHashes(hashes, at: position + quotes) {
                    position += quotes + hashes
                    return
                }
            }
            position += 1
        }
    }

    private func closesHashes(_ hashes: Int, at offset: Int) -> Bool {
        (0..<hashes).allSatisfy { offset + $0 < bytes.count && bytes[offset + $0] == UInt8(ascii: "#") }
    }

    /// Skips `( … )` of an interpolation, strings and comments inside it included.
    private mutating func scanInterpolation() {
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") { line += 1; position += 1; continue }
            if skipComment() { continue }
            if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && startsRawString()) { scanString(); continue }
            position += 1
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
}
