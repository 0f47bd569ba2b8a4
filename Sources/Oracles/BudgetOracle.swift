import SimKernel
import AppVocabulary

/// Timing budgets (DESIGN §4 "Budgets"): per launch, time to first route, loading span and time
/// to interactive, and over the whole run the waiting on the app, in all, at once and on each
/// screen (`JourneyMetrics`), stay within the scenario's limits.
public struct BudgetOracle: Oracle {
    public let name = "budgets"
    public let summary = "each launch's first route, loading time and time to interactive, and the run's waiting (in all, at once, per screen), stay within budget"
    /// Any app's scenario may set budgets, on every run's metrics and on its own screens.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let budgets = settings.budgets
        guard !budgets.isEmpty else { return [] }
        var violations: [Violation] = []
        for (metrics, launch) in zip(LaunchMetrics.of(run), run.launches) {
            let measured: [(String, Int64?, Int64?)] = [
                ("time to first route", metrics.firstRouteMs ?? metrics.durationMs, budgets.firstRouteMs),
                ("loading time", metrics.loadingMs, budgets.loadingMs),
                ("time to interactive", metrics.interactiveMs ?? metrics.durationMs, budgets.interactiveMs),
            ]
            for (label, value, limit) in measured {
                guard let value, let limit, value > limit else { continue }
                violations.append(Violation(
                    oracle: name, at: launch.start.advanced(by: .milliseconds(limit)),
                    message: "Launch \(launch.number): \(label) was \(value)ms, over its budget of \(limit)ms.",
                    excerpt: run.excerpt(from: launch.startIndex, to: min(launch.endIndex, run.lastIndex(atOrBefore: run.end)))))
            }
        }
        let journey = JourneyMetrics.of(run)
        var measured: [(String, Int64?, Int64?)] = [
            ("the time spent waiting on the app", journey.waitMs, budgets.waitMs),
            ("the longest wait", journey.longestWaitMs, budgets.longestWaitMs),
            ("the app's time to the main app", journey.appTimeToMainMs, budgets.appTimeToMainMs),
        ]
        for limit in budgets.screenWaitMs {
            measured.append(("the waiting on \(limit.screen)", journey.waitMs(onScreenNamed: limit.screen), limit.ms))
        }
        for (label, value, limit) in measured {
            guard let value, let limit, value > limit else { continue }
            violations.append(Violation(oracle: name, at: run.end,
                                        message: "Over the run, \(label) was \(value)ms, over its budget of \(limit)ms.",
                                        excerpt: []))
        }
        return violations
    }
}
