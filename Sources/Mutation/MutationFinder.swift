/// Finds the mutation points of one file of the app under test.
///
/// Never mutated, because a change there says nothing about the app a user sees:
/// - the catalogue's own mutant switches (`mutants.contains(…)`; in app code, `bugs.contains(…)`, or
///   any name in `switches`) and the code only a switched-on catalogue mutant runs
///   (`if mutants.contains(.x) { … }`, `guard !mutants.contains(.x) else { … }`, the rest of a
///   function after `guard mutants.contains(.x) else`);
/// - statements that only record an event (`simulation.record(…)`): the trace changes, the screen not;
/// - assertions (`precondition`, `assert`, `fatalError`), initialisers (wiring), and the
///   executor plumbing (`unownedExecutor`);
/// - anything inside a string literal or a comment.
public struct MutationFinder {
    let file: SourceFile
    let enums: EnumCatalogue
    /// Tokens no mutation may touch.
    var excluded: [Bool]

    /// The names of the sets that switch a catalogue's bugs on: the bundled models' `mutants`, and
    /// `bugs`, as app code outside this package names them (Examples/Trendy's `TrendyBugs`).
    public static let defaultSwitches = ["mutants", "bugs"]

    public static func mutants(in file: SourceFile, enums: EnumCatalogue, switches: [String] = defaultSwitches) -> [Mutant] {
        var finder = MutationFinder(file: file, enums: enums,
                                    excluded: [Bool](repeating: false, count: file.tokens.count))
        for name in switches { finder.excludeMutantSwitches(named: name) }
        finder.excludeStatements()
        var found = finder.conditionMutants() + finder.statementMutants() + finder.expressionMutants()
        found.sort { ($0.start, $0.mutationOperator, $0.end) < ($1.start, $1.mutationOperator, $1.end) }
        // One mutant per place and operator: ids stay unique.
        var seen = Set<String>()
        return found.filter { seen.insert($0.id).inserted }
    }

    var tokens: [SourceToken] { file.tokens }

    func isFree(_ range: Range<Int>) -> Bool { !range.contains { excluded[$0] } }

    func mutant(_ start: Int, _ end: Int, _ replacement: String, _ mutationOperator: MutationOperator) -> Mutant {
        Mutant(file: file, start: start, end: end, replacement: replacement, operator: mutationOperator)
    }

    func isWord(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .word && tokens[index].text == text
    }

    func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && tokens[index].text == text
    }

    private mutating func exclude(_ range: Range<Int>) {
        for index in range where index < excluded.count { excluded[index] = true }
    }

    /// `mutants.contains(…)` (with a `!` before it) and the code only a catalogue mutant runs.
    private mutating func excludeMutantSwitches(named name: String) {
        for index in tokens.indices where isWord(index, name) && isPunctuation(index + 1, ".")
            && isWord(index + 2, "contains") && isPunctuation(index + 3, "(") {
            guard let close = file.partner[index + 3] else { continue }
            let negated = index > 0 && tokens[index - 1].kind == .symbol && tokens[index - 1].text == "!"
            exclude((negated ? index - 1 : index)..<(close + 1))
            excludeGuardedCode(switchAt: negated ? index - 1 : index, switchEnd: close + 1, negated: negated)
        }
    }

    /// The block a switch guards, when the switch is a whole clause of an `if` or `guard`.
    private mutating func excludeGuardedCode(switchAt start: Int, switchEnd end: Int, negated: Bool) {
        guard let statement = enclosingStatement(of: start), tokens[statement].kind == .word else { return }
        let keyword = tokens[statement].text
        guard keyword == "if" || keyword == "guard",
              let clauses = conditionClauses(of: statement),
              clauses.contains(where: { $0 == start..<end }) else { return }
        let body = clauses.last!.upperBound
        if keyword == "if", !negated, isPunctuation(body, "{"), let close = file.partner[body] {
            // The other clauses of `if switch, …` are read only with the mutant on, as is the body.
            exclude(clauses.first!.lowerBound..<(close + 1))
        }
        if keyword == "guard", negated, isWord(body, "else"), isPunctuation(body + 1, "{"), let close = file.partner[body + 1] {
            exclude((body + 1)..<(close + 1))
        }
        if keyword == "guard", !negated, isWord(body, "else"), isPunctuation(body + 1, "{"), let close = file.partner[body + 1] {
            // The rest of the enclosing block runs only with the mutant on.
            if let blockEnd = enclosingBlockEnd(of: statement) { exclude((close + 1)..<blockEnd) }
        }
    }

    /// Statements that record only, assertions, initialisers and executor plumbing.
    private mutating func excludeStatements() {
        for start in file.statementStarts {
            let end = file.statementEnd(from: start)
            let first = tokens[start].text
            if first == "precondition" || first == "preconditionFailure" || first == "assert" || first == "fatalError"
                || first == "assertionFailure" {
                exclude(start..<end)
            }
            if first == "simulation", isPunctuation(start + 1, "."), isWord(start + 2, "record") { exclude(start..<end) }
            // Declarations: the first few words name what is declared (`nonisolated var unownedExecutor`, `public init(`).
            let head = start..<min(end, start + 4)
            if head.contains(where: { isWord($0, "unownedExecutor") }) { exclude(start..<end) }
            let declaration = head.first { isWord($0, "init") || isWord($0, "deinit") }
            if let declaration, !isPunctuation(declaration - 1, ".") { exclude(start..<end) }
        }
    }

    /// The statement that contains token `index` most closely.
    func enclosingStatement(of index: Int) -> Int? {
        var best: Int?
        for start in file.statementStarts {
            if start > index { break }
            if file.statementEnd(from: start) > index { best = start }
        }
        return best
    }

    /// The index of the `}` that closes the block around `index`.
    func enclosingBlockEnd(of index: Int) -> Int? {
        var depth = 0
        for position in index..<tokens.count where tokens[position].kind == .punctuation {
            if tokens[position].text == "{" { depth += 1 }
            if tokens[position].text == "}" {
                if depth == 0 { return position }
                depth -= 1
            }
        }
        return nil
    }
}
