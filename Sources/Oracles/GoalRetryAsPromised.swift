import SimKernel
import AppVocabulary

/// Goal generation retries as 002 §2 promises: "add a single automatic retry with 2s delay before
/// surfacing the error".
///
/// Judged on the wire, where the backend would notice: when a goal-generation request fails and
/// the app asks again with no tap of the user's in between (and no kill or launch: a new process's
/// first load is not a retry of the old one's failure), that automatic retry is
/// sent exactly 2 s after the failed answer, and it is the only one: after a failed automatic
/// retry, the next attempt is the user's (Retry, or the screen appearing again).
public struct GoalRetryAsPromised: Oracle {
    public let name = "goalRetryAsPromised"
    public let summary = "a failed goal generation is retried once by itself, 2 s after the failure"

    public static let delay = Duration.seconds(2)

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var lastFailure: (index: Int, time: SimulationInstant, automatic: Bool)?
        var retryWasAutomatic = false
        for event in run.events([.requestSent, .responseReceived, .userAction, .killed, .launched]) {
            switch event.event {
            case .userAction, .killed, .launched:
                lastFailure = nil
                retryWasAutomatic = false
            case .responseReceived(_, .generateGoals, let outcome):
                if outcome == "ok" || outcome == "cancelled" {
                    lastFailure = nil
                    retryWasAutomatic = false
                } else {
                    lastFailure = (event.index, event.time, retryWasAutomatic)
                }
            case .requestSent(_, _, .generateGoals):
                guard let failure = lastFailure else { continue }
                let waited = failure.time.duration(to: event.time)
                if failure.automatic {
                    return [violation("Goal generation was retried by itself a second time, at \(event.time), after "
                                      + "the automatic retry had failed: retry once, then show the error with Retry", failure.index, event, run)]
                }
                if waited != Self.delay {
                    return [violation("Goal generation failed at \(failure.time) and was retried by itself \(waited.totalMilliseconds)ms "
                                      + "later; the retry waits 2s", failure.index, event, run)]
                }
                retryWasAutomatic = true
                lastFailure = nil
            default:
                break
            }
        }
        return []
    }

    private func violation(_ what: String, _ failure: Int, _ retry: RunObservation.Event, _ run: RunObservation) -> Violation {
        Violation(oracle: name, at: retry.time,
                  message: what + " (seed 002 §2: \"a single automatic retry with 2s delay before surfacing the error\").",
                  excerpt: run.lines([failure, retry.index]))
    }
}
