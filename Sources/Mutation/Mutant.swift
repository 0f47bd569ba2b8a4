/// The classic mutation operators, as PIT, muter and Stryker name their kinds.
public enum MutationOperator: String, CaseIterable, Sendable, Comparable {
    /// `if x` → `if !(x)`, or `if !x` → `if x`, in `if`, `guard` and `while` conditions.
    case negateCondition = "negate-condition"
    /// One clause of an `if` or `guard` condition replaced by `true`.
    case dropCondition = "drop-condition"
    /// A statement or call removed (`publish()`, `writeCache { … }`, `busy = nil`).
    case deleteStatement = "delete-statement"
    /// A number (0→1, 1→0, n→n+1; a duration doubled), a Boolean, or an enum case changed.
    case replaceConstant = "replace-constant"
    /// Two adjacent one-line statements in the other order.
    case swapStatements = "swap-statements"
    /// `return` as the first statement of a function that returns nothing.
    case returnEarly = "return-early"
    /// `min(` ↔ `max(`.
    case swapMinMax = "swap-min-max"
    /// `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`.
    case changeComparison = "change-comparison"
    /// `&&` ↔ `||`.
    case swapLogical = "swap-logical"
    /// `+` ↔ `-`, `+=` ↔ `-=`.
    case changeArithmetic = "change-arithmetic"
    /// A bug written by hand from the seeds (`--bugs FILE`): never drawn by the finder.
    case handWritten = "hand-written"

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One mutant: a small change to one place of one source file.
public struct Mutant: Sendable, Equatable {
    /// The file, relative to the package root.
    public let file: String
    public let line: Int
    public let column: Int
    public let mutationOperator: MutationOperator
    /// The bytes `start..<end` of the file are replaced by `replacement`.
    public let start: Int
    public let end: Int
    public let replacement: String
    /// The lines touched, before and after: a unified diff's `-` and `+` lines.
    public let removedLines: [String]
    public let addedLines: [String]
    /// A hand-written bug's name (`HandWrittenBug`); nil for the operators' mutants.
    public let name: String?

    /// Stable across runs of the same source: file, line, column and operator (a hand-written
    /// bug: its file and name).
    public var id: String { name.map { "\(file):\($0)" } ?? "\(file):\(line):\(column):\(mutationOperator.rawValue)" }

    /// The diff as text, `-` lines then `+` lines.
    public var diff: String {
        (removedLines.map { "- " + $0 } + addedLines.map { "+ " + $0 }).joined(separator: "\n")
    }

    /// `source` with this mutant applied; `source` must be the text it was found in.
    public func applied(to source: String) -> String {
        var bytes = Array(source.utf8)
        precondition(end <= bytes.count && start <= end, "a mutant applies only to the text it was found in")
        bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    init(file source: SourceFile, start: Int, end: Int, replacement: String, operator mutationOperator: MutationOperator,
         name: String? = nil) {
        file = source.path
        self.name = name
        self.start = start
        self.end = end
        self.replacement = replacement
        self.mutationOperator = mutationOperator
        column = source.column(of: start)
        let firstLine = source.lineOffsets.lastIndex { $0 <= start }! + 1
        let lastLine = source.lineOffsets.lastIndex { $0 <= max(start, end - 1) }! + 1
        line = firstLine
        removedLines = (firstLine...lastLine).map { source.lineText($0) }
        let lineStart = source.lineOffsets[firstLine - 1]
        let lineEnd = lineStart + removedLines.joined(separator: "\n").utf8.count
        let mutated = source.slice(lineStart, start) + replacement + source.slice(end, max(end, lineEnd))
        addedLines = mutated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.allSatisfy(\.isWhitespace) }
    }
}
