import SimKernel
import AppVocabulary

/// Failures surface (seed 002 §1: "Show error instead of assuming"; §3: "Button spins, stops,
/// and nothing happens. No error message visible."; §8: "the user sees no error").
///
/// A request the user waits for (sent while the screen shows a spinner or a loading screen: the
/// app is visibly working for them) that fails ends, within the patience window, in a visible
/// error with a way forward, or in an automatic retry (the same endpoint asked again, or the session
/// refreshed after a 401: the cause chosen per call, `RunObservation.isBackground(_:id:)`), or in a
/// route change or a newly offered action (a fallback). Background work (a token refresh, a queued
/// push, analytics, goals generated ahead) is not judged. The resend countdown reaching zero is not an answer to a
/// failed Verify. Not judged when the user acts again first, or leaves the app.
public struct FailuresSurface: Oracle {
    public let name = "failuresSurface"
    public let summary = "a request the user started that fails ends in a visible error with a way forward, a retry, or a new route"
    /// A promise of any app's screens (spinners, errors, actions, routes).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let taps = run.events([.userAction])
        let requests = run.events([.requestSent])
        // Merged only if some request fails under a spinner (most runs have none).
        var stopsIfNeeded: RunObservation.EventsOfKinds?
        var violations: [Violation] = []
        let view = run.events([.responseReceived])
        for response in view.places {
            guard case .responseReceived(let id, let endpoint, let outcome) = view[response],
                  outcome != "ok", outcome != "cancelled", !run.isBackground(at: response, id: id),
                  let sent = requests.between(after: -1, before: response.index).last(where: { Self.id(of: $0) == id }),
                  let waiting = run.screen(atIndex: sent.index)?.state,
                  waiting.foreground, waiting.spinner != nil || waiting.loadingScreen != nil else { continue }
            // The tap that started it: one of this launch (a launch's own check has none).
            let launched = run.events([.launched]).between(after: -1, before: sent.index).last?.index ?? -1
            let tap = taps.between(after: launched, before: sent.index).last
            let deadline = min(response.time.advanced(by: settings.patience), run.end)
            // The user acted again or left the app after the request went out.
            let stops = stopsIfNeeded ?? run.events([.userAction, .backgrounded, .killed])
            stopsIfNeeded = stops
            let stop = stops.between(after: sent.index, before: .max).first
            if let stop, stop.time <= deadline { continue }
            let end = run.lastIndex(atOrBefore: deadline)
            let atFailure = run.screen(atIndex: response.index)?.state
            let before = atFailure?.route
            // What the screen offered before the wait began (its last screen without a spinner).
            let offered = run.screens(after: -1, through: sent.index).last {
                $0.state.spinner == nil && $0.state.loadingScreen == nil
            }?.state.actions ?? []
            // A way forward: an error with an action, a new route, or a new action (a fallback
            // such as the success screen's card with Start), but not Resend coming back on its own.
            let answered = atFailure.map { $0.errorText != nil && !$0.actions.isEmpty } == true
                || run.screens(after: response.index, through: end).contains { screen in
                    (screen.state.errorText != nil && !screen.state.actions.isEmpty) || screen.state.route != before
                        || screen.state.actions.contains { !offered.contains($0) && run.roles.role(of: $0) != .resend }
                } || requests.between(after: response.index, before: end + 1).contains {
                // Sent again, or a refresh of the session awaited after its 401 (then judged on its own).
                guard case .requestSent(let next, _, let sentTo) = $0.event else { return false }
                return sentTo == endpoint || (run.roles.endpoint(sentTo, is: .refreshesSession) && !run.isBackground(sentTo, id: next))
            }
            guard !answered else { continue }
            // Told only in a violation: a failure's time written out at each failed answer cost more than the rest of its check.
            let cause = tap.flatMap { tap -> String? in
                if case .userAction(let action, _) = tap.event { "'\(action.rawValue)' at \(tap.time)" } else { nil }
            } ?? "the launch"
            violations.append(Violation(
                oracle: name, at: deadline,
                message: "After \(cause) the user waited on \(endpoint.rawValue) #\(id), which failed (\(outcome)) at "
                    + "\(response.time); \(response.time.duration(to: deadline).totalMilliseconds)ms later the user had seen no "
                    + "error, no retry and no new screen. Show what went wrong with a way forward (seed 002 §1, §3, §8).",
                excerpt: run.lines((tap.map { [$0.index] } ?? []) + [sent.index, response.index])))
        }
        return violations
    }

    static func id(of event: RunObservation.Event) -> Int? {
        if case .requestSent(let id, _, _) = event.event { id } else { nil }
    }
}
