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

    @inline(__always)
    private static func matches(_ byte: UInt8, _ wanted: UInt8, fold: UInt8) -> Bool {
        if byte == wanted { return true }
        guard fold != 0, wanted >= UInt8(ascii: "a"), wanted <= UInt8(ascii: "z") else { return false }
        return byte | fold == wanted
    }
}
