/// A strict JSON parser (RFC 8259): no comments, no trailing commas, duplicate keys rejected.
public struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// Where each value starts (a member: where its key starts), by JSON path; nil unless asked
    /// for (`locations`), so a plain parse builds no paths.
    private var located: [(path: String, offset: Int)]?
    static let maxDepth = 64
    /// Objects with fewer members than this are searched for a repeated key; bigger ones use a set.
    static let smallObject = 16

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(at: nil)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// The line and column (1-based) where each value of `text` starts, by JSON path (`$`,
    /// `$.steps[2].tap`); a member's position is its key's. What it cannot parse ends the list.
    /// For pointing an editor or a CI annotation at the value a problem concerns.
    public static func locations(in text: String) -> [(path: String, line: Int, column: Int)] {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.located = []
        parser.skipWhitespace()
        parser.located?.append(("$", parser.position))
        _ = try? parser.parseValue(at: "$")
        var line = 1, column = 1, scanned = 0
        // The offsets grow in document order: one pass turns them into lines and columns.
        return (parser.located ?? []).map { entry in
            for byte in parser.bytes[scanned..<min(entry.offset, parser.bytes.count)] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            scanned = max(scanned, min(entry.offset, parser.bytes.count))
            return (entry.path, line, column)
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Parses the value here; `path` names it when locations are being recorded.
    private mutating func parseValue(at path: String?) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("the file ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(at: path)
        case UInt8(ascii: "["): return try parseArray(at: path)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
        case UInt8(ascii: "'"): throw error("strings take double quotes in JSON")
        default: throw error("expected a value, found '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
    }

    private mutating func parseObject(at path: String?) throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        // Keys seen, for the duplicate check: a set once an object is big enough that a search
        // of the members would make parsing quadratic (a set is only asked, never iterated).
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(current == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a key in double quotes")
            }
            let keyStart = position
            let key = try parseString()
            let repeated: Bool
            if members.count < Self.smallObject {
                repeated = members.contains { $0.key == key }
            } else {
                if seen.isEmpty { seen = Set(members.map(\.key)) }
                repeated = !seen.insert(key).inserted
            }
            if repeated {
                position = keyStart
                throw error("the key \"\(key)\" appears twice in this object")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            position += 1
            skipWhitespace()
            let memberPath = path.map { "\($0).\(key)" }
            if let memberPath { located?.append((memberPath, keyStart)) }
            members.append((key, try parseValue(at: memberPath)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            default: throw error("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func parseArray(at path: String?) throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            let elementPath = path.map { "\($0)[\(elements.count)]" }
            if let elementPath { located?.append((elementPath, position)) }
            elements.append(try parseValue(at: elementPath))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            default: throw error("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars: [UInt8] = []
        while let byte = current {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scalars)
            case 0..<0x20:
                position -= 1
                throw error("control characters must be escaped inside strings")
            default:
                scalars.append(byte)
            }
        }
        throw error("the string is not closed")
    }

    private mutating func parseEscape(into scalars: inout [UInt8]) throws(JSONSyntaxError) {
        guard let escaped = current else { throw error("the string is not closed") }
        position += 1
        let simple: [UInt8: UInt8] = [UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                                      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                                      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09]
        if let byte = simple[escaped] { scalars.append(byte); return }
        guard escaped == UInt8(ascii: "u") else { throw error("unknown escape '\\\(Character(Unicode.Scalar(escaped)))'") }
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                throw error("a high surrogate must be followed by a low one")
            }
            position += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid unicode escape") }
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw error("expected four hex digits after \\u") }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, Self.isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = current, Self.isDigit(next) { throw error("numbers cannot have leading zeros") }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let digit = current, Self.isDigit(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { position += 1 }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            position += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        let (line, column) = JSONText.position(of: position, in: bytes)
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
