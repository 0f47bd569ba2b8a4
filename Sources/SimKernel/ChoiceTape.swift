/// What a run does with its choices (`Simulation(seed:choices:)`): record every draw, or play a
/// recorded sequence back.
public enum ChoiceTapeMode: Sendable, Equatable {
    /// Keep every draw: the run's `SimulationResult.choices`.
    case record
    /// Take each stream's values from the sequence, then the seed's draws once they run out.
    case replay(ChoiceSequence)
}

/// What a run that played choices back took from them (`SimulationResult.replayedChoices`).
public struct ReplayedChoices: Sendable, Equatable {
    /// Recorded values given back to the streams.
    public let values: Int
    /// Of the sequence's values, how many no stream asked for (a run that went another way).
    public let unused: Int
    /// Draws made after their stream's values ran out: the seed's draws at those places.
    public let pastTheEnd: Int
    /// The sequence's streams of which the run drew nothing (a misspelt name, or a stream this
    /// run never draws from).
    public var streamsNotDrawn: [String] = []
    /// The streams the run drew from, in the order they were first asked for.
    public var streamsDrawn: [String] = []
}

/// Where one run's streams put their draws (recording) or take them from (replaying): the run's
/// `ChoiceSequence`, kept as it is drawn.
///
/// Every stream a simulation made with a tape hands it each value: recording, the tape keeps it;
/// replaying, the tape gives back the stream's next recorded value instead, or the stream's own
/// draw once the stream's values have run out. Each simulation makes its own (`ChoiceTapeMode`),
/// confined to its driver thread, as the simulation is (hence `@unchecked Sendable`).
final class ChoiceTape: @unchecked Sendable {
    private let replaying: Bool
    private var names: [String] = []
    /// Replaying: each stream's values as the sequence gives them (empty while recording).
    private var given: [[UInt64]] = []
    /// What each stream drew: its recorded values, and past their end its seed's draws.
    private var taken: [[UInt64]] = []
    /// Replaying: how many of each stream's values were given back.
    private var cursors: [Int] = []
    /// Replaying: draws made past the end of their stream's values.
    private(set) var drawsPastTheEnd = 0

    convenience init(_ mode: ChoiceTapeMode) {
        switch mode {
        case .record: self.init()
        case .replay(let sequence): self.init(replaying: sequence)
        }
    }

    /// A tape that records what the run draws.
    init() { replaying = false }

    /// A tape that plays `sequence` back.
    init(replaying sequence: ChoiceSequence) {
        replaying = true
        for stream in sequence.streams where !names.contains(stream.name) {
            names.append(stream.name)
            given.append(stream.draws)
            taken.append([])
            cursors.append(0)
        }
    }

    var isReplaying: Bool { replaying }

    /// What the run drew so far, stream by stream (replaying: the values given back and the
    /// seed's draws past their end): what replays this very run.
    var sequence: ChoiceSequence {
        ChoiceSequence(streams: zip(names, taken).compactMap { name, draws in
            draws.isEmpty ? nil : ChoiceSequence.Stream(name: name, draws: draws)
        })
    }

    /// Replaying: what the run took from the sequence.
    var replayed: ReplayedChoices {
        let values = cursors.reduce(0, +)
        return ReplayedChoices(values: values, unused: given.reduce(0) { $0 + $1.count } - values, pastTheEnd: drawsPastTheEnd,
                               streamsNotDrawn: names.indices.filter { !given[$0].isEmpty && taken[$0].isEmpty }.map { names[$0] },
                               streamsDrawn: names.indices.filter { !taken[$0].isEmpty }.map { names[$0] })
    }

    /// The place of the stream `name` on the tape (a few streams a run: a linear search).
    func index(of name: String) -> Int {
        if let index = names.firstIndex(of: name) { return index }
        names.append(name)
        given.append([])
        taken.append([])
        cursors.append(0)
        return names.count - 1
    }

    /// The value stream `index` draws, given what its generator drew (`drawn`).
    func take(_ index: Int, drawn: UInt64) -> UInt64 {
        var value = drawn
        if replaying {
            let cursor = cursors[index]
            if cursor < given[index].count {
                cursors[index] = cursor + 1
                value = given[index][cursor]
            } else {
                drawsPastTheEnd += 1
            }
        }
        taken[index].append(value)
        return value
    }
}
