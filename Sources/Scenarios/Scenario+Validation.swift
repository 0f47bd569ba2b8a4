import SimKernel
import AppVocabulary

/// The checks a run relies on, for a scenario however it was made: decoded from a file (the
/// decoder reports these with the rest of a file's problems) or built in Swift code (the runner
/// returns them as the result instead of running). Every value that a `precondition` further
/// down would trap on is checked here, so no scenario can crash a run.
extension Scenario {
    /// The longest duration any value may have: about three years, far beyond any onboarding,
    /// and small enough that no sum of a few of them overflows the virtual clock.
    public static let longestDuration = Duration.nanoseconds(100_000_000_000_000_000)

    /// What a duration past `longestDuration` is told.
    static let tooLongMessage = "is longer than the longest duration allowed (about 3 years)"

    /// What is wrong with this scenario, each at its JSON path in the file format (fault entries,
    /// which a file's decoder checks as it reads them, by their place in `faults`); empty
    /// when it can run.
    public var problems: [ScenarioError] {
        var check = ScenarioCheck(file: file)
        check.duration(maxVirtualTime, at: "$.limits.virtualTime", positive: true)
        check.duration(settleAfterSteps, at: "$.settle")
        check.duration(settings.patience, at: "$.expect.patience", positive: true)
        check.duration(settings.flashWindow, at: "$.expect.flashWindow", positive: true)
        check.duration(settings.settle, at: "$.expect.settle")
        for (index, step) in steps.enumerated() {
            switch step {
            case .wait(let duration): check.duration(duration, at: "$.steps[\(index)].wait")
            case .untilIdle(let max): check.duration(max, at: "$.steps[\(index)].untilIdle")
            default: break
            }
        }
        check.network(self)
        if let plugin = AppRegistry.plugin(for: app) {
            for problem in plugin.problems(of: self) {
                check.fail(problem.path, problem.message, suggestion: problem.suggestion)
            }
        }
        return check.found
    }

    /// What is wrong with `duration` at `path` (a JSON path), in the words every scenario
    /// check uses: negative, zero where it must be `positive`, or too long. Nil when it is fine.
    /// For a plug-in's own checks of its sections (`AppPlugin.problems(of:)`).
    public static func problem(with duration: Duration, at path: String, positive: Bool = false) -> AppSetupProblem? {
        var check = ScenarioCheck(file: "")
        check.duration(duration, at: path, positive: positive)
        return check.found.first.map { AppSetupProblem(path: $0.location, message: $0.message, suggestion: $0.suggestion) }
    }
}

/// Collects a scenario's problems, one rule at a time.
struct ScenarioCheck {
    let file: String
    var found: [ScenarioError] = []

    mutating func fail(_ path: String, _ message: String, suggestion: String? = nil) {
        found.append(ScenarioError(file: file, location: path, message: message, suggestion: suggestion))
    }

    /// `path` is worked out only for a problem: every explored seed's scenario is checked, and
    /// building each value's path cost more than checking it.
    mutating func duration(_ duration: Duration, at path: @autoclosure () -> String, positive: Bool = false) {
        if positive && duration <= .zero {
            fail(path(), "must be longer than 0, found \(Self.describe(duration))", suggestion: "such as \"1s\"")
        } else if duration < .zero {
            fail(path(), "cannot be negative, found \(Self.describe(duration))")
        } else if duration > Scenario.longestDuration {
            fail(path(), Scenario.tooLongMessage)
        }
    }

    mutating func network(_ scenario: Scenario) {
        duration(scenario.requestTimeout, at: "$.network.timeouts.request", positive: true)
        for timeout in AppRegistry.plugin(for: scenario.app)?.timeouts ?? [] {
            duration(scenario.appTimeouts[timeout.name] ?? timeout.defaultDuration, at: "$.network.timeouts.\(timeout.name)", positive: true)
        }
        let latency = scenario.faults.latencyMs
        if latency.lowerBound < 0 {
            fail("$.network.latency.min", "cannot be negative, found \(latency.lowerBound)ms")
        } else if latency.upperBound > Scenario.longestDuration.totalMilliseconds {
            fail("$.network.latency.max", Scenario.tooLongMessage)
        }
        faults(scenario.faults)
    }

    private mutating func faults(_ plan: FaultPlan) {
        for (index, window) in plan.offlineWindows.enumerated() {
            duration(window.start, at: "faults.offlineWindows[\(index)].start")
            duration(window.duration, at: "faults.offlineWindows[\(index)].duration", positive: true)
        }
        for (index, rule) in plan.rules.enumerated() {
            func path(_ field: String) -> String { "faults.rules[\(index)]" + field }
            if rule.trigger.fromCall < 1 { fail(path(".trigger.fromCall"), "calls are counted from 1, found \(rule.trigger.fromCall)") }
            if let count = rule.trigger.count, count < 1 { fail(path(".trigger.count"), "covers at least one call, found \(count)") }
            switch rule.kind {
            case .delay(let by): duration(by, at: path(".kind"))
            case .goesOffline(let length): duration(length, at: path(".kind"), positive: true)
            case .error(let status) where !(400...599).contains(status):
                fail(path(".kind"), "an error status lies from 400 to 599, found \(status)")
            default: break
            }
        }
        for (index, loss) in plan.accountLosses.enumerated() {
            duration(loss.at, at: "faults.accountLosses[\(index)].at")
            if let failure = loss.afterFailure {
                let path = "faults.accountLosses[\(index)].afterFailure"
                if !(1...1_000).contains(failure) { fail(path, "a loss lands after the 1st to 1000th failed answer, found \(failure)") }
                if loss.at != .zero { fail(path, "an account loss happens at a time or after a failed answer, not both") }
            }
            if let answer = loss.afterAnswer {
                let path = "faults.accountLosses[\(index)].afterAnswer"
                if !(1...1_000).contains(answer) { fail(path, "a loss lands after an endpoint's 1st to 1000th answer, found \(answer)") }
                if loss.at != .zero || loss.afterFailure != nil {
                    fail(path, "an account loss happens at a time, after a failed answer or after an endpoint's answer: one of them")
                }
                if loss.answerOf == nil { fail(path, "a loss after an answer names the endpoint whose answers it counts") }
            }
        }
    }

    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return "\(seconds)s" }
        let total = nanoseconds.partialValue &+ attoseconds / 1_000_000_000
        return total % 1_000_000 == 0 ? "\(total / 1_000_000)ms" : "\(total)ns"
    }
}
