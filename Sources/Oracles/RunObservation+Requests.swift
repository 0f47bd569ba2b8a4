import SimKernel
import AppVocabulary

/// One request the client sent, from its sending to its answer or to the kill that dropped it.
public struct RequestSpan: Sendable {
    public let id: Int
    public let endpoint: Endpoint
    public let timeoutMs: Int64?
    /// The trace index of its `requestSent`.
    public let sentIndex: Int
    /// The trace index of its answer, or of the kill that dropped it; `Int.max` if it was still
    /// out when the run ended.
    public internal(set) var closedIndex: Int

    /// Whether it was out at trace index `index`: sent at or before it, not answered or dropped by then.
    @inlinable public func isOut(atIndex index: Int) -> Bool { sentIndex <= index && closedIndex > index }
}

extension RunObservation {
    /// The requests sent and not yet answered (nor dropped by a kill) as of trace index `index`,
    /// oldest first.
    public func outstandingRequests(atIndex index: Int) -> [(id: Int, endpoint: Endpoint, timeoutMs: Int64?)] {
        requestsOut(atIndex: index).map { ($0.id, $0.endpoint, $0.timeoutMs) }
    }

    /// The requests out at trace index `index`, oldest first, each with where it was sent and closed.
    public func requestsOut(atIndex index: Int) -> [RequestSpan] {
        // Spans are in sending order: those sent after `index` are not out yet.
        let sent = Self.lastPosition(in: requestSpans.count) { requestSpans[$0].sentIndex <= index }.map { $0 + 1 } ?? 0
        return requestSpans[..<sent].filter { $0.isOut(atIndex: index) }
    }

    /// Every request's span, in sending order, worked out once when the run is observed: rules asked
    /// which requests were out at a checkpoint by walking every request before it, a dozen times a run.
    static func requestSpans(in requests: EventsOfKinds) -> [RequestSpan] {
        var spans: [RequestSpan] = []
        var open: [Int] = []
        for event in requests.places {
            switch requests[event] {
            case .requestSent(let id, let timeout, let endpoint):
                open.append(spans.count)
                spans.append(RequestSpan(id: id, endpoint: endpoint, timeoutMs: timeout, sentIndex: event.index, closedIndex: .max))
            case .responseReceived(let id, _, _):
                open.removeEvery { at in
                    guard spans[at].id == id else { return false }
                    spans[at].closedIndex = event.index
                    return true
                }
            case .killed:
                for at in open { spans[at].closedIndex = event.index }
                open.removeAll()
            default: break
            }
        }
        return spans
    }
}
