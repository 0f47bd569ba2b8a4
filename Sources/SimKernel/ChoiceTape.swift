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
    private var draws: [[UInt64]] = []
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
            draws.append(stream.draws)
            cursors.append(0)
        }
    }

    var isReplaying: Bool { replaying }

    /// Recording: what was drawn so far. Replaying: the sequence played back.
    var sequence: ChoiceSequence {
        ChoiceSequence(streams: zip(names, draws).compactMap { name, draws in
            draws.isEmpty ? nil : ChoiceSequence.Stream(name: name, draws: draws)
        })
    }

    /// Replaying: how many recorded values were given back in all.
    var valuesReplayed: Int { cursors.reduce(0, +) }

    /// Replaying: what the run took from the sequence.
    var replayed: ReplayedChoices {
        ReplayedChoices(values: valuesReplayed, unused: draws.reduce(0) { $0 + $1.count } - valuesReplayed, pastTheEnd: drawsPastTheEnd)
    }

    /// The place of the stream `name` on the tape (a few streams a run: a linear search).
    func index(of name: String) -> Int {
        if let index = names.firstIndex(of: name) { return index }
        names.append(name)
        draws.append([])
        cursors.append(0)
        return names.count - 1
    }

    /// The value stream `index` draws, given what its generator drew (`drawn`).
    func take(_ index: Int, drawn: UInt64) -> UInt64 {
        guard replaying else {
            draws[index].append(drawn)
            return drawn
        }
        let cursor = cursors[index]
        guard cursor < draws[index].count else {
            drawsPastTheEnd += 1
            return drawn
        }
        cursors[index] = cursor + 1
        return draws[index][cursor]
    }
}
