/// A recorded event of one record type, with its place in the trace.
public struct RecordedEvent<Record: TraceRecord>: Sendable {
    /// The event's position in the trace (its `TraceEntry.index`).
    public let index: Int
    public let time: SimulationInstant
    public let event: Record

    public init(index: Int, time: SimulationInstant, event: Record) {
        self.index = index
        self.time = time
        self.event = event
    }
}

/// The events of one record type, in trace order, kept as the trace records them: a layer
/// that reads its own events back (`Trace.events(of:)`) gets them as they are, without opening
/// and copying an existential per event; `Trace.entries` merges the logs when asked.
///
/// A class so that the trace can hold logs of any record type in one array; the trace copies a
/// log before changing one it shares, so a `Trace` keeps value semantics.
@usableFromInline
class RecordLogStorage: @unchecked Sendable {
    // Mutated only through a uniquely referenced log (see `Trace.log`), hence @unchecked Sendable.
    @usableFromInline let recordType: ObjectIdentifier

    @usableFromInline
    init(recordType: ObjectIdentifier) { self.recordType = recordType }

    @usableFromInline
    func copy() -> RecordLogStorage { fatalError("RecordLogStorage is abstract: RecordLog<R> copies itself") }

    /// How many events the log holds.
    var count: Int { fatalError("RecordLogStorage is abstract: RecordLog<R> counts itself") }

    /// The trace index of the event at `position`.
    func index(at position: Int) -> Int { fatalError("RecordLogStorage is abstract") }

    /// The event at `position` as a trace entry.
    func entry(at position: Int) -> TraceEntry { fatalError("RecordLogStorage is abstract") }
}

@usableFromInline
final class RecordLog<Record: TraceRecord>: RecordLogStorage, @unchecked Sendable {
    // Changed only by the trace that holds it uniquely: no run-time exclusivity check per event.
    @exclusivity(unchecked) @usableFromInline var events: [RecordedEvent<Record>] = []
    /// The capacity a log starts with: a fix-plan run records about 170 model events.
    @usableFromInline static var firstCapacity: Int { 128 }

    @usableFromInline
    init() { super.init(recordType: ObjectIdentifier(Record.self)) }

    @usableFromInline
    override func copy() -> RecordLogStorage {
        let copy = RecordLog<Record>()
        copy.events = events
        return copy
    }

    override var count: Int { events.count }

    override func index(at position: Int) -> Int { events[position].index }

    override func entry(at position: Int) -> TraceEntry {
        TraceEntry(index: events[position].index, time: events[position].time, record: events[position].event)
    }
}
