import AppVocabulary

/// The auth screen's email check (002 §12).
///
/// Written as plain matchers with exactly the semantics of the fix plan's two regular
/// expressions (a test compares them with `Regex` on many samples): compiling and running a
/// `Regex` on every screen refresh cost more than the rest of a run.
enum EmailValidation {
    /// 002 §12 fix: "accepts anything with: non-whitespace-non-@ + @ + non-whitespace-non-@ + . + 2+ chars".
    static let permissive = #"^[^\s@]+@[^\s@]+\.[^\s@]{2,}$"#
    /// 002 §12 problem: "`^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$` rejects … apostrophes".
    static let strict = #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#

    static func isValid(_ email: String, mutants: MutantSet) -> Bool {
        // fix-12: the strict regex "rejects valid email addresses".
        mutants.contains(.fix12) ? matchesStrict(email) : matchesPermissive(email)
    }

    /// `^[^\s@]+@[^\s@]+\.[^\s@]{2,}$`: one `@`, no white space, and some dot in the domain with
    /// at least one character before it and two after it.
    static func matchesPermissive(_ email: String) -> Bool {
        // Every screen refresh of the auth step asks; nearly every address is ASCII.
        if let ascii = matchesPermissive(ascii: email) { return ascii }
        return matchesPermissive(characters: email)
    }

    /// The same check on bytes; nil when the address is not all ASCII. (In ASCII every character
    /// is one byte, except CR LF, which is white space either way.)
    static func matchesPermissive(ascii email: String) -> Bool? {
        var email = email
        return email.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard !bytes.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }),
                  let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0,
                  !bytes[(at + 1)...].contains(UInt8(ascii: "@")) else { return false }
            let domain = bytes[(at + 1)...]
            return domain.indices.contains { index in
                bytes[index] == UInt8(ascii: ".") && index - domain.startIndex >= 1 && domain.endIndex - index - 1 >= 2
            }
        }
    }

    /// The check on characters, for any address.
    static func matchesPermissive(characters email: String) -> Bool {
        let characters = Array(email)
        guard !characters.contains(where: \.isWhitespace),
              let at = characters.firstIndex(of: "@"), at > 0,
              !characters[(at + 1)...].contains("@") else { return false }
        let domain = Array(characters[(at + 1)...])
        return domain.indices.contains { domain[$0] == "." && $0 >= 1 && domain.count - $0 - 1 >= 2 }
    }

    /// `^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`: the last dot of the domain is
    /// followed by two or more ASCII letters only.
    static func matchesStrict(_ email: String) -> Bool {
        let characters = Array(email)
        guard let at = characters.firstIndex(of: "@"), at > 0 else { return false }
        let local = characters[..<at], domain = Array(characters[(at + 1)...])
        guard local.allSatisfy({ isASCIIAlphanumeric($0) || "._%+-".contains($0) }),
              domain.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "." || $0 == "-" }),
              let dot = domain.lastIndex(of: "."), dot >= 1 else { return false }
        let suffix = domain[(dot + 1)...]
        return suffix.count >= 2 && suffix.allSatisfy { $0.isASCII && $0.isLetter }
    }

    private static func isASCIIAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }
}
