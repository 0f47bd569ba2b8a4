/// Turns a file's bytes into the text the parser reads: UTF-8 only (RFC 8259 §8.1), a leading
/// byte-order mark skipped, and the first invalid byte reported with its offset, line and column.
public enum JSONText {
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Result<String, JSONSyntaxError> {
        var body = Array(bytes)
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        if let offset = firstInvalidByte(body) {
            let (line, column) = position(of: offset, in: body)
            let byte = String(body[offset], radix: 16, uppercase: true)
            return .failure(JSONSyntaxError(line: line, column: column,
                                            message: "not UTF-8 text: byte \(byte.count == 1 ? "0" + byte : byte) at byte offset \(offset) "
                                                + "is not valid UTF-8; save the file as UTF-8"))
        }
        return .success(String(decoding: body, as: UTF8.self))
    }

    /// The offset of the first byte that does not belong to valid UTF-8, if any.
    static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// 1-based line and column (in characters) of byte `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
