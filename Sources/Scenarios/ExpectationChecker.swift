import SimKernel
import OnboardingModel
import Oracles

/// Checks a scenario's expectations against the end of the run; each failure is a violation
/// named `expect.<key>`.
enum ExpectationChecker {
    static func check(_ expectations: Expectations, end: EndState, run: RunObservation) -> [Violation] {
        var failures: [(String, String)] = []
        let screen = end.screen
        func describe(_ route: Route?) -> String { route.map(\.description) ?? "none" }
        if let expected = expectations.finalRoute, expected != screen.route {
            failures.append(("finalRoute", "the final route was \(describe(screen.route)), expected \(describe(expected))"))
        }
        if let expected = expectations.finalError {
            switch (expected, screen.errorText) {
            case (nil, let shown?): failures.append(("finalError", "the final screen showed the error \"\(shown)\", expected none"))
            case (let text?, nil): failures.append(("finalError", "the final screen showed no error, expected one containing \"\(text)\""))
            case (let text?, let shown?) where !shown.contains(text):
                failures.append(("finalError", "the final error was \"\(shown)\", expected one containing \"\(text)\""))
            default: break
            }
        }
        if let expected = expectations.errorShown {
            let shown = run.screens.compactMap(\.state.errorText)
            if expected && shown.isEmpty { failures.append(("errorShown", "no error was ever shown, expected one")) }
            if !expected, let first = shown.first { failures.append(("errorShown", "the user saw the error \"\(first)\", expected none at any time")) }
        }
        if let expected = expectations.emailField, expected != screen.emailField {
            failures.append(("emailField", "the email field held \"\(screen.emailField)\", expected \"\(expected)\""))
        }
        if let expected = expectations.resumeGate, expected != screen.resumeGate {
            failures.append(("resumeGate", "the resume gate was \(screen.resumeGate ? "showing" : "not showing"), expected \(expected ? "showing" : "not showing")"))
        }
        for action in expectations.actionsInclude where !screen.actions.contains(action) {
            failures.append(("actionsInclude", "the final screen did not offer '\(action.rawValue)'"))
        }
        for action in expectations.actionsExclude where screen.actions.contains(action) {
            failures.append(("actionsExclude", "the final screen offered '\(action.rawValue)'"))
        }
        if let expected = expectations.userReachesMain {
            let reached = end.policyOutcome == .reachedMain
            if reached != expected {
                failures.append(("userReachesMain", "the simulated user \(end.policyOutcome.map { "\($0)" } ?? "never drove"), expected \(expected ? "to reach main" : "not to reach main")"))
            }
        }
        failures += backendFailures(expectations.backend, end: end)
        return failures.map { key, message in
            Violation(oracle: "expect.\(key)", at: run.end, message: "Expectation failed: \(message).", excerpt: [])
        }
    }

    private static func backendFailures(_ expected: BackendExpectation?, end: EndState) -> [(String, String)] {
        guard let expected else { return [] }
        var failures: [(String, String)] = []
        if let status = expected.programStatus, end.journey?.programStatus != status {
            failures.append(("backend", "the backend program was \(end.journey?.programStatus.rawValue ?? "missing"), expected \(status.rawValue)"))
        }
        if let token = expected.pushToken, token != end.pushToken {
            failures.append(("backend", token ? "no push token reached the backend" : "a push token reached the backend"))
        }
        if let progress = expected.progress, end.progress != progress {
            failures.append(("backend", "the backend's progress was \(end.progress?.rawValue ?? "none"), expected \(progress.rawValue)"))
        }
        return failures
    }
}
