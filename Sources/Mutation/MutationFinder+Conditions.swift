/// `negate-condition` and `drop-condition`: the clauses of `if`, `guard` and `while` conditions.
extension MutationFinder {
    /// The clauses of the condition of the `if`, `guard` or `while` at `keyword`, as token ranges;
    /// the last one ends at the body's `{` (or the guard's `else`).
    func conditionClauses(of keyword: Int) -> [Range<Int>]? {
        let isGuard = isWord(keyword, "guard")
        var clauses: [Range<Int>] = []
        var clauseStart = keyword + 1
        var depth = 0
        var index = keyword + 1
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0 {
                let ends = isGuard ? isWord(index, "else") : isPunctuation(index, "{")
                if ends {
                    guard index > clauseStart else { return nil }
                    clauses.append(clauseStart..<index)
                    return clauses
                }
                if isPunctuation(index, ",") {
                    clauses.append(clauseStart..<index)
                    clauseStart = index + 1
                }
            }
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" { depth += 1 }
                if token.text == ")" || token.text == "]" { depth -= 1 }
                if token.text == "}" { return nil }
            }
            index += 1
        }
        return nil
    }

    func conditionMutants() -> [Mutant] {
        var found: [Mutant] = []
        for start in file.statementStarts {
            let keyword = tokens[start].text
            guard tokens[start].kind == .word, keyword == "if" || keyword == "guard" || keyword == "while",
                  let clauses = conditionClauses(of: start) else { continue }
            for clause in clauses where isFree(clause) && isBoolean(clause) {
                found += clauseMutants(clause, droppable: keyword != "while")
            }
        }
        return found
    }

    /// A clause that is a Boolean expression, not a binding (`let`, `var`, `case`) or availability check.
    private func isBoolean(_ clause: Range<Int>) -> Bool {
        let first = tokens[clause.lowerBound]
        if first.kind == .word, ["let", "var", "case"].contains(first.text) { return false }
        if first.kind == .punctuation, first.text == "#" { return false }
        return true
    }

    private func clauseMutants(_ clause: Range<Int>, droppable: Bool) -> [Mutant] {
        let first = tokens[clause.lowerBound], last = tokens[clause.upperBound - 1]
        var found: [Mutant] = []
        if first.kind == .symbol, first.text == "!", isSingleOperand(clause.dropFirst()) {
            found.append(mutant(first.start, first.end, "", .negateCondition))
        } else {
            let text = file.slice(first.start, last.end)
            found.append(mutant(first.start, last.end, "!(\(text))", .negateCondition))
        }
        if droppable { found.append(mutant(first.start, last.end, "true", .dropCondition)) }
        return found
    }

    /// One operand: no binary operator outside brackets (`x`, `a.b(c)`, `list.isEmpty`).
    private func isSingleOperand(_ range: Range<Int>) -> Bool {
        var depth = 0
        for index in range {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" { depth += 1 }
                if token.text == ")" || token.text == "]" { depth -= 1 }
            }
            if depth == 0, token.kind == .symbol, token.spaceBefore, token.spaceAfter { return false }
            if depth == 0, token.kind == .word, token.text == "is" || token.text == "as" { return false }
        }
        return true
    }
}
