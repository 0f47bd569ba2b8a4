import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Resume at the cached step (seed 003: "Force-quit mid-onboarding: Resume from where they left
/// off (cached step)"; "Cache stores full status (which steps completed), not just boolean —
/// enables resuming mid-onboarding").
///
/// A cold launch after a kill in the middle of onboarding first shows the step the user was on
/// (under the resume gate or not), or a later one, never an earlier one: also for progress made
/// before sign-in. Before sign-in, when only the device holds the progress, never a later one
/// either: the step the user was on is the one they chose, Back and Start over included (a user
/// killed on the intro they started over to is not offered the step they abandoned). The code screen resumes at the email step (its code belonged to the killed
/// app). Not judged when the device's storage or session changed in between (reinstall, a
/// corrupted cache, sign-out, account loss), or when a signed-in user was still at or before the
/// code screen (the backend journey decides then).
public struct ResumesAtCachedStep: Oracle {
    public let name = "resumesAtCachedStep"
    public let summary = "a cold launch after a kill mid-onboarding resumes at the step the user was on, never an earlier one"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        let lifecycle = run.events([.killed, .launched, .reinstalled, .cacheCorrupted, .signedOut, .accountLost])
        for (position, kill) in lifecycle.enumerated() {
            guard case .killed = kill.event,
                  let relaunch = lifecycle.dropFirst(position + 1).first, case .launched = relaunch.event,
                  let left = run.screen(atIndex: kill.index - 1), let step = left.state.route?.phase,
                  step.isMidOnboarding || step == .intro else { continue }
            let user = run.signedInUser(atIndex: kill.index)
            if user != nil && step <= .authVerification { continue }
            let context = run.events([.launchContext]).between(after: relaunch.index, before: .max).first
            guard case .launchContext(let sessionUser, _)? = context?.event, sessionUser == user,
                  let first = run.screens(after: relaunch.index, through: .max).first(where: { $0.state.route?.kind != .launch }),
                  let resumed = first.state.route?.phase else { continue }
            let expected = step == .authVerification ? OnboardingPhase.auth : step
            if user == nil, resumed > step, resumed.isMidOnboarding {
                violations.append(jumpedAhead(run, left: left, kill: kill, relaunch: relaunch, first: first, resumed: resumed))
                continue
            }
            guard resumed < expected else { continue }
            violations.append(Violation(
                oracle: name, at: first.time,
                message: "The app was killed at \(kill.time) on \(step.rawValue) and the next launch showed \(resumed.rawValue): "
                    + "progress went back. Cache each step as it completes\(user == nil ? ", also before sign-in," : "") and resume "
                    + "there (seed 003: \"Resume from where they left off\").",
                excerpt: run.lines([left.index, kill.index, relaunch.index, first.index])))
        }
        return violations
    }

    /// Before sign-in only the device knows the user's progress, and the step they were on is the
    /// one they chose (Back included): a resume past it skips a step they went back to.
    private func jumpedAhead(_ run: RunObservation, left: (index: Int, time: SimulationInstant, state: ScreenState),
                             kill: RunObservation.Event, relaunch: RunObservation.Event,
                             first: (index: Int, time: SimulationInstant, state: ScreenState), resumed: OnboardingPhase) -> Violation {
        let step = left.state.route.map(\.description) ?? "a step"
        return Violation(oracle: name, at: first.time,
                         message: "The app was killed at \(kill.time) on \(step), before sign-in, and the next launch showed "
                            + "\(resumed.rawValue): a step the user had gone back to was skipped. Cache the step the user is on, "
                            + "also when they go back (seed 003: \"Resume from where they left off\").",
                         excerpt: run.lines([left.index, kill.index, relaunch.index, first.index]))
    }
}
