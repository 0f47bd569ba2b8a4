/// Every draw a run made, stream by stream, in the order each stream drew them: the run's
/// choices, which replay it as exactly as its seed does (`ChoiceTape`).
///
/// A run draws from named streams (`Simulation.randomStream`: the network's latencies, the
/// backend's, the free user's actions, inputs and think times, the same-instant order of jobs),
/// and each draw is one 64-bit value. Recorded, the values are the run; played back, each stream
/// takes its next recorded value instead of drawing, and a stream whose values run out draws
/// what its seed would have drawn there (the generator keeps step beside the tape). So a
/// sequence with one value changed is the seed's run with one decision changed, as Hypothesis
/// mutates one choice, and a sequence cut short is the seed's run after the cut.
///
/// ```swift
/// let first = Simulation(seed: 7, choices: .record).run { … }
/// let again = Simulation(seed: 99, choices: .replay(first.choices!)).run { … }
/// // Every event of `again` is `first`'s (its first, run-started, names seed 99): every draw came
/// // from the sequence.
/// ```
public struct ChoiceSequence: Sendable, Hashable {
    /// One stream's draws, in the order it drew them.
    public struct Stream: Sendable, Hashable {
        /// The stream's name, as `Simulation.randomStream` was given it (`network`, `user`).
        public let name: String
        public var draws: [UInt64]

        public init(name: String, draws: [UInt64]) {
            self.name = name
            self.draws = draws
        }
    }

    /// In the order each stream first drew.
    public var streams: [Stream]

    public init(streams: [Stream] = []) { self.streams = streams }

    /// How many draws in all.
    public var count: Int { streams.reduce(0) { $0 + $1.draws.count } }

    /// The draws of the stream `name`; nil when it drew nothing.
    public func draws(of name: String) -> [UInt64]? { streams.first { $0.name == name }?.draws }

    /// A stream's draws as a file writes them: lowercase hexadecimal, separated by single spaces
    /// (`"1f 9c04e2d17a3b5e60 0"`).
    public static func text(of draws: [UInt64]) -> String {
        draws.map { String($0, radix: 16) }.joined(separator: " ")
    }

    /// Reads `text(of:)`'s form back (values separated by spaces, tabs or line breaks, either case);
    /// for anything else, the position (from 1) of the first value that is not 1 to 16 hexadecimal digits.
    public static func draws(fromText text: String) -> Result<[UInt64], BadDraw> {
        var draws: [UInt64] = []
        for (offset, word) in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).enumerated() {
            let position = offset + 1
            let digits = word.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
            guard digits, word.utf8.count <= 16, let value = UInt64(word, radix: 16) else {
                return .failure(BadDraw(position: position, text: String(word.prefix(24))))
            }
            draws.append(value)
        }
        return .success(draws)
    }

    /// A value of a stream's text that is not a draw.
    public struct BadDraw: Error, Sendable, Equatable {
        /// From 1.
        public let position: Int
        public let text: String
    }

    /// Whether `name` can name a stream in a file: lowercase letters, digits and hyphens, as
    /// run ids spell a stream (`RunID`).
    public static func isStreamName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
