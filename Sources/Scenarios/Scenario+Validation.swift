import SimKernel
import AppVocabulary
import OnboardingModel

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
    /// which a file's decoder checks as it reads them, by their place in `world.faults`); empty
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
        check.world(world)
        return check.found
    }
}

/// Collects a scenario's problems, one rule at a time.
private struct ScenarioCheck {
    let file: String
    var found: [ScenarioError] = []

    mutating func fail(_ path: String, _ message: String, suggestion: String? = nil) {
        found.append(ScenarioError(file: file, location: path, message: message, suggestion: suggestion))
    }

    mutating func duration(_ duration: Duration, at path: String, positive: Bool = false) {
        if positive && duration <= .zero {
            fail(path, "must be longer than 0, found \(Self.describe(duration))", suggestion: "such as \"1s\"")
        } else if duration < .zero {
            fail(path, "cannot be negative, found \(Self.describe(duration))")
        } else if duration > Scenario.longestDuration {
            fail(path, Scenario.tooLongMessage)
        }
    }

    mutating func world(_ world: WorldConfiguration) {
        duration(world.settings.sessionRestoreTime, at: "$.device.sessionRestoreTime")
        duration(world.backend.goalGenerationTime, at: "$.backend.goalGenerationTime")
        duration(world.timeouts.request, at: "$.network.timeouts.request", positive: true)
        duration(world.timeouts.launchCheck, at: "$.network.timeouts.launchCheck", positive: true)
        duration(world.timeouts.goalGeneration, at: "$.network.timeouts.goalGeneration", positive: true)
        let latency = world.faults.latencyMs
        if latency.lowerBound < 0 {
            fail("$.network.latency.min", "cannot be negative, found \(latency.lowerBound)ms")
        } else if latency.upperBound > Scenario.longestDuration.totalMilliseconds {
            fail("$.network.latency.max", Scenario.tooLongMessage)
        }
        faults(world.faults)
        accounts(world)
    }

    private mutating func faults(_ plan: FaultPlan) {
        for (index, window) in plan.offlineWindows.enumerated() {
            duration(window.start, at: "world.faults.offlineWindows[\(index)].start")
            duration(window.duration, at: "world.faults.offlineWindows[\(index)].duration", positive: true)
        }
        for (index, rule) in plan.rules.enumerated() {
            let path = "world.faults.rules[\(index)]"
            if rule.trigger.fromCall < 1 { fail(path + ".trigger.fromCall", "calls are counted from 1, found \(rule.trigger.fromCall)") }
            if let count = rule.trigger.count, count < 1 { fail(path + ".trigger.count", "covers at least one call, found \(count)") }
            switch rule.kind {
            case .delay(let by): duration(by, at: path + ".kind")
            case .error(let status) where !(400...599).contains(status):
                fail(path + ".kind", "an error status lies from 400 to 599, found \(status)")
            default: break
            }
        }
        for (index, loss) in plan.accountLosses.enumerated() {
            duration(loss.at, at: "world.faults.accountLosses[\(index)].at")
        }
    }

    /// Sessions and cache users must be accounts.
    private mutating func accounts(_ world: WorldConfiguration) {
        let emails = world.backend.accounts.map(\.email)
        if let session = world.sessionEmail, !emails.contains(session) {
            fail("$.device.session", "the session's user \"\(session)\" has no account on the backend",
                 suggestion: "add {\"email\": \"\(session)\"} to $.backend.accounts")
        }
        for (index, seed) in world.cache.enumerated() {
            if let email = seed.email, !emails.contains(email) {
                fail("$.device.cache[\(index)].user", "the cache's user \"\(email)\" has no account on the backend",
                     suggestion: "add {\"email\": \"\(email)\"} to $.backend.accounts")
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
