/// What a Swift file declares, without what its declarations do: every token outside function,
/// accessor and closure bodies, instance properties' initial values and default arguments (a
/// global's or a `static` property's value stays: an optimised module hands it to its users). Two versions of a
/// file with the same skeleton give their module the same interface, so the modules that import
/// it need no rebuild; a mutant that changes the skeleton (a hand-written bug that adds a stored
/// property or a helper) makes the build system recompile every module above the app's, which on
/// this package is most of a minute. `MutationRun` builds such mutants last, one after another,
/// so each costs one rebuild of the modules above rather than two (there and back).
///
/// A heuristic read from tokens, not a parser: a brace opens a type's body when the declaration
/// before it, at the same depth, began with `struct`, `class`, `enum`, `actor`, `protocol` or
/// `extension`; every other brace opens a body, skipped whole. A wrong guess only orders the
/// builds less well: each mutant is still applied, built and checked on its own.
public enum DeclarationSkeleton {
    /// The skeleton's tokens, in order.
    public static func of(_ source: String) -> [String] {
        var reader = Reader(tokens: SwiftLexer.tokens(of: source))
        reader.read()
        return reader.kept
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    /// After `class`, these make it a modifier (`class func`, `class var`), not a type.
    private static let memberWords: Set<String> = ["func", "var", "let", "subscript", "init", "override", "final",
                                                   "static", "private", "fileprivate", "internal", "public", "open"]

    private struct Reader {
        let tokens: [SourceToken]
        var kept: [String] = []
        var index = 0
        /// Whether the declaration being read at the current depth introduces a type.
        var declaresType = false
        /// How many type bodies the current token is in.
        var typeDepth = 0

        /// Whether the `=` just kept gives the value of a global or a `static` property: an
        /// optimised module carries such a constant's value to the modules that use it (a
        /// changed `static let` rebuilds them), unlike an instance property's initial value or a
        /// default argument.
        var isConstantOfTheModule: Bool {
            var position = kept.count - 2
            while position >= 0, !["let", "var"].contains(kept[position]) {
                if ["(", "{", "}", ",", "func", "init", "case", "subscript", "typealias"].contains(kept[position]) { return false }
                position -= 1
            }
            guard position >= 0 else { return false }
            if typeDepth == 0 { return true }
            return kept[max(0, position - 4)..<position].contains { $0 == "static" || $0 == "class" }
        }

        mutating func read() {
            while index < tokens.count {
                let token = tokens[index]
                switch token.text {
                case "{" where token.kind == .punctuation:
                    kept.append("{")
                    if declaresType { declaresType = false; typeDepth += 1; index += 1 } else { skipBody(); kept.append("}") }
                case "}" where token.kind == .punctuation:
                    kept.append("}")
                    declaresType = false
                    typeDepth -= 1
                    index += 1
                case "=" where token.kind == .symbol:
                    kept.append("=")
                    if isConstantOfTheModule { index += 1 } else { skipInitialValue() }
                default:
                    if token.kind == .word, DeclarationSkeleton.typeKeywords.contains(token.text), !isClassModifier(at: index) {
                        declaresType = true
                    }
                    kept.append(token.text)
                    index += 1
                }
            }
        }

        func isClassModifier(at position: Int) -> Bool {
            guard tokens[position].text == "class", position + 1 < tokens.count else { return false }
            return DeclarationSkeleton.memberWords.contains(tokens[position + 1].text)
        }

        /// From a `{` to just past its matching `}`.
        mutating func skipBody() {
            var depth = 0
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                guard token.kind == .punctuation else { continue }
                if token.text == "{" { depth += 1 } else if token.text == "}" { depth -= 1; if depth == 0 { return } }
            }
        }

        /// An initial value or a default argument: up to the first token, outside brackets, on a
        /// later line than the last one read (the next declaration), or to a `,` or a closing
        /// bracket outside its own brackets.
        mutating func skipInitialValue() {
            var depth = 0, line = tokens[index].line
            index += 1
            while index < tokens.count {
                let token = tokens[index]
                if depth == 0, token.line > line, token.text != "." { return }
                if token.kind == .punctuation {
                    if depth == 0, token.text == "," { return }
                    if "([{".contains(token.text) { depth += 1 } else if ")]}".contains(token.text) {
                        if depth == 0 { return }
                        depth -= 1
                    }
                }
                line = token.line
                index += 1
            }
        }
    }
}

extension Mutant {
    /// Whether applying this mutant to `source` (the text it was found in) changes what the file
    /// declares, not only what its code does (`DeclarationSkeleton`).
    public func changesDeclarations(of source: String) -> Bool {
        DeclarationSkeleton.of(source) != DeclarationSkeleton.of(applied(to: source))
    }
}
