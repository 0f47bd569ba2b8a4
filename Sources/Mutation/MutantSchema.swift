/// Mutant schemata (Untch, Offutt and Harrold 1993; Stryker's "mutation switching"): every chosen
/// mutant of a file compiled into one text, each behind a run-time switch, so one build serves
/// them all and a mutant is then checked by running the tool with its number in
/// `ONBOARDING_MUTANT`. With the variable unset (or `0`) the file does exactly what it did.
///
/// A mutant is switched in the outermost function-like body that holds it whole: a `func`,
/// `init` or `deinit` body, a computed property's getter, or one accessor (`get`, `set`,
/// `didSet`, …). The body's statements become the branches of one `if`, the original last:
///
/// ```swift
/// func resend() { if __onboardingMutant == 7 { …with mutant 7… } else if __onboardingMutant == 9 { …with 9… } else { …as written… } }
/// ```
///
/// One `if` as the whole body keeps what the body meant: a `defer` still runs at the function's
/// end, `let`s are still set on every path of an `init`, and a body that is one expression stays
/// one (an `if` expression, Swift 5.9). A stored property's value is switched as an expression
/// (`(__onboardingMutant == 7 ? (20) : (30))`). A mutant that adds whole declarations (a stored
/// property, a helper) and changes bodies has its declarations put in for every mutant (new
/// names, which the code as written never uses) and its bodies switched. Anything else (a
/// signature changed, a declaration removed) is left out: `fallback`, built on its own as
/// before. So is one that does not compile switched: `mutants(blamedForErrorAt:)` names the
/// mutants a compiler error falls in, and the caller takes them out and builds again.
public struct MutantSchema: Sendable {
    /// The environment variable the built tool reads once: the number of the mutant to switch on.
    public static let variable = "ONBOARDING_MUTANT"
    /// The name of the switch in each file (private to it).
    static let switchName = "__onboardingMutant"

    /// The file's text with every switched mutant behind its number.
    public let text: String
    /// The numbers of the mutants switched in `text`.
    public let switched: [Int]
    /// The numbers of the mutants that could not be switched: built one by one.
    public let fallback: [Int]
    /// The numbers of the switched mutants that add declarations, in the text for every mutant.
    public let adding: [Int]
    /// Lines (1-based, of `text`) that belong to one mutant: its branches' own lines, and the
    /// declarations it adds.
    let ownLines: [(lines: ClosedRange<Int>, mutant: Int)]
    /// For each switched region, its lines in `text` and the mutants in it.
    let regionLines: [(lines: ClosedRange<Int>, mutants: [Int])]

    /// The schema of `file` with `mutants` (each numbered; every one a mutant of `file`).
    public init(file: SourceFile, mutants: [(number: Int, mutant: Mutant)]) {
        let regions = Self.switchableRegions(in: file)
        let source = Array(file.text.utf8)
        var plans: [Plan] = [], fallback: [Int] = []
        for entry in mutants {
            if let plan = Self.plan(of: entry.mutant, numbered: entry.number, in: file, regions: regions) {
                plans.append(plan)
            } else {
                fallback.append(entry.number)
            }
        }
        var inRegion: [Int: [(number: Int, text: [UInt8])]] = [:]
        var insertions: [(at: Int, number: Int, text: [UInt8])] = []
        for plan in plans {
            for branch in plan.branches { inRegion[branch.region, default: []].append((plan.number, branch.text)) }
            if let insertion = plan.insertion { insertions.append((insertion.at, plan.number, insertion.text)) }
        }
        var output: [UInt8] = []
        output.reserveCapacity(source.count * 2)
        var copied = 0
        var ownBytes: [(range: Range<Int>, mutant: Int, isBranch: Bool)] = []
        var regionBytes: [(range: Range<Int>, mutants: [Int])] = []
        insertions.sort { ($0.at, $0.number) < ($1.at, $1.number) }
        var pendingInsertions = insertions[...]
        // Copies the file up to `offset`, with the declarations added before it.
        func copy(upTo offset: Int) {
            while let insertion = pendingInsertions.first, insertion.at <= offset {
                output += source[copied..<insertion.at]
                copied = insertion.at
                let start = output.count
                output += insertion.text
                ownBytes.append((start..<output.count, insertion.number, false))
                pendingInsertions = pendingInsertions.dropFirst()
            }
            output += source[copied..<offset]
            copied = offset
        }
        for (index, region) in regions.enumerated() {
            guard let entries = inRegion[index] else { continue }
            copy(upTo: region.bytes.lowerBound)
            let regionStart = output.count
            // A body: `if` … `else if` … `else { as written }`; a stored value: `(… ? (…) : (as written))`.
            let (header, middle, last, end) = region.isBody ? (" if ", " else if ", "} else {", "} ") : ("(", " : ", ") : (", "))")
            for (position, entry) in entries.enumerated() {
                if position > 0 { output += Array((region.isBody ? "}" : ")").utf8) }
                output += Array((position == 0 ? header : middle).utf8)
                output += Array("\(Self.switchName) == \(entry.number) \(region.isBody ? "{" : "? (")".utf8)
                let branchStart = output.count
                output += entry.text
                ownBytes.append((branchStart..<output.count, entry.number, true))
            }
            output += Array(last.utf8)
            output += source[region.bytes]
            output += Array(end.utf8)
            regionBytes.append((regionStart..<output.count, entries.map(\.number)))
            copied = region.bytes.upperBound
        }
        copy(upTo: source.count)
        let switched = plans.map(\.number)
        if !switched.isEmpty {
            output += Array(("\n// onboarding-mutate: the run-time switch of this file's mutants (mutant schemata).\n"
                             + "import Foundation\n"
                             + "private let \(Self.switchName): Int = Int(ProcessInfo.processInfo.environment[\"\(Self.variable)\"] ?? \"\") ?? 0\n").utf8)
        }
        // Lines of each byte range, counted once over the output.
        var lineStarts = [0]
        for (offset, byte) in output.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        func line(of offset: Int) -> Int {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low + 1
        }
        text = String(decoding: output, as: UTF8.self)
        self.switched = switched
        self.fallback = fallback
        adding = plans.filter { $0.insertion != nil }.map(\.number)
        // A branch's own lines lie between its header's line and its closing brace's (a one-line
        // branch has none: an error there is blamed on the whole region); added declarations'
        // lines are all their own.
        var own: [(lines: ClosedRange<Int>, mutant: Int)] = []
        for piece in ownBytes where !piece.range.isEmpty {
            let first = line(of: piece.range.lowerBound) + (piece.isBranch ? 1 : 0)
            let last = piece.isBranch ? line(of: piece.range.upperBound) - 1 : line(of: piece.range.upperBound - 1)
            if first <= last { own.append((first...last, piece.mutant)) }
        }
        ownLines = own
        regionLines = regionBytes.map { (line(of: $0.range.lowerBound)...line(of: max($0.range.lowerBound, $0.range.upperBound - 1)), $0.mutants) }
    }

    /// The mutants that a compiler error at `line` of this schema's text falls in: the mutant whose
    /// branch or added declaration holds the line, else every mutant of the region that holds it
    /// (a switch's own line), else every mutant of the file (an error elsewhere: the switch's
    /// declaration, or code the added declarations made ambiguous).
    public func mutants(blamedForErrorAt line: Int) -> [Int] {
        if let own = ownLines.first(where: { $0.lines.contains(line) }) { return [own.mutant] }
        if let region = regionLines.first(where: { $0.lines.contains(line) }) { return region.mutants }
        return switched
    }

    /// The compiler's errors in a build's output, as (path, line): lines of the form
    /// `/path/File.swift:12:5: error: …`.
    public static func errors(in buildOutput: String) -> [(path: String, line: Int)] {
        var found: [(path: String, line: Int)] = []
        for line in buildOutput.split(separator: "\n") where line.contains(": error:") {
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0].hasSuffix(".swift"), let number = Int(parts[1]) else { continue }
            found.append((String(parts[0]), number))
        }
        return found
    }
}
