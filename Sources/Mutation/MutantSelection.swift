import SimKernel

/// Which mutants a mutation run tries: the filters, a seeded sample, and a shard of it.
///
/// The same source, seed and options always give the same mutants in the same order, on any
/// machine: the sample is a seeded shuffle (xoshiro256**, never the system generator) of every
/// point in file, position and operator order, and the chosen mutants run in that order again.
public struct MutantSelection: Sendable, Equatable {
    /// A file is kept if its path contains one of these (all files when empty).
    public var files: [String] = []
    /// Only these operators (all when empty).
    public var operators: [MutationOperator] = []
    /// Only the mutants with these ids (`file:line:column:operator`, as a report names them;
    /// all when empty): to try a report's survivors again after an oracle changed.
    public var ids: [String] = []
    /// How many mutants to draw; nil takes every one.
    public var sample: Int?
    public var seed: UInt64 = 1
    /// Shard `index` (1-based) of `count`: every count-th mutant of the sample.
    public var shard: (index: Int, count: Int) = (1, 1)

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.files == rhs.files && lhs.operators == rhs.operators && lhs.ids == rhs.ids && lhs.sample == rhs.sample
            && lhs.seed == rhs.seed
            && lhs.shard == rhs.shard
    }

    /// The mutants to run, in the order they run.
    public func select(from all: [Mutant]) -> [Mutant] {
        precondition(shard.count >= 1 && (1...shard.count).contains(shard.index), "a shard is I/N with 1 ≤ I ≤ N")
        var candidates = all.filter { mutant in
            (files.isEmpty || files.contains { mutant.file.contains($0) })
                && (operators.isEmpty || operators.contains(mutant.mutationOperator))
                && (ids.isEmpty || ids.contains(mutant.id))
        }
        candidates.sort(by: Self.runOrder)
        if let sample, sample < candidates.count {
            var random = SeededRandom(seed: seed, stream: "mutate")
            // Fisher–Yates, drawing with the seeded generator.
            for index in stride(from: candidates.count - 1, to: 0, by: -1) {
                candidates.swapAt(index, Int(random.next() % UInt64(index + 1)))
            }
            candidates = Array(candidates.prefix(sample)).sorted(by: Self.runOrder)
        }
        return candidates.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// File, then line, column, operator and id (two hand-written bugs can start at one place):
    /// mutants of one file run together (one module rebuilt).
    public static func runOrder(_ lhs: Mutant, _ rhs: Mutant) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.mutationOperator.rawValue, lhs.id)
            < (rhs.file, rhs.line, rhs.column, rhs.mutationOperator.rawValue, rhs.id)
    }
}
