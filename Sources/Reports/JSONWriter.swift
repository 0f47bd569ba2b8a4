import Scenarios

/// Writes JSON text with keys in the order given: stable output that two runs can diff.
public struct JSONWriter {
    /// A JSON value to write.
    public indirect enum Value {
        case string(String)
        case int(Int64)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])
    }

    /// One line of compact JSON.
    public static func line(_ value: Value) -> String {
        var text = ""
        write(value, into: &text)
        return text
    }

    private static func write(_ value: Value, into text: inout String) {
        switch value {
        case .string(let string): text += quote(string)
        case .int(let number): text += String(number)
        case .bool(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        case .array(let elements):
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," }
                write(element, into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += "," }
                text += quote(member.0) + ":"
                write(member.1, into: &text)
            }
            text += "}"
        }
    }

    /// A JSON string literal.
    public static func quote(_ string: String) -> String { JSONPrinter.quote(string) }
}
