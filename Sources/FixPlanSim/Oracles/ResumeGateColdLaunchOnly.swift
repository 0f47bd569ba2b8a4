import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Resume gate on cold launch only (seed 002 §13: "The resume gate is designed for cold launches
/// (app killed + restarted), not foregrounding").
public struct ResumeGateColdLaunchOnly: Oracle {
    public let name = "resumeGateColdLaunchOnly"
    public let summary = "the resume gate appears after a cold launch, never after returning from the background"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        // Asked once: what ends a foreground's span. Each foreground then looks only at the
        // screens of its own span, so the check is linear in the length of the run.
        let boundaries = run.events([.userAction, .launched, .killed, .backgrounded, .foregrounded])
        for event in run.events([.foregrounded]) {
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
        return violations
    }
}
