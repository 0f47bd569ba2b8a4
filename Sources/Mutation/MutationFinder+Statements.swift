/// `delete-statement`, `swap-statements` and `return-early`.
extension MutationFinder {
    /// Statements that declare or steer rather than do: never deleted or swapped.
    static let structuralWords: Set<String> = [
        "let", "var", "if", "guard", "switch", "for", "while", "repeat", "do", "return", "case", "default",
        "func", "init", "deinit", "break", "continue", "throw", "defer", "fallthrough", "import", "struct",
        "class", "enum", "actor", "extension", "protocol", "typealias", "static", "private", "fileprivate",
        "public", "internal", "nonisolated", "open", "final", "override", "mutating", "lazy", "weak",
        "unowned", "indirect", "convenience", "required", "get", "set", "willSet", "didSet", "subscript",
        "associatedtype", "else", "catch", "package",
    ]

    func statementMutants() -> [Mutant] {
        var found: [Mutant] = []
        var previous: (start: Int, end: Int)?
        for start in file.statementStarts {
            let end = file.statementEnd(from: start)
            if isDeletable(start, end) {
                found.append(deletion(start, end))
                if let previous, previous.end == start || (isPunctuation(previous.end, ";") && previous.end + 1 == start),
                   isOneLine(previous.start, previous.end), isOneLine(start, end),
                   tokens[start].line > tokens[previous.start].line {
                    found.append(swap(previous, (start, end)))
                }
                previous = (start, end)
            } else {
                previous = nil
            }
            if let early = earlyReturn(at: start, end) { found.append(early) }
        }
        return found
    }

    private func isDeletable(_ start: Int, _ end: Int) -> Bool {
        let first = tokens[start]
        return first.kind == .word && !Self.structuralWords.contains(first.text) && end > start && isFree(start..<end)
    }

    private func isOneLine(_ start: Int, _ end: Int) -> Bool { tokens[start].line == tokens[end - 1].line }

    /// The statement removed; alone in a `case`, it becomes `break` (a case needs a statement).
    private func deletion(_ start: Int, _ end: Int) -> Mutant {
        var last = end - 1
        if isPunctuation(end, ";") { last = end }
        let aloneInCase = isPunctuation(start - 1, ":")
            && (isWord(end, "case") || isWord(end, "default") || isPunctuation(end, "}"))
        return mutant(tokens[start].start, tokens[last].end, aloneInCase ? "break" : "", .deleteStatement)
    }

    private func swap(_ first: (start: Int, end: Int), _ second: (start: Int, end: Int)) -> Mutant {
        let firstText = file.slice(tokens[first.start].start, tokens[first.end - 1].end)
        let secondText = file.slice(tokens[second.start].start, tokens[second.end - 1].end)
        let between = file.slice(tokens[first.end - 1].end, tokens[second.start].start)
        return mutant(tokens[first.start].start, tokens[second.end - 1].end, secondText + between + firstText, .swapStatements)
    }

    /// `return;` first thing in the body of a function that returns nothing.
    private func earlyReturn(at start: Int, _ end: Int) -> Mutant? {
        guard let function = (start..<min(end, start + 6)).first(where: { isWord($0, "func") }) else { return nil }
        var depth = 0
        var index = function + 1
        while index < end {
            let token = tokens[index]
            if token.kind == .symbol, token.text == "->", depth == 0 { return nil }
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" { depth += 1 }
                if token.text == ")" || token.text == "]" { depth -= 1 }
                if token.text == "{", depth == 0 { break }
            }
            index += 1
        }
        guard isPunctuation(index, "{"), let close = file.partner[index], close > index + 1,
              !isWord(index + 1, "return"), isFree(index..<(index + 2)) else { return nil }
        return mutant(tokens[index].start, tokens[index].end, "{ return;", .returnEarly)
    }
}
