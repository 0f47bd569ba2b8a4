/// An address with its letters in lower case, as mail servers and backends compare them: the
/// string itself when it is lowercase ASCII already (most addresses), so that the lookups every
/// request and every code read make build no new string; `lowercased()` otherwise.
///
/// ```swift
/// CaseFolding.folded("ada@example.com")   // the same string
/// CaseFolding.folded("Ada@Example.com")   // "ada@example.com"
/// ```
public enum CaseFolding {
    public static func folded(_ text: String) -> String {
        var text = text
        let alreadyFolded = text.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) { return false }
            return true
        }
        return alreadyFolded ? text : text.lowercased()
    }
}
