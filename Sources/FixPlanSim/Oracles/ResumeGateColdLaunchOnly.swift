import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Resume gate on cold launch only (seed 002 §13: "The resume gate is designed for cold launches
/// (app killed + restarted), not foregrounding"), and there (#64: "a cold launch into a middle
/// step offers the resume choice where the app promises one"): a cold launch that opens straight
/// on a step in the middle of onboarding, with no launch screen before it (the app resumes its
/// own cached step, not the backend's word), opens it behind the gate.
public struct ResumeGateColdLaunchOnly: Oracle {
    public let name = "resumeGateColdLaunchOnly"
    public let summary = "the resume gate appears after a cold launch into a middle step, never after returning from the background"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        // Asked once: what ends a foreground's span. Each foreground then looks only at the
        // screens of its own span, so the check is linear in the length of the run.
        let boundaries = run.events([.userAction, .launched, .killed, .backgrounded, .foregrounded])
        let view = run.events([.foregrounded])
        for event in view.places {
            let before = run.screen(atIndex: event.index)?.state.resumeGate ?? false
            let following = RunObservation.lastPosition(in: boundaries.count) { boundaries[$0].index <= event.index }.map { $0 + 1 } ?? 0
            let next = following < boundaries.count ? boundaries[following].index : Int.max
            guard !before, let gate = run.screens(after: event.index, through: next - 1).first(where: { $0.state.resumeGate })
            else { continue }
            violations.append(Violation(oracle: name, at: gate.time,
                                        message: "The resume gate appeared when the app came back from the background; "
                                            + "the user is exactly where they left off and needs no gate.",
                                        excerpt: run.lines([event.index, gate.index])))
        }
        if violations.isEmpty, let missing = coldLaunchWithoutTheGate(run) { violations.append(missing) }
        return violations
    }

    /// A cold launch whose first screen is a step in the middle of onboarding without the gate.
    private func coldLaunchWithoutTheGate(_ run: RunObservation) -> Violation? {
        let view = run.events([.launched])
        for launch in view.places {
            guard case .launched(_, cold: true) = view[launch],
                  let span = run.launches.first(where: { $0.startIndex == launch.index }),
                  let first = run.screens(during: span).first(where: { $0.state.route != nil }),
                  let phase = first.state.route?.phase, phase.isMidOnboarding, !first.state.resumeGate else { continue }
            return Violation(oracle: name, at: first.time,
                             message: "The cold launch at \(launch.time) opened straight on \(phase.rawValue), a step in the middle of "
                                + "onboarding, with no resume gate: after a cold start the user may have forgotten where they were, "
                                + "and Resume or Start over is theirs to choose (seed 002 §13).",
                             excerpt: run.lines([launch.index, first.index]))
        }
        return nil
    }
}
