import SimKernel
import AppVocabulary

/// A retry of the app's own comes as promised (seed 002 §2, goal generation: "add a single
/// automatic retry with 2s delay before surfacing the error").
///
/// A promise of every app that declares one, through its roles: a request whose role has a
/// `retryPause` (the fix plan's goal generation: 2 s) is one the app sends again by itself after
/// a failure. Judged on the wire, where the backend would notice: when such a request fails and
/// the app asks again with no tap of the user's in between (and no kill or launch: a new
/// process's first load is not a retry of the old one's failure), that automatic retry is sent
/// exactly the pause after the failed answer, and it is the only one: after a failed automatic
/// retry, the next attempt is the user's (Retry, or the screen appearing again). Its name until
/// December 2026 was `goalRetryAsPromised`, after the fix plan's goal generation, which made the
/// promise first; that name still works (`OracleCatalogue.formerNames`).
public struct AutomaticRetryAsPromised: Oracle {
    public let name = "automaticRetryAsPromised"
    public let summary = "a failed request the app retries by itself is retried once, after its pause (the fix plan's goals: 2 s)"
    /// A promise of any app that declares a retry pause (`RequestRole.retryPause`).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let retried = run.roles.retriedRequests
        guard !retried.isEmpty else { return [] }
        // Per endpoint that retries: its last failure, and whether the attempt that failed was the automatic retry.
        var lastFailure: [(endpoint: Endpoint, index: Int, time: SimulationInstant, automatic: Bool)?] = retried.map { _ in nil }
        var retryWasAutomatic = retried.map { _ in false }
        let view = run.events([.requestSent, .responseReceived, .userAction, .killed, .launched])
        for event in view.places {
            switch view[event] {
            case .userAction, .killed, .launched:
                for position in retried.indices {
                    lastFailure[position] = nil
                    retryWasAutomatic[position] = false
                }
            case .responseReceived(_, let endpoint, let outcome):
                guard let position = retried.firstIndex(where: { $0.endpoint == endpoint }) else { continue }
                if outcome == "ok" || outcome == "cancelled" {
                    lastFailure[position] = nil
                    retryWasAutomatic[position] = false
                } else {
                    lastFailure[position] = (endpoint, event.index, event.time, retryWasAutomatic[position])
                }
            case .requestSent(_, _, let endpoint):
                guard let position = retried.firstIndex(where: { $0.endpoint == endpoint }),
                      let failure = lastFailure[position] else { continue }
                let pause = retried[position].pause
                let waited = failure.time.duration(to: event.time)
                let what = Self.describe(endpoint)
                if failure.automatic {
                    return [violation("\(what) was retried by itself a second time, at \(event.time), after "
                                      + "the automatic retry had failed: retry once, then show the error with Retry", failure.index, view.recorded(event), run)]
                }
                if waited != pause {
                    return [violation("\(what) failed at \(failure.time) and was retried by itself \(waited.totalMilliseconds)ms "
                                      + "later; the retry waits \(Self.seconds(pause))", failure.index, view.recorded(event), run)]
                }
                retryWasAutomatic[position] = true
                lastFailure[position] = nil
            default:
                break
            }
        }
        return []
    }

    /// The request as a message names it.
    private static func describe(_ endpoint: Endpoint) -> String { "The \(endpoint.rawValue) request" }

    private static func seconds(_ pause: Duration) -> String {
        let milliseconds = pause.totalMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }

    private func violation(_ what: String, _ failure: Int, _ retry: RunObservation.Event, _ run: RunObservation) -> Violation {
        Violation(oracle: name, at: retry.time,
                  message: what + " (seed 002 §2: \"a single automatic retry with 2s delay before surfacing the error\").",
                  excerpt: run.lines([failure, retry.index]))
    }
}
