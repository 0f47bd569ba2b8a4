/// Prints a `JSONValue` as indented JSON, two spaces a level, keys in their stored order.
public enum JSONPrinter {
    public static func pretty(_ value: JSONValue, indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1), closing = String(repeating: "  ", count: indent)
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return quote(text)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if elements.allSatisfy(\.isScalar) { return "[" + elements.map { pretty($0) }.joined(separator: ", ") + "]" }
            return "[\n" + elements.map { pad + pretty($0, indent: indent + 1) }.joined(separator: ",\n") + "\n\(closing)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { pad + quote($0.key) + ": " + pretty($0.value, indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(closing)}"
        }
    }

    /// `value` on one line, a space after each comma and colon: `{"a": [1, 2]}`.
    public static func compact(_ value: JSONValue) -> String {
        switch value {
        case .array(let elements): "[" + elements.map(compact).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { quote($0.key) + ": " + compact($0.value) }.joined(separator: ", ") + "}"
        default: pretty(value)
        }
    }

    /// A JSON string literal for `text`.
    public static func quote(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
