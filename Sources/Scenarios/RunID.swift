import SimKernel

/// The name of one explored run: its seed, and the branch points it took (`BranchPoint`).
///
/// A plain seed's run is named by its seed (`2215`); a run of branching exploration by its root
/// seed and each instant where it drew afresh, with the seed it drew from (`2215@31783ms=8812`:
/// seed 2215's run exactly up to 31.783 s, then draws from 8812). A point that redraws one stream
/// names it (`2215@31783ms:user=8812`: the user's choices from then on, the network, the backend
/// and the orders of the parent kept), and how many of its draws when not all
/// (`2215@31783ms:user*2=8812`: the user's next two draws, every later one the parent's).
/// `replay --seed`, the explore report and the per-seed file take and give this text.
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

    /// Reads `2215`, `2215@31783ms=8812@40100ms=77` or `2215@31783ms:user*2=8812`; nil for any
    /// other text (instants must grow; a stream's name is lowercase letters, digits and hyphens).
    public init?(_ text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard let first = parts.first, let seed = UInt64(first) else { return nil }
        var branches: [BranchPoint] = []
        for part in parts.dropFirst() {
            let halves = part.split(separator: "=", omittingEmptySubsequences: false)
            guard halves.count == 2, let branchSeed = UInt64(halves[1]) else { return nil }
            let place = halves[0].split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(place.count), place[0].hasSuffix("ms"), let at = Int64(place[0].dropLast(2)), at >= 0,
                  at <= Int64.max / 1_000_000 else { return nil }
            var stream: String?
            var draws: Int?
            if place.count == 2 {
                let named = place[1].split(separator: "*", omittingEmptySubsequences: false)
                guard (1...2).contains(named.count), !named[0].isEmpty,
                      named[0].utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }) else { return nil }
                stream = String(named[0])
                if named.count == 2 {
                    guard let count = Int(named[1]), (1...1_000_000).contains(count) else { return nil }
                    draws = count
                }
            }
            if let last = branches.last, last.at.milliseconds >= at { return nil }
            branches.append(BranchPoint(atMilliseconds: at, seed: branchSeed, stream: stream, draws: draws))
        }
        self.init(seed: seed, branches: branches)
    }

    /// The same run with one more branch point after its last: every stream, or `stream` alone
    /// (`draws` of it, or all).
    package func branching(at milliseconds: Int64, seed: UInt64, stream: String? = nil, draws: Int? = nil) -> RunID {
        RunID(seed: self.seed, branches: branches + [BranchPoint(atMilliseconds: milliseconds, seed: seed, stream: stream, draws: draws)])
    }
}
