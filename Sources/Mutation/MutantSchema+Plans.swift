/// How one mutant goes into a schema: the regions it changes, each with its text as the mutant
/// has it, and the declarations it adds, put in for every mutant (they are new names: the
/// code as written does not use them).
extension MutantSchema {
    struct Plan {
        let number: Int
        /// Indices into the file's regions, each with the region's whole text under this mutant.
        var branches: [(region: Int, text: [UInt8])]
        /// Declarations the mutant adds, and the offset in the file where they go.
        var insertion: (at: Int, text: [UInt8])?
    }

    /// A mutant's edit at its smallest: the text it replaces and its replacement without the
    /// bytes they begin and end with alike. A hand-written bug's find text often takes in a
    /// function's first or last line for context; what it changes lies inside the body.
    struct Edit {
        let start: Int
        let end: Int
        let replacement: [UInt8]

        init(_ mutant: Mutant, in source: [UInt8]) {
            let new = Array(mutant.replacement.utf8)
            var start = mutant.start, end = mutant.end, lower = 0, upper = new.count
            while start < end, lower < upper, source[start] == new[lower] { start += 1; lower += 1 }
            while start < end, lower < upper, source[end - 1] == new[upper - 1] { end -= 1; upper -= 1 }
            self.start = start
            self.end = end
            replacement = Array(new[lower..<upper])
        }
    }

    /// The plan of `mutant`, numbered `number`, in `file`, or nil if it cannot be switched. An
    /// edit inside one region is a branch there. Any other edit is compared with the file as a
    /// whole: the text outside the regions must be the same but for one block of whole
    /// declarations added (a stored property, a helper), the regions paired in order, and each
    /// region whose text differs gets a branch.
    static func plan(of mutant: Mutant, numbered number: Int, in file: SourceFile, regions: [Region]) -> Plan? {
        let source = Array(file.text.utf8)
        let edit = Edit(mutant, in: source)
        if let region = regions.firstIndex(where: { $0.bytes.lowerBound <= edit.start && edit.end <= $0.bytes.upperBound }) {
            let bytes = regions[region].bytes
            var mutated = Array(source[bytes])
            mutated.replaceSubrange((edit.start - bytes.lowerBound)..<(edit.end - bytes.lowerBound), with: edit.replacement)
            // A bug that ends the function and adds another leaves the body's brackets unbalanced.
            if isBalanced(mutated) { return Plan(number: number, branches: [(region, mutated)], insertion: nil) }
        }
        let mutatedFile = SourceFile(path: file.path, text: mutant.applied(to: file.text))
        guard let plan = outsidePlan(number: number, original: source, regions: regions,
                                     mutated: Array(mutatedFile.text.utf8), mutatedRegions: switchableRegions(in: mutatedFile)) else {
            return nil
        }
        // Declarations go in among declarations, not into a parameter list or a call.
        if let at = plan.insertion?.at {
            var depth = 0
            for token in file.tokens where token.kind == .punctuation && token.start < at {
                if token.text == "(" || token.text == "[" { depth += 1 } else if token.text == ")" || token.text == "]" { depth -= 1 }
            }
            guard depth == 0 else { return nil }
        }
        return plan
    }

    /// The text outside the regions as symbols: a byte, or 256 for a region (whatever it holds),
    /// with each symbol's offset in the text and, for a region, its index.
    private struct Outline {
        var symbols: [Int] = []
        var offsets: [Int] = []
        var region: [Int] = []

        init(_ text: [UInt8], _ regions: [Region]) {
            var position = 0
            for (index, region) in regions.enumerated() {
                while position < region.bytes.lowerBound { append(Int(text[position]), position, -1); position += 1 }
                append(256, region.bytes.lowerBound, index)
                position = region.bytes.upperBound
            }
            while position < text.count { append(Int(text[position]), position, -1); position += 1 }
        }

        private mutating func append(_ symbol: Int, _ offset: Int, _ index: Int) {
            symbols.append(symbol)
            offsets.append(offset)
            region.append(index)
        }
    }

    private static func outsidePlan(number: Int, original: [UInt8], regions: [Region], mutated: [UInt8],
                                    mutatedRegions: [Region]) -> Plan? {
        let before = Outline(original, regions), after = Outline(mutated, mutatedRegions)
        let count = before.symbols.count, mutatedCount = after.symbols.count
        guard mutatedCount >= count else { return nil }
        var prefix = 0
        while prefix < count, before.symbols[prefix] == after.symbols[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < count - prefix, before.symbols[count - 1 - suffix] == after.symbols[mutatedCount - 1 - suffix] { suffix += 1 }
        // Nothing of the outline removed or replaced: at most one block inserted.
        guard prefix + suffix == count else { return nil }
        let added = mutatedCount - count
        var insertion: (at: Int, text: [UInt8])?
        if added > 0 {
            // The block is whole lines: slid back to a line's start where the text allows (an
            // insertion before "    init" is found after its indentation), ending in a line break.
            let newline = Int(UInt8(ascii: "\n"))
            while prefix > 0, before.symbols[prefix - 1] != newline, before.symbols[prefix - 1] == after.symbols[prefix + added - 1] {
                prefix -= 1
            }
            guard prefix == 0 || before.symbols[prefix - 1] == newline, after.symbols[prefix + added - 1] == newline else { return nil }
            // It starts and ends between two characters of the outline, never against a region's edge.
            let edges = [prefix > 0 ? before.symbols[prefix - 1] : 0, prefix < count ? before.symbols[prefix] : 0,
                         after.symbols[prefix], after.symbols[prefix + added - 1]]
            guard !edges.contains(256) else { return nil }
            let start = after.offsets[prefix]
            let end = prefix + added < mutatedCount ? after.offsets[prefix + added] : mutated.count
            let text = Array(mutated[start..<end])
            guard isBalanced(text) else { return nil }
            insertion = (prefix < count ? before.offsets[prefix] : original.count, text)
        }
        // The regions in order: those before the block, then those after it, past the block's own.
        let newRegions = after.symbols[prefix..<(prefix + added)].filter { $0 == 256 }.count
        let regionsBefore = before.symbols[..<prefix].filter { $0 == 256 }.count
        var branches: [(region: Int, text: [UInt8])] = []
        for index in regions.indices {
            let partner = index < regionsBefore ? index : index + newRegions
            guard partner < mutatedRegions.count, mutatedRegions[partner].isBody == regions[index].isBody else { return nil }
            let text = Array(mutated[mutatedRegions[partner].bytes])
            if text != Array(original[regions[index].bytes]) {
                guard isBalanced(text) else { return nil }
                branches.append((index, text))
            }
        }
        guard !branches.isEmpty || insertion != nil else { return nil }
        return Plan(number: number, branches: branches, insertion: insertion)
    }

    /// Whether every bracket in `text` closes, in order, and none closes what it did not open.
    static func isBalanced(_ text: [UInt8]) -> Bool {
        var open: [String] = []
        for token in SwiftLexer.tokens(of: String(decoding: text, as: UTF8.self)) where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{": open.append(token.text)
            case ")": if open.popLast() != "(" { return false }
            case "]": if open.popLast() != "[" { return false }
            case "}": if open.popLast() != "{" { return false }
            default: break
            }
        }
        return open.isEmpty
    }
}
