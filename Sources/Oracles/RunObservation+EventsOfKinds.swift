import SimKernel
import AppVocabulary

extension RunObservation {
    /// The events of some kinds, in trace order, read in place from the observation's events.
    /// Inlinable, so that an oracle in an app's own module walks them as fast as a core one.
    public struct EventsOfKinds: RandomAccessCollection, Sendable {
        @usableFromInline let all: [Event]
        @usableFromInline let positions: ArraySlice<Int>

        @usableFromInline init(events: [Event], positions: ArraySlice<Int>) {
            self.all = events
            self.positions = positions
        }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { positions.count }
        @inlinable public subscript(position: Int) -> Event { all[positions[positions.startIndex + position]] }

        /// Each event's place, in order: what a loop walks to read the events where they are
        /// (`self[place]`). A `for event in` copies each event it yields, a retain and a release
        /// of its payload: about 60 instructions an event, read by a few dozen rules in every run.
        @inlinable public var places: Places { Places(all: all, positions: positions) }

        /// The event at `place` (one of `places`), read in place.
        @inlinable public subscript(place: EventPlace) -> ModelEvent { all[place.position].event }

        /// The event at `place` with its index and time, copied (for a violation's excerpt).
        @inlinable public func recorded(_ place: EventPlace) -> Event { all[place.position] }

        /// The places of the events of some kinds, in trace order.
        public struct Places: RandomAccessCollection, Sendable {
            @usableFromInline let all: [Event]
            @usableFromInline let positions: ArraySlice<Int>

            @inlinable init(all: [Event], positions: ArraySlice<Int>) {
                self.all = all
                self.positions = positions
            }

            @inlinable public var startIndex: Int { 0 }
            @inlinable public var endIndex: Int { positions.count }
            @inlinable public subscript(position: Int) -> EventPlace {
                let at = positions[positions.startIndex + position]
                return EventPlace(index: all[at].index, time: all[at].time, position: at)
            }
        }

        /// The events strictly after trace index `first` and strictly before `last`, found by
        /// binary search: an oracle that asks this once per launch or per screen stays linear.
        /// A view itself, so that its events are read in place too (`places`).
        @inlinable public func between(after first: Int, before last: Int) -> EventsOfKinds {
            let start = RunObservation.lastPosition(in: count) { traceIndex(at: $0) <= first }.map { $0 + 1 } ?? 0
            let end = RunObservation.lastPosition(in: count) { traceIndex(at: $0) < last }.map { $0 + 1 } ?? 0
            let base = positions.startIndex
            return EventsOfKinds(events: all, positions: positions[(base + start)..<(base + Swift.max(start, end))])
        }

        /// The trace index of the event at `position`, read without copying the event.
        @inlinable func traceIndex(at position: Int) -> Int { all[positions[positions.startIndex + position]].index }
    }
}

/// Where an event of a run is: its trace index and time, and its position in the observation's
/// events. A plain value, so a loop over places copies no event (`EventsOfKinds.places`).
public struct EventPlace: Sendable, Equatable {
    public let index: Int
    public let time: SimulationInstant
    @usableFromInline let position: Int

    @inlinable init(index: Int, time: SimulationInstant, position: Int) {
        self.index = index
        self.time = time
        self.position = position
    }
}

/// What a rule needs of an event to point at it in a violation: its trace index and its time.
/// Both an event (`RunObservation.Event`) and its place (`EventPlace`) are one.
public protocol TracePoint {
    var index: Int { get }
    var time: SimulationInstant { get }
}

extension RecordedEvent: TracePoint {}
extension EventPlace: TracePoint {}
