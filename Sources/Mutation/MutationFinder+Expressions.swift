/// `replace-constant`, `change-comparison`, `swap-logical`, `change-arithmetic` and `swap-min-max`.
extension MutationFinder {
    private static let comparisons = ["<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="]
    private static let logicals = ["&&": "||", "||": "&&"]
    private static let arithmetic = ["+": "-", "-": "+", "+=": "-=", "-=": "+="]
    /// Duration factories whose argument is doubled rather than nudged.
    private static let durations: Set<String> = ["seconds", "milliseconds", "minutes", "microseconds"]

    func expressionMutants() -> [Mutant] {
        var found: [Mutant] = []
        for index in tokens.indices where !excluded[index] {
            let token = tokens[index]
            switch token.kind {
            case .symbol where token.spaceBefore && token.spaceAfter:
                // Binary operators only: spaced on both sides (`a < b`, not `Result<A, B>` or `!x`).
                if let other = Self.comparisons[token.text] {
                    found.append(mutant(token.start, token.end, other, .changeComparison))
                } else if let other = Self.logicals[token.text] {
                    found.append(mutant(token.start, token.end, other, .swapLogical))
                } else if let other = Self.arithmetic[token.text] {
                    found.append(mutant(token.start, token.end, other, .changeArithmetic))
                }
            case .number:
                if let replacement = numberReplacement(at: index) {
                    found.append(mutant(token.start, token.end, replacement, .replaceConstant))
                }
            case .word:
                if let flipped = ["true": "false", "false": "true"][token.text] {
                    found.append(mutant(token.start, token.end, flipped, .replaceConstant))
                } else if (token.text == "min" || token.text == "max"), isPunctuation(index + 1, "("), !isPunctuation(index - 1, ".") {
                    found.append(mutant(token.start, token.end, token.text == "min" ? "max" : "min", .swapMinMax))
                } else if let neighbour = enumCaseNeighbour(at: index) {
                    found.append(mutant(token.start, token.end, neighbour, .replaceConstant))
                }
            default:
                break
            }
        }
        return found
    }

    /// PIT's inline-constant rule for whole numbers (0→1, 1→0, n→n+1); a duration's count doubles.
    private func numberReplacement(at index: Int) -> String? {
        let text = tokens[index].text.replacingOccurrences(of: "_", with: "")
        guard let value = Int(text) else { return nil }
        if isPunctuation(index - 1, "("), index >= 2, tokens[index - 2].kind == .word,
           Self.durations.contains(tokens[index - 2].text), isPunctuation(index - 3, ".") {
            return value == 0 ? "1" : String(value * 2)
        }
        switch value {
        case 0: return "1"
        case 1: return "0"
        default: return String(value + 1)
        }
    }

    /// `.intake` → `.intakeComplete`, in expressions only (never a `case` pattern, where a changed
    /// case is a compile error or a second pattern, not a behaviour).
    private func enumCaseNeighbour(at index: Int) -> String? {
        guard index >= 2, isPunctuation(index - 1, "."), !isPunctuation(index + 1, "(") else { return nil }
        // An implicit member (`(.intake)`, `= .main`, `return .x`), not a member access (`a.b`, `f().b`, `a?.b`).
        let before = tokens[index - 2]
        switch before.kind {
        case .word: guard ["return", "else", "in"].contains(before.text) else { return nil }
        case .punctuation: guard before.text != ")" && before.text != "]" else { return nil }
        case .symbol: guard before.spaceAfter else { return nil }
        case .number, .string: return nil
        }
        guard !isInCasePattern(index) else { return nil }
        return enums.neighbour(of: tokens[index].text)
    }

    /// Between a `case` and its label's colon (`case .x:`, `if case .x = y`), on one line.
    private func isInCasePattern(_ index: Int) -> Bool {
        var depth = 0
        var position = index - 1
        while position >= 0, tokens[position].line == tokens[index].line {
            let token = tokens[position]
            if token.kind == .punctuation {
                if token.text == ")" || token.text == "]" { depth += 1 }
                if token.text == "(" || token.text == "[" { depth -= 1 }
                if token.text == ":", depth == 0 { return false }
                if token.text == "{" || token.text == "}" { return false }
            }
            if token.kind == .word, token.text == "case", depth <= 0 { return true }
            position -= 1
        }
        return false
    }
}
