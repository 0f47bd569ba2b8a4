/// Text from a file or the command line, made safe for the console: a scenario's name, a key, a
/// file name can hold a line break, a carriage return or an escape sequence, and a line of the
/// file author's choosing (`::error title=…::…`) would be read by a CI runner as a workflow
/// command, from either stream.
enum Escaped {
    /// `text` with every control character shown as an escape (`\n`, `\r`, `\t`, `\u{1B}`), so
    /// it stays on its line and sends nothing to the terminal.
    static func console(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where isControl(scalar): escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The tool's own output, guarded as it goes to a stream: every control character but the
    /// line break, the tab and a colour sequence (`ESC [ … m`) is shown as an escape (a carriage
    /// return, which a terminal and a log viewer take for a new line, as `\r`), and a line that
    /// would begin a workflow command (`::`) begins with a space instead. Text from a file
    /// (a scenario's name, a key, a file name) thus never moves the cursor, retitles the
    /// terminal or forges an annotation. The tool's own annotations are written around this
    /// (`GitHubAnnotations.print`).
    static func lines(_ text: String) -> String {
        // C0 controls but the line break and the tab, DEL, and the lead byte of C1 controls.
        let control = text.utf8.contains { byte in (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 }
        guard control || text.contains("::") else { return text }
        var output = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: index) {
                for kept in scalars[index...end] { output.unicodeScalars.append(kept) }
                index = end + 1
                continue
            }
            if scalar != "\n", scalar != "\t", isControl(scalar) {
                output += console(String(scalar))
            } else {
                output.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return output.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::") ? " " + line : String(line)
        }.joined(separator: "\n")
    }

    /// The index of the `m` that ends a colour sequence (`ESC [ digits and ; m`) starting at `start`.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 32 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }
}
