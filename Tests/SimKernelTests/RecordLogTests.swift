import Testing
@testable import SimKernel

/// `Trace.events(of:)`: each record type's events as recorded, in trace order, with value semantics.
@Suite struct RecordLogTests {
    @Test func eachRecordTypeGetsItsOwnEventsBackInTraceOrderWithTheirIndices() {
        var trace = Trace()
        trace.append(Note("first"), at: .zero)
        trace.append(KernelEvent.runEnded(outcome: "done"), at: .zero)
        trace.append(Note("second"), at: SimulationInstant(nanoseconds: 5))
        let notes = trace.events(of: Note.self)
        #expect(notes.map(\.event.canonicalText) == ["first", "second"])
        #expect(notes.map(\.index) == [0, 2])
        #expect(notes.map(\.time) == [.zero, SimulationInstant(nanoseconds: 5)])
        #expect(trace.events(of: KernelEvent.self).map(\.index) == [1])
        #expect(trace.endTime == SimulationInstant(nanoseconds: 5))
    }

    @Test func aCopiedTraceKeepsItsEventsWhenTheOriginalRecordsMore() {
        var trace = Trace()
        trace.append(Note("kept"), at: .zero)
        let copy = trace
        let read = trace.events(of: Note.self)
        trace.append(Note("later"), at: .zero)
        #expect(copy.events(of: Note.self).count == 1)
        #expect(read.count == 1)
        #expect(trace.events(of: Note.self).count == 2)
        #expect(copy.count == 1 && trace.count == 2)
    }

    @Test func releasedEntriesTakeTheLogsWithThemAndKeepTheHashAndCount() {
        var trace = Trace()
        trace.append(Note("gone"), at: SimulationInstant(nanoseconds: 7))
        let hash = trace.hash
        trace.releaseEntries()
        #expect(trace.events(of: Note.self).isEmpty)
        #expect(trace.entries.isEmpty)
        #expect(trace.hash == hash && trace.count == 1)
        #expect(trace.endTime == SimulationInstant(nanoseconds: 7))
    }
}
