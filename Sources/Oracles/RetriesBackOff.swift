import SimKernel
import AppVocabulary

/// A request the app retries by itself backs off (#64 item 4: "a retry pause" judged to the
/// second; 003: "Retry behavior on backend push failure (silent queue likely)", the sync queue's
/// exponential backoff from 1 s).
///
/// Judged on the wire for every request whose role declares a backoff (`RequestRole.backoff`):
/// after a failed answer (an error status other than a refusal of the session, which drops the
/// work, a timeout, offline), the app sends that request again no sooner than its backoff, unless
/// something happened in between that is a reason to try at once: a tap of the user's, a launch
/// or a kill, the connection coming back. A backoff read in the wrong unit (1 ms for 1 s) sends
/// the same push hundreds of times a minute to a backend that is struggling.
public struct RetriesBackOff: Oracle {
    public let name = "retriesBackOff"
    public let summary = "a request the app sends again by itself after a failure waits at least its backoff (the fix plan's sync: 1 s)"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let backedOff = run.roles.backedOffRequests
        guard !backedOff.isEmpty else { return [] }
        var lastFailure: [(index: Int, time: SimulationInstant)?] = backedOff.map { _ in nil }
        let view = run.events([.requestSent, .responseReceived, .userAction, .launched, .killed, .connectivity])
        for event in view.places {
            switch view[event] {
            case .userAction, .launched, .killed, .connectivity(true):
                for position in lastFailure.indices { lastFailure[position] = nil }
            case .responseReceived(_, let endpoint, let outcome):
                guard let position = backedOff.firstIndex(where: { $0.endpoint == endpoint }) else { continue }
                let failed = outcome != "ok" && outcome != "cancelled" && !TextSearch.hasPrefix(outcome, "status 401")
                lastFailure[position] = failed ? (event.index, event.time) : nil
            case .requestSent(_, _, let endpoint):
                guard let position = backedOff.firstIndex(where: { $0.endpoint == endpoint }),
                      let failure = lastFailure[position] else { continue }
                lastFailure[position] = nil
                let waited = failure.time.duration(to: event.time)
                let backoff = backedOff[position].backoff
                guard waited < backoff else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The \(endpoint.rawValue) request failed at \(failure.time) and the app sent it again by itself "
                                    + "\(waited.totalMilliseconds)ms later, with nothing in between: it backs off at least "
                                    + "\(backoff.totalMilliseconds)ms after a failure (003: the sync queue's retry with backoff).",
                                  excerpt: run.lines([failure.index, event.index]))]
            default:
                break
            }
        }
        return []
    }
}
