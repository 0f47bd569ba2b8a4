/// What happened to one mutant.
public enum MutantVerdict: String, Sendable, CaseIterable {
    /// A scenario, an explored run, a budget, a crash or the time limit caught it.
    case killed
    /// Every check passed although the app's behaviour changed.
    case survived
    /// Every trace hash equals the unmutated app's: nothing any run could see changed.
    case noChange = "no-change"
    /// The mutated source does not compile.
    case buildFailed = "build-failed"
}

/// What caught a killed mutant, or why it counts as caught.
public struct MutantKiller: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A bundled scenario failed: an oracle or one of its expectations.
        case scenario
        /// An explored run failed an oracle.
        case explore
        /// Explored runs broke a timing budget.
        case budget
        /// A command ended on a signal or an unexpected exit code: the app crashed.
        case crash
        /// A command passed its wall-clock limit (counted as killed, as PIT counts it).
        case timeout
    }

    public let kind: Kind
    /// The oracle, the budget, or the signal.
    public let name: String
    /// Where: a scenario file, or a persona with its seed.
    public let detail: String
    /// A command that shows it again.
    public let command: String

    public init(kind: Kind, name: String, detail: String, command: String) {
        self.kind = kind
        self.name = name
        self.detail = detail
        self.command = command
    }

    /// What a crashed command said of its crash, in a line: the runtime's "Fatal error" line
    /// (`Swift/Array.swift:…: Fatal error: Index out of range`) if there is one, else the last
    /// line it wrote that is not the backtracer's own ("Backtrace took 0.45s"). Memory addresses
    /// (`0x00007f…`) read `0x…`, so two runs of one plan give the same report.
    public static func crashLine(of standardError: String) -> String {
        let lines = standardError.split(separator: "\n").map { $0.drop(while: \.isWhitespace) }.filter { !$0.isEmpty }
        let telling = lines.first { $0.contains("Fatal error") || $0.contains("Precondition failed") }
            ?? lines.last { !$0.hasPrefix("Backtrace took") && !$0.hasPrefix("Thread ") && !$0.hasPrefix("*** ") }
        return String(withoutAddresses(String(telling ?? "no output")).prefix(300))
    }

    /// `text` with each hexadecimal address (`0x` and hex digits) written `0x…`.
    static func withoutAddresses(_ text: String) -> String {
        var output = "", characters = Array(text), index = 0
        while index < characters.count {
            if characters[index] == "0", index + 2 < characters.count, characters[index + 1] == "x", characters[index + 2].isHexDigit {
                output += "0x…"
                index += 2
                while index < characters.count, characters[index].isHexDigit { index += 1 }
                continue
            }
            output.append(characters[index])
            index += 1
        }
        return output
    }

    /// The command that runs the crashed run again, when the tool named it (`CrashNotice`: a
    /// "crash:" line, then "  replay: …").
    public static func crashReplay(of standardError: String) -> String? {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false)
        guard let notice = lines.firstIndex(where: { $0.hasPrefix("crash: ") }) else { return nil }
        let replay = lines[notice...].first { $0.hasPrefix("  replay: ") }
        return replay.map { String($0.dropFirst("  replay: ".count)) }
    }
}

/// One mutant with its verdict.
public struct MutantResult: Sendable {
    public let id: String
    public let file: String
    public let line: Int
    public let mutationOperator: String
    public let diff: String
    public var verdict: MutantVerdict
    public var killer: MutantKiller?
    /// Wall-clock seconds this mutant took, build included.
    public var seconds: Double
    /// A survivor judged acceptable in the verdicts file, with the reason written there.
    public var accepted: AcceptedSurvivor?
    /// For a mutant that does not compile: the compiler's first error.
    public var buildError: String?

    /// What the mutant is, in a line: its operator, or a hand-written bug's name.
    public var kind: String {
        guard mutationOperator == MutationOperator.handWritten.rawValue, id.hasPrefix(file + ":") else { return mutationOperator }
        return String(id.dropFirst(file.count + 1))
    }

    public init(mutant: Mutant, verdict: MutantVerdict, killer: MutantKiller? = nil, seconds: Double) {
        id = mutant.id
        file = mutant.file
        line = mutant.line
        mutationOperator = mutant.mutationOperator.rawValue
        diff = mutant.diff
        self.verdict = verdict
        self.killer = killer
        self.seconds = seconds
    }

    public init(id: String, file: String, line: Int, mutationOperator: String, diff: String, verdict: MutantVerdict,
                killer: MutantKiller?, seconds: Double) {
        self.id = id
        self.file = file
        self.line = line
        self.mutationOperator = mutationOperator
        self.diff = diff
        self.verdict = verdict
        self.killer = killer
        self.seconds = seconds
    }
}

/// A survivor the team has judged: equivalent to the user, or not a bug, and why.
public struct AcceptedSurvivor: Sendable, Equatable {
    /// `equivalent` (no user could tell) or `not-a-bug`.
    public let verdict: String
    public let reason: String

    public init(verdict: String, reason: String) {
        self.verdict = verdict
        self.reason = reason
    }
}
