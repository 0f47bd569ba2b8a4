import SimKernel

/// A free-form trace event for kernel tests.
struct Note: TraceRecord {
    let text: String
    init(_ text: String) { self.text = text }
    var lane: String { "test" }
    func writeCanonical(to writer: inout some CanonicalWriter) { writer.write(text) }
}

extension SimulationResult {
    /// The texts of the test's notes, in trace order.
    var notes: [String] { trace.entries.compactMap { ($0.record as? Note)?.text } }

    /// The virtual time at which the note `text` was recorded.
    func time(of text: String) -> SimulationInstant? {
        trace.entries.first { ($0.record as? Note)?.text == text }?.time
    }
}

/// Holds a continuation that nobody resumes, to build a deadlock on purpose.
final class Trap: @unchecked Sendable {
    var continuation: UnsafeContinuation<Void, Never>?
}
