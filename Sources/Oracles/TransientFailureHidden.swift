import SimKernel
import AppVocabulary

/// One transient failure stays invisible (seed 002 §2: "add a single automatic retry with 2s
/// delay before surfacing the error").
///
/// A promise of every app that declares an automatic retry, through its roles: when a request
/// whose role has a `retryPause` (the fix plan's goal generation) fails once and the next attempt
/// succeeds, the user sees no new error in between ("Couldn't load goal options" on the fix
/// plan's goal screen): the retry was meant to spare them the failure. Not judged across a
/// sign-out, a kill or a launch between the two answers: the user's stay ended there.
public struct TransientFailureHidden: Oracle {
    public let name = "transientFailureHidden"
    public let summary = "a single failure of a request the app retries by itself is retried without the user seeing an error"
    /// A policy (`OraclePolicy`): one seed's way of keeping its promise.
    public var policy: OraclePolicy? {
        OraclePolicy(promise: "seed 002 §2: \"add a single automatic retry with 2s delay before surfacing the error\"",
                     ways: ["retry a request whose role has a `retryPause` once, silently, before showing an error", "declare no `retryPause` for a request the app does not retry by itself"])
    }
    /// A promise of any app that declares a retry pause (`RequestRole.retryPause`).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard !run.roles.retriedRequests.isEmpty else { return [] }
        var violations: [Violation] = []
        for (endpoint, _) in run.roles.retriedRequests {
            let answers = run.events([.responseReceived]).compactMap { event -> (index: Int, ok: Bool)? in
                guard case .responseReceived(_, endpoint, let outcome) = event.event, outcome != "cancelled" else { return nil }
                return (event.index, outcome == "ok")
            }
            for (position, answer) in answers.enumerated() where !answer.ok {
                // A lone failure: the answer before it (if any) succeeded and the next one succeeds.
                let previousFailed = position > 0 && !answers[position - 1].ok
                guard !previousFailed, position + 1 < answers.count, answers[position + 1].ok else { continue }
                let success = answers[position + 1].index
                // The same stay in the app: a sign-out (a revoked session's 401), a kill or a
                // launch in between ends what the retry was sparing the user.
                guard run.events([.signedOut, .killed, .launched]).between(after: answer.index, before: success).isEmpty else { continue }
                // An error the screen did not show already when the request failed.
                let before = run.screen(atIndex: answer.index)?.state.errorText
                guard let shown = run.screens(after: answer.index, through: success - 1).first(where: {
                    $0.state.errorText != nil && $0.state.errorText != before
                }), let text = shown.state.errorText else { continue }
                violations.append(Violation(oracle: name, at: shown.time,
                                            message: "The \(endpoint.rawValue) request failed once and the next attempt succeeded, "
                                                + "but the user saw \"\(text)\" in between. Retry once before showing an error.",
                                            excerpt: run.lines([answer.index, shown.index, success])))
            }
        }
        return violations
    }
}
