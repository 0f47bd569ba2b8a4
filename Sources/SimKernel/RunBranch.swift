/// A point where a run stops drawing its parent's choices and draws afresh: from `at` on, every
/// random stream of the run (`Simulation.randomStream`, and the scheduler's) draws from `seed`
/// instead of what it drew before.
///
/// A run is its seed plus the branch points it took (`RunBranch.points`): everything before the
/// first point is the seed's run exactly, byte for byte, so the run *is* a snapshot of its parent at
/// that instant with a new future (Antithesis explores futures from a snapshot; a deterministic
/// simulator gets the snapshot by replaying the same prefix of choices).
///
/// ```swift
/// let parent = Simulation(seed: 12)
/// let child = Simulation(seed: 12, branches: [BranchPoint(atMilliseconds: 4030, seed: 77)])
/// // Both traces agree on every event before 4030 ms; after it they go their own ways.
/// ```
public struct BranchPoint: Sendable, Hashable, CustomStringConvertible {
    /// The first instant whose draws come from `seed`.
    public let at: SimulationInstant
    public let seed: UInt64
    /// The one stream that draws afresh (`"user"`: the free user's choices), every other stream
    /// keeping its parent's draws; nil: every stream of the run.
    public let stream: String?
    /// How many of `stream`'s draws from `at` on come from `seed`, before it goes back to its
    /// parent's draws where they would be (one decision changed, every other kept, as Hypothesis
    /// mutates one choice of a sequence); nil: every draw from `at` on. Only with a `stream`.
    public let draws: Int?
    /// `stream`'s name hashed as a stream's seed hashes it (`SeededRandom.init(seed:stream:)`).
    let streamKey: UInt64?

    public init(at: SimulationInstant, seed: UInt64, stream: String? = nil, draws: Int? = nil) {
        self.at = at
        self.seed = seed
        self.stream = stream
        self.draws = stream == nil ? nil : draws.map { max(1, $0) }
        streamKey = stream.map(TraceHasher.fnv1a)
    }

    /// A point at a whole millisecond (the way run ids spell them).
    public init(atMilliseconds milliseconds: Int64, seed: UInt64, stream: String? = nil, draws: Int? = nil) {
        self.init(at: SimulationInstant(nanoseconds: max(0, milliseconds) &* 1_000_000), seed: seed, stream: stream, draws: draws)
    }

    /// `@4030ms=77` (every stream), `@4030ms:user=77` (the user's stream only), `@4030ms:user*2=77`
    /// (the user's next two draws): the point as a run id spells it.
    public var description: String {
        "@\(at.milliseconds)ms" + (stream.map { ":" + $0 } ?? "") + (draws.map { "*\($0)" } ?? "") + "=\(seed)"
    }

    /// Whether a stream named by `key` takes this point.
    func applies(toStream key: UInt64) -> Bool { streamKey.map { $0 == key } ?? true }
}

/// The branch points one simulation takes, in time order, read by every stream it hands out.
///
/// Confined to the simulation's driver thread, as the simulation is; hence `@unchecked Sendable`.
final class BranchSchedule: @unchecked Sendable {
    /// Weak: the simulation holds its schedule, and a stream may outlive its run.
    weak var simulation: Simulation?
    let points: [BranchPoint]

    init(simulation: Simulation, points: [BranchPoint]) {
        self.simulation = simulation
        self.points = points
    }

    /// The current virtual time of the run; nil once the run is gone (its streams then keep
    /// drawing where they are).
    var now: SimulationInstant? { simulation?.now }
}
