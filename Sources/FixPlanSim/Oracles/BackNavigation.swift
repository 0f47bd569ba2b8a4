import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Back navigation (seed 000 Pitfall 12: "Back navigation behavior is inconsistent - sometimes
/// goes back a step, sometimes not available, sometimes exits onboarding entirely";
/// `case .createEventType: return nil  // Can't go back after auth`).
///
/// A tap on Back leaves the user on an onboarding step no later than the one they were on, and,
/// once they are signed in, never on a step before sign-in finished (intro to the code screen).
/// In a launch that fell back to onboarding (seed 003's timeout fallback) the app starts over at
/// the intro, and Back is judged as for a user who is not signed in.
public struct BackNavigation: Oracle {
    public let name = "backNavigation"
    public let summary = "back stays in onboarding, never moves forward, and never returns to sign-in once signed in"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        let taps = run.events([.userAction, .killed])
        for (position, tap) in taps.enumerated() {
            guard case .userAction(.back, _) = tap.event,
                  let from = run.screen(atIndex: tap.index)?.state.route?.phase else { continue }
            // What the tap led to: the screen at the end of its instant, before the next tap or kill.
            let next = taps.dropFirst(position + 1).first?.index ?? .max
            guard let after = run.screen(atIndex: min(run.lastIndex(atOrBefore: tap.time), next - 1)),
                  after.index > tap.index else { continue }
            // A launch that fell back to onboarding (seed 003) treats its user as not signed in.
            let signedIn = run.signedInUser(atIndex: tap.index) != nil && !run.inFallbackLaunch(tap.index)
            let problem: String?
            switch (after.state.route, after.state.route?.phase) {
            case (_, let to?) where to > from: problem = "moved forward to \(to.rawValue)"
            case (_, let to?) where signedIn && to <= .authVerification:
                problem = "returned to \(to.rawValue), a sign-in step, after the user had signed in (\"Can't go back after auth\")"
            case (_, _?): problem = nil
            case (let route?, nil): problem = "left onboarding for \(route)"
            case (nil, nil): problem = nil
            }
            guard let problem else { continue }
            violations.append(Violation(oracle: name, at: after.time,
                                        message: "Back on \(from.rawValue) \(problem). Give each step one `previous`, and none "
                                            + "once signed in (seed 000 Pitfall 12).",
                                        excerpt: run.lines([tap.index, after.index])))
        }
        return violations
    }
}
