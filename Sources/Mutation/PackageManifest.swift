/// A package's `Package.swift` as the scratch copy needs it.
///
/// The copy lives somewhere else (`.build/mutate/package`), so a dependency named by a relative
/// path (`.package(name: "onboarding-sim", path: "../..")`, how Examples/Trendy depends on this
/// package) would point at nothing there. Such paths are made absolute, against the folder of the
/// package being mutated; everything else in the manifest stays as it is, byte for byte.
public enum PackageManifest {
    /// `manifest` with the relative `path:` of every `.package(…)` made absolute against `folder`
    /// (an absolute path, without a trailing slash).
    public static func absolutePaths(in manifest: String, against folder: String) -> String {
        let file = SourceFile(path: "Package.swift", text: manifest)
        let tokens = file.tokens
        var replacements: [(start: Int, end: Int, text: String)] = []
        for index in tokens.indices where isDependencyCall(tokens, index) {
            guard let close = file.partner[index + 2] else { continue }
            for position in (index + 3)..<close where tokens[position].kind == .word && tokens[position].text == "path"
                && position + 2 < close && tokens[position + 1].text == ":" && tokens[position + 2].kind == .string {
                let literal = tokens[position + 2]
                guard let path = plainString(literal.text), !path.hasPrefix("/") else { continue }
                replacements.append((literal.start, literal.end, quoted(normalised(folder + "/" + path))))
            }
        }
        var bytes = Array(manifest.utf8)
        for replacement in replacements.reversed() {
            bytes.replaceSubrange(replacement.start..<replacement.end, with: Array(replacement.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `.package(` at `index`.
    private static func isDependencyCall(_ tokens: [SourceToken], _ index: Int) -> Bool {
        index + 2 < tokens.count && tokens[index].text == "." && tokens[index].kind == .punctuation
            && tokens[index + 1].kind == .word && tokens[index + 1].text == "package"
            && tokens[index + 2].text == "(" && tokens[index + 2].kind == .punctuation
    }

    /// The contents of a one-line string literal with no escapes or interpolations; nil otherwise.
    private static func plainString(_ literal: String) -> String? {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\""), !literal.hasPrefix("\"\"\"") else { return nil }
        let inner = literal.dropFirst().dropLast()
        guard !inner.contains("\\"), !inner.contains("\"") else { return nil }
        return String(inner)
    }

    private static func quoted(_ path: String) -> String {
        var text = "\""
        for character in path {
            if character == "\\" || character == "\"" { text.append("\\") }
            text.append(character)
        }
        return text + "\""
    }

    /// `a/b/../c/./d` → `a/c/d`, keeping the leading slash.
    private static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", !parts.isEmpty, parts.last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
