/// A seeded pseudo-random generator (xoshiro256**) whose state the simulation owns.
///
/// Every random choice in a run comes from one of these, never from the system generator,
/// so a seed alone reproduces a run. Streams are derived by name from a master seed
/// (`SeededRandom(seed: 7, stream: "network")`), so that drawing one more number for, say,
/// scheduling never shifts what the network or the backend draws.
///
/// ```swift
/// var network = SeededRandom(seed: 42, stream: "network")
/// let latency = network.nextInt(in: 20...120)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)
    /// The branch points still ahead of a stream of a branched run (`BranchPoint`), with the
    /// stream's name hashed as its seed was; nil for every other stream, and once all are taken.
    private var branching: (schedule: BranchSchedule, streamKey: UInt64, next: Int)?
    /// While a point redraws some of this stream's draws only (`BranchPoint.draws`): the parent's
    /// generator, drawn beside this one so that its later draws come back where they were, and how
    /// many draws are still redrawn.
    private var detour: (parent: (UInt64, UInt64, UInt64, UInt64), remaining: Int)?
    /// The run's tape (`ChoiceTape`) and this stream's place on it, when the run records its
    /// choices or plays them back; nil for every other stream.
    private var tape: (tape: ChoiceTape, index: Int)?

    /// Creates the stream called `stream` of the master seed `seed`.
    public init(seed: UInt64, stream: String) {
        self.init(rawSeed: seed ^ TraceHasher.fnv1a(stream))
    }

    /// Creates a generator straight from a 64-bit value, expanded with SplitMix64.
    public init(rawSeed: UInt64) {
        var splitMix = SplitMix64(state: rawSeed)
        state = (splitMix.next(), splitMix.next(), splitMix.next(), splitMix.next())
        // xoshiro must never start from the all-zero state; SplitMix64 never yields four zeros,
        // but the invariant is what the algorithm relies on, so it is checked.
        precondition(state != (0, 0, 0, 0), "xoshiro256** state must not be all zero")
    }

    /// The stream `stream` of a run that branches (`BranchPoint`): `seed`'s stream until the first
    /// point's instant, then that point's seed's stream of the same name, and so on.
    init(seed: UInt64, stream: String, branches schedule: BranchSchedule) {
        self.init(seed: seed, stream: stream)
        if !schedule.points.isEmpty { branching = (schedule, TraceHasher.fnv1a(stream), 0) }
    }

    /// The stream `stream` of a run (`Simulation.randomStream`): branching at the run's branch
    /// points if it has any, each value recorded on or played back from `choices` if given.
    init(seed: UInt64, stream: String, branches schedule: BranchSchedule?, choices: ChoiceTape?) {
        if let schedule { self.init(seed: seed, stream: stream, branches: schedule) } else { self.init(seed: seed, stream: stream) }
        if let choices { tape = (choices, choices.index(of: stream)) }
    }

    public mutating func next() -> UInt64 {
        if branching == nil && tape == nil { return Self.step(&state) }
        // The generator steps whether or not the tape replaces its value, so that past the
        // tape's end a stream draws what its seed would have drawn there.
        let drawn = branching != nil ? nextOfBranchedRun() : Self.step(&state)
        guard let (tape, index) = tape else { return drawn }
        return tape.take(index, drawn: drawn)
    }

    /// xoshiro256**'s step.
    private static func step(_ state: inout (UInt64, UInt64, UInt64, UInt64)) -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A draw of a stream of a branched run: the points due taken first, and a redrawn draw paid
    /// for with the parent's draw it replaces.
    private mutating func nextOfBranchedRun() -> UInt64 {
        takeDueBranches()
        guard var (parent, remaining) = detour else { return Self.step(&state) }
        let result = Self.step(&state)
        _ = Self.step(&parent)
        remaining -= 1
        if remaining > 0 {
            detour = (parent, remaining)
        } else {
            state = parent
            detour = nil
            if let (schedule, _, next) = branching, next >= schedule.points.count { branching = nil }
        }
        return result
    }

    /// A whole number in `range`, without modulo bias (Lemire's method via the stdlib).
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)  // determinism: ok (drawn from this seeded generator)
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Probability) -> Bool {
        if probability.value <= 0 { return false }
        if probability.value >= 1 { return true }
        // 53 random bits give a uniform double in [0, 1).
        let unit = Double(next() >> 11) * 0x1.0p-53
        return unit < probability.value
    }

    /// Shuffles `items` in place (Fisher–Yates), drawing only from this stream.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            let other = Int(next() % UInt64(index + 1))
            items.swapAt(index, other)
        }
    }

    /// Switches to the stream of each branch point for this stream whose instant has come, once.
    /// (The check stays on while a detour lasts, after the last point is taken.)
    private mutating func takeDueBranches() {
        guard let (schedule, key, first) = branching, first < schedule.points.count else { return }
        guard let now = schedule.now else {
            branching = detour == nil ? nil : branching
            return
        }
        var next = first
        while next < schedule.points.count, schedule.points[next].at <= now {
            let point = schedule.points[next]
            next += 1
            guard point.applies(toStream: key) else { continue }
            let fresh = SeededRandom(rawSeed: point.seed ^ key).state
            if let draws = point.draws {
                detour = (detour?.parent ?? state, draws)
            } else {
                detour = nil
            }
            state = fresh
        }
        branching = next < schedule.points.count || detour != nil ? (schedule, key, next) : nil
    }

    private static func rotateLeft(_ value: UInt64, _ amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}

/// SplitMix64, used only to expand one 64-bit seed into xoshiro's 256-bit state.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A probability in `0...1`, its own type so that a percentage or a count is never passed by mistake.
public struct Probability: Sendable, Hashable, CustomStringConvertible {
    public let value: Double

    /// Creates a probability; `value` must lie in `0...1`.
    public init(_ value: Double) {
        precondition(value >= 0 && value <= 1, "a probability lies in 0...1, got \(value)")
        self.value = value
    }

    public static let never = Probability(0)
    public static let always = Probability(1)

    public var description: String { "\(value)" }
}
