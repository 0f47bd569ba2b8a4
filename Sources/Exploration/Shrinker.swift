import SimKernel
import AppVocabulary
import Oracles
import Scenarios

/// Shrinks a failing scenario to a smaller one that still violates the same oracle: fewer
/// faults and steps, shorter delays, plainer settings, fewer recorded choices. Greedy: tries one
/// simplification at a time and keeps it if the violation stays, until a whole pass changes nothing.
public enum Shrinker {
    public struct Outcome: Sendable {
        /// The smallest failing scenario found, with the mutants it needs switched on; a free
        /// user's run comes back as ordinary steps.
        public let scenario: Scenario
        public let oracle: String
        /// Runs spent shrinking.
        public let runs: Int
        public let faultsBefore: Int
        /// Steps of the run it started from (a free user's: the steps of its transcript).
        public let stepsBefore: Int
        /// False when a free user's run, written down as steps, no longer violated the oracle (the
        /// steps replay the choices at their times, not always the same interleaving): `scenario`
        /// is then the unshrunk run, free user and all.
        public var reproduced = true
    }

    /// Shrinks `scenario` run with `mutants`; `oracle` picks which violation to keep (default:
    /// the first oracle that fires). Nil when the scenario does not fail.
    ///
    /// A free user's run is first written down as the ordinary steps its choices were
    /// (`FreeUserTranscript`); those are what shrinks, so the result is a file a person can read.
    public static func shrink(_ scenario: Scenario, mutants: [Mutant], oracle: String? = nil, maxRuns: Int = 500) -> Outcome? {
        var best = scenario
        best.mutants = MutantSet(scenario.mutants.members + mutants)
        let first = ScenarioRunner.run(best)
        let oracles = first.violations.map(\.oracle).filter { !$0.hasPrefix("expect.") && $0 != "kernel" }
        guard let target = oracle ?? oracles.first, oracles.contains(target) else { return nil }
        var runs = 1
        if !first.freeUserLogs.isEmpty {
            guard let scripted = FreeUserTranscript.scripted(best, logs: first.freeUserLogs) else { return nil }
            runs += 1
            guard ScenarioRunner.run(scripted).violations.contains(where: { $0.oracle == target }) else {
                return Outcome(scenario: best, oracle: target, runs: runs, faultsBefore: best.faults.count,
                               stepsBefore: best.steps.count, reproduced: false)
            }
            best = scripted
        }
        let stepsBefore = best.steps.count, faultsBefore = best.faults.count
        // After a kept change, the next pass resumes at the same kind of change rather than at the
        // first (a long transcript would cost a pass per kept step); it ends after a whole pass
        // from the top changes nothing.
        var resume = 0
        while runs < maxRuns {
            let candidates = simplifications(of: best)
            var kept: Int?
            for (position, candidate) in candidates.enumerated() where position >= resume && runs < maxRuns {
                runs += 1
                if ScenarioRunner.run(candidate).violations.contains(where: { $0.oracle == target }) {
                    best = candidate
                    kept = position
                    break
                }
            }
            if let kept {
                resume = kept
            } else if resume > 0 {
                resume = 0
            } else {
                break
            }
        }
        // Waits left side by side (the steps between them shrunk away) read as one.
        let joined = joiningWaits(best)
        if joined.steps.count < best.steps.count {
            runs += 1
            if ScenarioRunner.run(joined).violations.contains(where: { $0.oracle == target }) { best = joined }
        }
        return Outcome(scenario: best, oracle: target, runs: runs,
                       faultsBefore: faultsBefore,
                       stepsBefore: stepsBefore)
    }

    /// `scenario` with each run of adjacent `wait` steps made one wait of their total.
    static func joiningWaits(_ scenario: Scenario) -> Scenario {
        var joined = scenario
        joined.steps = []
        for step in scenario.steps {
            if case .wait(let more) = step, case .wait(let length)? = joined.steps.last {
                joined.steps[joined.steps.count - 1] = .wait(length + more)
            } else {
                joined.steps.append(step)
            }
        }
        return joined
    }

    /// Half of `duration`, in whole milliseconds (so shrunk files read "468ms", not "468.75ms").
    static func half(_ duration: Duration) -> Duration { .milliseconds(duration.totalMilliseconds / 2) }

    /// Every one-step simplification of `scenario`, biggest first.
    static func simplifications(of scenario: Scenario) -> [Scenario] {
        var candidates: [Scenario] = []
        func with(_ change: (inout Scenario) -> Void) {
            var candidate = scenario
            change(&candidate)
            candidates.append(candidate)
        }
        let faults = scenario.faults
        for index in faults.rules.indices { with { $0.faults.rules.remove(at: index) } }
        for index in faults.offlineWindows.indices { with { $0.faults.offlineWindows.remove(at: index) } }
        for index in faults.accountLosses.indices { with { $0.faults.accountLosses.remove(at: index) } }
        for index in faults.credentialSheet.indices where faults.credentialSheet[index] != .approve { with { $0.faults.credentialSheet[index] = .approve } }
        // Runs of steps first, halves down to pairs (a free user's transcript has many), then one at a time.
        var chunk = scenario.steps.count / 2
        while chunk >= 2 {
            for start in stride(from: 1, to: scenario.steps.count - chunk + 1, by: chunk) {
                with { $0.steps.removeSubrange(start..<(start + chunk)) }
            }
            chunk /= 2
        }
        for index in scenario.steps.indices where index > 0 { with { $0.steps.remove(at: index) } }
        for (index, rule) in faults.rules.enumerated() {
            if rule.trigger.probability != .always || rule.trigger.count != 1 {
                with { $0.faults.rules[index].trigger = .nth(rule.trigger.fromCall) }
            }
            if case .delay(let by) = rule.kind, by > .milliseconds(100) {
                with { $0.faults.rules[index].kind = .delay(half(by)) }
            }
            if case .goesOffline(let length) = rule.kind, length > .seconds(1) {
                with { $0.faults.rules[index].kind = .goesOffline(for: half(length)) }
            }
        }
        for (index, window) in faults.offlineWindows.enumerated() where window.duration > .seconds(1) {
            with { $0.faults.offlineWindows[index].duration = half(window.duration) }
        }
        for (index, step) in scenario.steps.enumerated() {
            if case .wait(let length) = step, length > .milliseconds(100) { with { $0.steps[index] = .wait(half(length)) } }
        }
        if faults.latencyMs != 20...120 { with { $0.faults.latencyMs = 20...120 } }
        // A branch's run (its points in the file's seed): first without its last point, a plainer run.
        if !scenario.branches.isEmpty { with { $0.branches.removeLast() } }
        // A run kept with its choices (`replay -o`): without them (the seed's draws), else without
        // one stream's, else each stream's cut to half (the seed's draws after the cut).
        if let choices = scenario.choices {
            with { $0.choices = nil }
            for index in choices.streams.indices {
                with { $0.choices?.streams.remove(at: index) }
                if choices.streams[index].draws.count > 1 {
                    with { $0.choices?.streams[index].draws.removeLast(choices.streams[index].draws.count / 2) }
                }
            }
        }
        // The app's own settings, each back to its default (`AppPlugin.simplifications`).
        candidates += AppRegistry.plugin(for: scenario.app)?.simplifications(of: scenario) ?? []
        if scenario.settleAfterSteps > .seconds(1) { with { $0.settleAfterSteps = half(scenario.settleAfterSteps) } }
        // A plug-in's own settings (its persona's and its swarm knobs'): each left at the app's default.
        if case .object(let members)? = scenario.setup.device {
            for index in members.indices {
                with {
                    $0.setup.device = .object(members.enumerated().filter { $0.offset != index }.map(\.element))
                    // `online` is read into `startsOffline`, as the decoder reads the file's.
                    if members[index].key == "online" { $0.startsOffline = false }
                }
            }
        }
        if case .object(let members)? = scenario.setup.backend {
            for index in members.indices { with { $0.setup.backend = .object(members.enumerated().filter { $0.offset != index }.map(\.element)) } }
        }
        return candidates
    }
}
