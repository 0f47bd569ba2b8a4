import SimKernel

/// The name of one explored run: its seed, and the branch points it took (`BranchPoint`).
///
/// A plain seed's run is named by its seed (`2215`); a run of branching exploration by its root
/// seed and each instant where it drew afresh, with the seed it drew from (`2215@31783ms=8812`:
/// seed 2215's run exactly up to 31.783 s, then draws from 8812). `replay --seed`, the explore
/// report and the per-seed file take and give this text.
public struct RunID: Sendable, Hashable, CustomStringConvertible {
    /// The seed of the knobs, the persona and the user's profile, and of every draw before the first branch.
    public let seed: UInt64
    /// In time order.
    public let branches: [BranchPoint]

    public init(seed: UInt64, branches: [BranchPoint] = []) {
        self.seed = seed
        self.branches = branches
    }

    public var description: String { "\(seed)" + branches.map(\.description).joined() }

    /// Reads `2215` or `2215@31783ms=8812@40100ms=77`; nil for any other text (instants must grow).
    public init?(_ text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard let first = parts.first, let seed = UInt64(first) else { return nil }
        var branches: [BranchPoint] = []
        for part in parts.dropFirst() {
            let halves = part.split(separator: "=", omittingEmptySubsequences: false)
            guard halves.count == 2, halves[0].hasSuffix("ms"), let at = Int64(halves[0].dropLast(2)), at >= 0,
                  at <= Int64.max / 1_000_000, let branchSeed = UInt64(halves[1]) else { return nil }
            if let last = branches.last, last.at.milliseconds >= at { return nil }
            branches.append(BranchPoint(atMilliseconds: at, seed: branchSeed))
        }
        self.init(seed: seed, branches: branches)
    }

    /// The same run with one more branch point after its last.
    package func branching(at milliseconds: Int64, seed: UInt64) -> RunID {
        RunID(seed: self.seed, branches: branches + [BranchPoint(atMilliseconds: milliseconds, seed: seed)])
    }
}
