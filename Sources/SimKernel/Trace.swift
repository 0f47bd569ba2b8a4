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
    /// Writes `lane` (by default, as it is): a record type with a few fixed lanes writes each as
    /// a literal, which the trace hashes for every event.
    func writeLane(to writer: inout some CanonicalWriter)
}

extension TraceRecord {
    public func writeLane(to writer: inout some CanonicalWriter) { writer.write(lane) }

    /// The event's canonical text as a `String`, for reports and tests.
    public var canonicalText: String { CanonicalText.of(self) }
}

/// A recorded event with its position and virtual time.
public struct TraceEntry: Sendable {
    public let index: Int
    public let time: SimulationInstant
    public let record: any TraceRecord

    @usableFromInline
    init(index: Int, time: SimulationInstant, record: any TraceRecord) {
        self.index = index
        self.time = time
        self.record = record
    }

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
    // Stored under internal names, with public getters: `append` is inlinable, so that each
    // layer's call specializes it for its own record type (hashing and logging a concrete
    // event with direct calls, not through its metadata).
    @usableFromInline var recorded = 0
    @usableFromInline var hasher = TraceHasher()
    /// The time of the latest event (zero before the first).
    @usableFromInline var lastTime = SimulationInstant.zero
    /// The canonical text of the instant written last, and whether it is written yet: two events
    /// in three share their instant with the one before, and rendering its digits afresh cost
    /// a tenth of recording an event.
    @usableFromInline var timeText = InstantText()
    /// The events, one typed log per record type, in the order the types first appeared: each
    /// event is stored once, as its own type (no existential per event while recording).
    @usableFromInline var logs: [RecordLogStorage] = []

    /// Every recorded entry, in order (empty once `releaseEntries()` was called).
    ///
    /// Built from the logs on each call (linear in the events): read it once, off the hot path
    /// (reports, excerpts, tests); a layer that judges runs reads its own `events(of:)`.
    public var entries: [TraceEntry] {
        var merged: [TraceEntry] = []
        merged.reserveCapacity(logs.reduce(0) { $0 + $1.count })
        var next = [Int](repeating: 0, count: logs.count)
        // Each index is in exactly one log, and each log is in index order: take the smallest head.
        while true {
            var smallest: (log: Int, index: Int)?
            for log in logs.indices where next[log] < logs[log].count {
                let index = logs[log].index(at: next[log])
                if smallest.map({ index < $0.index }) ?? true { smallest = (log, index) }
            }
            guard let (log, _) = smallest else { return merged }
            merged.append(logs[log].entry(at: next[log]))
            next[log] += 1
        }
    }
    /// How many events were recorded (kept when the entries are released).
    public var count: Int { recorded }

    public init() {}

    /// Generic, so recording hashes a concrete event with direct calls and stores it as itself
    /// in its type's log (an existential parameter cost about four copies of each event).
    @inlinable
    public mutating func append<R: TraceRecord>(_ record: consuming R, at time: SimulationInstant) {
        // Checked against a kept time, not `entries.last` (which would copy an entry per event).
        precondition(lastTime <= time, "trace time went backwards: \(lastTime) then \(time)")
        lastTime = time
        // The same bytes as `entry.line + "\n"`, without building the line.
        timeText.write(time, to: &hasher)
        hasher.write(byte: UInt8(ascii: " "))
        record.writeLane(to: &hasher)
        hasher.write(byte: UInt8(ascii: " "))
        record.writeCanonical(to: &hasher)
        hasher.write(byte: UInt8(ascii: "\n"))
        log(record, at: time)
        recorded += 1
    }

    /// Appends `record` to its type's log (a linear search: a run records two or three types).
    @inlinable
    mutating func log<R: TraceRecord>(_ record: consuming R, at time: SimulationInstant) {
        let type = ObjectIdentifier(R.self)
        for position in logs.indices where logs[position].recordType == type {
            if !isKnownUniquelyReferenced(&logs[position]) { logs[position] = logs[position].copy() }
            unsafeDowncast(logs[position], to: RecordLog<R>.self).events.append(RecordedEvent(index: recorded, time: time, event: record))
            return
        }
        let log = RecordLog<R>()
        // Sized for a run's events at once: grown from one, the log was copied eight times a run.
        log.events.reserveCapacity(RecordLog<R>.firstCapacity)
        log.events.append(RecordedEvent(index: recorded, time: time, event: record))
        logs.append(log)
    }

    /// The recorded events of type `R`, in trace order, as recorded: no entry is opened or
    /// copied, and the array is shared with the trace until either changes (empty once
    /// `releaseEntries()` was called).
    public func events<R: TraceRecord>(of type: R.Type) -> [RecordedEvent<R>] {
        for log in logs where log.recordType == ObjectIdentifier(R.self) {
            return unsafeDowncast(log, to: RecordLog<R>.self).events
        }
        return []
    }

    /// The time of the last event (zero before the first); kept when the entries are released.
    public var endTime: SimulationInstant { lastTime }

    /// Frees the entries and keeps the hash and count: what a run of many seeds keeps of each
    /// trace once its oracles have judged it (replaying a seed brings the entries back).
    public mutating func releaseEntries() {
        logs = []
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

/// The canonical text of one instant, kept packed to hash again for the next event of the same
/// instant (`Trace.append`): up to 24 bytes (`123456789.123456ms` is 18), else written afresh.
@usableFromInline
struct InstantText: Sendable {
    @usableFromInline var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    @usableFromInline var count = 0
    @usableFromInline var of: SimulationInstant?

    @usableFromInline init() {}

    /// Writes `time`'s canonical text into `hasher`, rendering it only when the instant changed.
    @inlinable
    mutating func write(_ time: SimulationInstant, to hasher: inout TraceHasher) {
        if of == time {
            withUnsafeBytes(of: words) { bytes in
                for position in 0..<count { hasher.write(byte: bytes[position]) }
            }
            return
        }
        var tee = Tee(hasher: hasher)
        time.writeCanonical(to: &tee)
        hasher = tee.hasher
        if tee.count <= 24 {
            (words, count, of) = (tee.words, tee.count, time)
        } else {
            of = nil
        }
    }

    /// Hashes each byte and keeps the first 24.
    @usableFromInline
    struct Tee: CanonicalWriter {
        @usableFromInline var hasher: TraceHasher
        @usableFromInline var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        @usableFromInline var count = 0

        @inlinable init(hasher: TraceHasher) { self.hasher = hasher }

        @inlinable mutating func write(_ text: String) { for byte in text.utf8 { write(byte: byte) } }

        @inlinable mutating func write(byte: UInt8) {
            hasher.write(byte: byte)
            if count < 24 { withUnsafeMutableBytes(of: &words) { $0[count] = byte } }
            count += 1
        }
    }
}
