import SimKernel
import AppVocabulary
import Scenarios

/// A free user's choices written down as ordinary scenario steps: a wait for each stretch of
/// time between two choices, then the choice. Played back, they drive the app as the free user
/// did, and a person can read, edit and keep them.
public enum FreeUserTranscript {
    /// `scenario` with each free-user step replaced by the steps its run logged (`logs`, in order).
    /// Nil if the logs do not match the scenario's free-user steps.
    public static func scripted(_ scenario: Scenario, logs: [FreeUserLog]) -> Scenario? {
        var logs = logs[...]
        var steps: [ScenarioStep] = []
        var resets: [AccountLoss] = []
        for step in scenario.steps {
            guard case .freeUser = step else {
                steps.append(step)
                continue
            }
            guard let log = logs.popFirst() else { return nil }
            steps += self.steps(of: log)
            resets += log.choices.compactMap { choice in
                let at = SimulationInstant.zero.duration(to: choice.at)
                switch choice.act {
                case .resetElsewhere(let email): return AccountLoss(.resetElsewhere, at: at, email: email)
                case .progressElsewhere(let email): return AccountLoss(.progressElsewhere, at: at, email: email)
                default: return nil
                }
            }
        }
        guard logs.isEmpty else { return nil }
        var scripted = scenario
        scripted.steps = steps
        // What the user did on another device is no step on this one: a timed backend event.
        scripted.faults.accountLosses += resets
        return scripted
    }

    /// The steps of one free user's drive.
    public static func steps(of log: FreeUserLog) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        var now = log.started
        for choice in log.choices {
            guard let step = step(for: choice.act) else { continue }
            if now < choice.at { steps.append(.wait(now.duration(to: choice.at))) }
            now = max(now, choice.at)
            steps.append(step)
        }
        if now < log.ended { steps.append(.wait(now.duration(to: log.ended))) }
        return steps
    }

    /// A tap may meet another screen once earlier steps are shrunk away: it is allowed to be refused.
    /// Nil for what the user did on another device (`scripted` makes it a timed backend event).
    static func step(for act: UserChoice.Act) -> ScenarioStep? {
        switch act {
        case .resetElsewhere, .progressElsewhere: nil
        case .tap(let action, let input): .action(action, input: input, mayBeRefused: true)
        case .launch: .launch
        case .kill: .kill
        case .background: .background
        case .foreground: .foreground
        case .reinstall: .reinstall
        // The fix plan's own steps, as its free user logs them (`FixPlanStep`).
        case .corruptCache: .app(AppStep("corruptCache"))
        case .signOut: .app(AppStep("signOut"))
        case .goOffline: .goOffline
        case .goOnline: .goOnline
        }
    }
}
