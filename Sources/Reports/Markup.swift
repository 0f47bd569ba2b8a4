/// Escaping for text put into XML or HTML (element content and quoted attributes).
enum Markup {
    /// An SVG coordinate to a tenth of a pixel, without a trailing `.0`.
    static func coordinate(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `text` with every character XML 1.0 cannot hold (controls other than tab, line feed and
    /// carriage return; U+FFFE, U+FFFF; lone surrogates cannot occur in a String) replaced by U+FFFD.
    static func xmlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isXMLCharacter($0) }) else { return text }
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { cleaned.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}") }
        return String(cleaned)
    }

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    static func escape(_ text: String) -> String {
        // Scalar by scalar: a quote or `<` followed by a combining mark is one Character, and
        // would slip past a comparison of Characters.
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
