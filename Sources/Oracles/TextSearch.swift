/// Substring search on UTF-8 bytes, for oracles that look for a phrase in what a screen or a
/// backend said: no lowercased copy and no `Character` machinery, which made a phrase search
/// the costliest part of judging an explored run.
///
/// ```swift
/// TextSearch.contains("You're OFFLINE", "offline", ignoringASCIICase: true)   // true
/// TextSearch.contains("status 422 Signups not allowed for otp", "Signups not allowed")   // true
/// ```
public enum TextSearch {
    /// Whether `phrase` occurs in `text`, byte for byte; with `ignoringASCIICase`, ASCII letters
    /// of `phrase` (which must then be lowercase) match either case in `text`.
    public static func contains(_ text: String, _ phrase: String, ignoringASCIICase: Bool = false) -> Bool {
        var text = text, phrase = phrase
        return text.withUTF8 { bytes in
            phrase.withUTF8 { word in
                guard !word.isEmpty else { return true }
                guard bytes.count >= word.count else { return false }
                // Setting bit 5 lowercases an ASCII letter and turns no other byte into one.
                let fold: UInt8 = ignoringASCIICase ? 0x20 : 0
                for start in 0...(bytes.count - word.count) {
                    var matched = 0
                    while matched < word.count, matches(bytes[start + matched], word[matched], fold: fold) { matched += 1 }
                    if matched == word.count { return true }
                }
                return false
            }
        }
    }

    /// Whether `text` is empty or white space only (`Character.isWhitespace`), read byte by byte
    /// when it is ASCII: an error's text is checked so at every screen that shows one.
    @inlinable
    public static func isBlank(_ text: String) -> Bool {
        var text = text
        let ascii: Bool? = text.withUTF8 { bytes in
            for byte in bytes {
                if byte >= 0x80 { return nil }
                // Space, and tab to carriage return (tab, line feed, vertical tab, form feed, return).
                if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
            }
            return true
        }
        return ascii ?? text.allSatisfy(\.isWhitespace)
    }

    /// Whether every byte of `text` is ASCII (then its bytes are its characters), read in place.
    @inlinable
    public static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            return true
        }
    }

    /// Whether `text` begins with `prefix`, byte for byte (`String.hasPrefix` compares
    /// `Character`s, which costs a few times more for the short ASCII outcomes rules read at
    /// every answer: `"status 401 …"`).
    @inlinable
    public static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { hasPrefix($0, prefix) }
    }

    /// The HTTP status of an answer's outcome as the trace writes it (`"status 500 injected
    /// error"`: 500), read as ASCII digits; nil for every other outcome (`"ok"`, `"offline"`).
    @inlinable
    public static func status(ofOutcome outcome: String) -> Int? {
        var outcome = outcome
        return outcome.withUTF8 { bytes in
            let start = 7  // "status ".utf8.count
            guard hasPrefix(bytes, "status ") else { return nil }
            var value = 0, index = start
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), value < 1_000_000 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? value : nil
        }
    }

    @inlinable
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for index in 0..<count where bytes[index] != prefix.utf8Start[index] { return false }
        return true
    }

    @inline(__always)
    private static func matches(_ byte: UInt8, _ wanted: UInt8, fold: UInt8) -> Bool {
        if byte == wanted { return true }
        guard fold != 0, wanted >= UInt8(ascii: "a"), wanted <= UInt8(ascii: "z") else { return false }
        return byte | fold == wanted
    }
}
