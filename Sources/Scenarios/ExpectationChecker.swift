import SimKernel
import AppVocabulary
import Oracles

/// Checks a scenario's expectations against the end of the run or an `expect` step's moment;
/// each failure is a violation named `expect.<key>`.
enum ExpectationChecker {
    /// Checks `expectations` against `snapshot`: screen keys against its screen, whole-run keys
    /// against the events before it, backend keys against its backend state. `step` is the
    /// `expect` step's position, or nil for `$.expect` at the end of the run.
    static func check(_ expectations: Expectations, at snapshot: Snapshot, step: Int?,
                      policyOutcome: DriveOutcome?, run: RunObservation) -> [Violation] {
        var failures = screenFailures(expectations, screen: snapshot.screen)
        failures += historyFailures(expectations, before: step == nil ? Int.max : snapshot.traceCount, run: run)
        if step == nil, let expected = expectations.userReachesMain {
            let reached = policyOutcome == .reachedMain
            if reached != expected {
                failures.append(("userReachesMain", "the simulated user \(policyOutcome.map { "\($0)" } ?? "never drove"), expected \(expected ? "to reach main" : "not to reach main")"))
            }
        }
        failures += backendFailures(expectations.backend, snapshot: snapshot)
        let prefix = step.map { "Expectation of step \($0 + 1) (\(snapshot.time)) failed" } ?? "Expectation failed"
        return failures.map { key, message in
            Violation(oracle: "expect.\(key)", at: step == nil ? run.end : snapshot.time, message: "\(prefix): \(message).",
                      excerpt: step == nil ? [] : run.lines([snapshot.traceCount - 1]), step: step)
        }
    }

    /// A step whose tap the screen did not offer.
    static func violation(for refusal: Refusal, run: RunObservation) -> Violation {
        let route = refusal.screen.route.map(\.description) ?? "the app is not running"
        let offered = refusal.screen.actions.isEmpty ? "nothing" : refusal.screen.actions.map(\.rawValue).joined(separator: ", ")
        return Violation(oracle: "step.refused", at: refusal.at,
                         message: "Step \(refusal.step + 1) taps '\(refusal.action.rawValue)', but the screen (\(route)) offers "
                            + "\(offered): the tap did nothing, so the steps no longer test what they say. Fix the step, or add "
                            + "\"mayBeRefused\": true if it may meet a screen without that action.",
                         excerpt: run.lines([refusal.traceIndex]), step: refusal.step)
    }

    private static func describe(_ route: Route?) -> String { route.map(\.description) ?? "none" }

    private static func screenFailures(_ expectations: Expectations, screen: ScreenState) -> [(String, String)] {
        var failures: [(String, String)] = []
        if let expected = expectations.finalRoute, expected != screen.route {
            failures.append(("finalRoute", "the route was \(describe(screen.route)), expected \(describe(expected))"))
        }
        if let expected = expectations.finalError {
            switch (expected, screen.errorText) {
            case (nil, let shown?): failures.append(("finalError", "the screen showed the error \"\(shown)\", expected none"))
            case (let text?, nil): failures.append(("finalError", "the screen showed no error, expected one containing \"\(text)\""))
            case (let text?, let shown?) where !shown.contains(text):
                failures.append(("finalError", "the error was \"\(shown)\", expected one containing \"\(text)\""))
            default: break
            }
        }
        if let expected = expectations.emailField, expected != screen.emailField {
            failures.append(("emailField", "the email field held \"\(screen.emailField)\", expected \"\(expected)\""))
        }
        if let expected = expectations.resumeGate, expected != screen.resumeGate {
            failures.append(("resumeGate", "the resume gate was \(screen.resumeGate ? "showing" : "not showing"), expected \(expected ? "showing" : "not showing")"))
        }
        for action in expectations.actionsInclude where !screen.actions.contains(action) {
            failures.append(("actionsInclude", "the screen did not offer '\(action.rawValue)'"))
        }
        for action in expectations.actionsExclude where screen.actions.contains(action) {
            failures.append(("actionsExclude", "the screen offered '\(action.rawValue)'"))
        }
        if let expected = expectations.offlineBanner, expected != screen.offlineBanner {
            failures.append(("offlineBanner", "the offline banner was \(screen.offlineBanner ? "showing" : "not showing"), expected \(expected ? "showing" : "not showing")"))
        }
        return failures
    }

    /// Keys about everything that happened before trace index `cutoff`.
    private static func historyFailures(_ expectations: Expectations, before cutoff: Int, run: RunObservation) -> [(String, String)] {
        var failures: [(String, String)] = []
        let screens = run.screens.lazy.prefix { $0.index < cutoff }
        if let expected = expectations.errorShown {
            let shown = screens.compactMap(\.state.errorText)
            if expected && shown.isEmpty { failures.append(("errorShown", "no error was ever shown, expected one")) }
            if !expected, let first = shown.first { failures.append(("errorShown", "the user saw the error \"\(first)\", expected none at any time")) }
        }
        for route in expectations.neverShown {
            if let shown = screens.first(where: { $0.state.route == route }) {
                failures.append(("neverShown", "the route \(route) was shown at \(shown.time), expected never"))
            }
        }
        if !expectations.requests.isEmpty {
            let sent = run.events([.requestSent]).between(after: -1, before: cutoff).compactMap { event -> Endpoint? in
                if case .requestSent(_, _, let endpoint) = event.event { endpoint } else { nil }
            }
            for expected in expectations.requests {
                let count = sent.count(where: { $0 == expected.name })
                if count != expected.count {
                    failures.append(("requests", "the app sent \(count) \(expected.name.rawValue) request(s), expected \(expected.count)"))
                }
            }
        }
        if !expectations.analytics.isEmpty {
            let received = run.events([.analytics]).between(after: -1, before: cutoff).compactMap { event -> String? in
                if case .analytics(_, let name) = event.event { name } else { nil }
            }
            for expected in expectations.analytics {
                let count = received.count(where: { $0 == expected.name })
                if count != expected.count {
                    failures.append(("analytics", "the backend received '\(expected.name)' \(count) time(s), expected \(expected.count)"))
                }
            }
        }
        return failures
    }

    private static func backendFailures(_ expected: BackendExpectation?, snapshot: Snapshot) -> [(String, String)] {
        guard let expected else { return [] }
        return expected.facts.compactMap { fact in
            let actual = snapshot.account?.value(of: fact.key)
            guard actual != fact.value else { return nil }
            let what = snapshot.backendFacts.first { $0.key == fact.key }?.what ?? fact.key
            return ("backend", "the backend's \(what) was \(actual ?? "not set"), expected \(fact.value)")
        }
    }
}
