/// One typed event of a run, as the trace stores it.
///
/// Layers above the kernel define their own event enums and conform them to this protocol;
/// oracles read them back with `entry.recorded(as: ModelEvent.self)` (a type check, not the
/// runtime's general cast; reports, off the hot path, use `as?`). Only `lane` and the canonical
/// text enter the trace hash, so they must be stable across processes.
public protocol TraceRecord: Sendable {
    /// The component the event belongs to (`kernel`, `client`, `backend`, …).
    var lane: String { get }
    /// Writes a stable, single-line rendering of the event (no addresses, no hash-ordered
    /// collections). Recording hashes these pieces without building a `String`.
    func writeCanonical(to writer: inout some CanonicalWriter)
}

extension TraceRecord {
    /// The event's canonical text as a `String`, for reports and tests.
    public var canonicalText: String { CanonicalText.of(self) }
}

/// A recorded event with its position and virtual time.
public struct TraceEntry: Sendable {
    public let index: Int
    public let time: SimulationInstant
    public let record: any TraceRecord

    /// The record's canonical text, rendered on demand (recording only hashes it).
    public var text: String { record.canonicalText }

    /// The canonical line that is hashed: `<time> <lane> <text>`.
    public var line: String { "\(time) \(record.lane) \(text)" }

    /// The record if it is an `R`, else nil. Opening the existential and comparing types keeps
    /// the runtime's general cast (which searches conformances for every record it rejects, and
    /// copies every record it accepts) off the path of every event.
    @inlinable
    public func recorded<R: TraceRecord>(as type: R.Type) -> R? {
        Self.cast(record, to: type)
    }

    @inlinable
    static func cast<Record: TraceRecord, R: TraceRecord>(_ record: Record, to type: R.Type) -> R? {
        guard Record.self == R.self else { return nil }
        return unsafeBitCast(record, to: R.self)
    }
}

/// The append-only record of a run, with a stable 64-bit hash of its canonical text.
///
/// ```swift
/// print(result.trace.hashHex)   // "9f1c03b2a4d5e6f7", the same in every process
/// ```
public struct Trace: Sendable {
    /// Every recorded entry, in order (empty once `releaseEntries()` was called).
    public private(set) var entries: [TraceEntry] = []
    /// How many events were recorded (kept when the entries are released).
    public private(set) var count = 0
    private var hasher = TraceHasher()
    /// The time of the latest event (zero before the first).
    private var lastTime = SimulationInstant.zero

    public init() {}

    /// Generic, so recording hashes a concrete event with direct calls and boxes it into the
    /// entry's existential once (an existential parameter cost about four copies of each event).
    public mutating func append(_ record: some TraceRecord, at time: SimulationInstant) {
        // Checked against a kept time, not `entries.last` (which would copy an entry per event).
        precondition(lastTime <= time, "trace time went backwards: \(lastTime) then \(time)")
        lastTime = time
        // The same bytes as `entry.line + "\n"`, without building the line.
        time.writeCanonical(to: &hasher)
        hasher.write(byte: UInt8(ascii: " "))
        hasher.write(record.lane)
        hasher.write(byte: UInt8(ascii: " "))
        record.writeCanonical(to: &hasher)
        hasher.write(byte: UInt8(ascii: "\n"))
        entries.append(TraceEntry(index: count, time: time, record: record))
        count += 1
    }

    /// Frees the entries and keeps the hash and count: what a run of many seeds keeps of each
    /// trace once its oracles have judged it (replaying a seed brings the entries back).
    public mutating func releaseEntries() {
        entries = []
    }

    /// FNV-1a of every canonical line, each followed by a newline.
    public var hash: UInt64 { hasher.value }

    /// The hash as 16 hex digits.
    public var hashHex: String { hasher.hexDigits }

    /// The whole canonical text, one line per event.
    public var canonicalText: String {
        entries.map { $0.line + "\n" }.joined()
    }
}
