/// A point in a simulation's virtual time: nanoseconds since the run started.
public struct SimulationInstant: InstantProtocol, Sendable, CustomStringConvertible {
    public typealias Duration = Swift.Duration

    /// Nanoseconds since the start of the run; never negative.
    public let nanoseconds: Int64

    public init(nanoseconds: Int64) {
        precondition(nanoseconds >= 0, "virtual time starts at zero, got \(nanoseconds) ns")
        self.nanoseconds = nanoseconds
    }

    public static let zero = SimulationInstant(nanoseconds: 0)

    public func advanced(by duration: Duration) -> SimulationInstant {
        SimulationInstant(nanoseconds: max(0, nanoseconds + duration.totalNanoseconds))
    }

    public func duration(to other: SimulationInstant) -> Duration {
        .nanoseconds(other.nanoseconds - nanoseconds)
    }

    public static func < (lhs: SimulationInstant, rhs: SimulationInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// Whole milliseconds since the start of the run (truncated).
    public var milliseconds: Int64 { nanoseconds / 1_000_000 }

    /// Canonical text: `1500ms`, or `1500.000250ms` when there is a sub-millisecond part.
    public var description: String { CanonicalText.build { writeCanonical(to: &$0) } }

    /// Writes `description`'s text piece by piece (the trace hashes it for every event).
    @inlinable
    public func writeCanonical(to writer: inout some CanonicalWriter) {
        writer.write(milliseconds)
        let remainder = nanoseconds % 1_000_000
        if remainder != 0 {
            writer.write(byte: UInt8(ascii: "."))
            writer.write(decimal: UInt64(remainder.magnitude), width: 6)
        }
        writer.write(byte: UInt8(ascii: "m"))
        writer.write(byte: UInt8(ascii: "s"))
    }
}

extension Duration {
    /// The duration in whole nanoseconds (truncated toward zero, saturating at the bounds of
    /// `Int64`): `Int64(clamping: attoseconds / 1_000_000_000)`. Every sleep converts a duration,
    /// a few hundred a seed: one under 9.2 s (its attoseconds fit in 64 bits) is divided in 64
    /// bits, a multiply by the constant's inverse, where `Int128`'s `/` called the runtime's
    /// 128-bit division.
    @inlinable public var totalNanoseconds: Int64 {
        let attoseconds = attoseconds
        if let small = Int64(exactly: attoseconds) { return small / 1_000_000_000 }
        return Int64(clamping: attoseconds / 1_000_000_000)
    }

    /// The duration in whole milliseconds (truncated).
    @inlinable public var totalMilliseconds: Int64 { totalNanoseconds / 1_000_000 }
}
