import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Progress made on another device is not done again (seed 002 §4: "A user who made progress on
/// another device or whose local state is stale gets stuck", its fix advancing "if local state is
/// earlier than backend"; seed 003: "Backend is source of truth", "start on iPad, finish on
/// iPhone").
///
/// A signed-in relaunch that shows a cached step after sign-in may show it at once (no flash), but
/// when the user taps Resume, the step they land on is not behind the one the backend journey
/// resumes at (`main` for an active program). From the permission prompt on, the user is past
/// every step a journey names, and resumes where they were (see `noRouteFlash`). Judged against the journey the app could have learned: the one the backend had
/// when it answered the launch's last journey request before the tap, or, when the app never
/// asked while the device was online, the one it had at the launch. Not judged when the app asked
/// and had no answer yet, when the device was offline from the launch to the tap, or when the
/// user's first tap of the launch was not Resume.
public struct ResumeCatchesUpWithTheJourney: Oracle {
    public let name = "resumeCatchesUpWithTheJourney"
    public let summary = "Resume after a signed-in relaunch goes on from the backend's step when it is further than the cached one"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        run.launches.compactMap { launch in
            guard launch.cacheHit, let user = launch.sessionUser,
                  let first = run.screens(during: launch).first(where: { $0.state.route != nil && $0.state.route?.kind != .launch }),
                  let cached = first.state.route?.phase, cached > .authVerification, cached < .notificationPermission,
                  let tap = run.events([.userAction]).between(after: launch.startIndex, before: launch.endIndex).first,
                  case .userAction(.resume, _) = tap.event,
                  let journey = journeyKnowable(to: user, in: run, launch: launch, before: tap),
                  journey.resumePhase > cached,
                  let landed = run.screens(after: tap.index, through: launch.endIndex).first(where: { $0.state.route != nil }),
                  let step = landed.state.route?.phase, step < journey.resumePhase else {
                return nil
            }
            return Violation(oracle: name, at: landed.time,
                             message: "After launch \(launch.number), \(user) resumed at \(landed.state.route!) though the backend "
                                + "journey (\(journey)) resumes at \(journey.resumePhase == .complete ? Route.main : .onboarding(journey.resumePhase)): "
                                + "what the user did on another device is to be done again. On a signed-in relaunch, ask the "
                                + "backend and go on from the further step (seed 002 §4; 003 \"Backend is source of truth\").",
                             excerpt: run.excerpt(from: launch.startIndex, to: landed.index))
        }
    }

    /// The journey the app could have known when the user tapped: the backend's at its last `ok`
    /// journey answer in this launch; the launch's own if it never asked while online; nil if it
    /// asked and had no answer yet, or could not ask.
    private func journeyKnowable(to user: String, in run: RunObservation, launch: RunObservation.Launch,
                                 before tap: RunObservation.Event) -> Journey? {
        if let answeredAt = run.lastJourneyAnswer(after: launch.startIndex, before: tap.index) {
            return run.fixPlanJourney(of: user, atIndex: answeredAt)
        }
        let asked = run.events([.requestSent]).between(after: launch.startIndex, before: tap.index)
            .contains { if case .requestSent(_, _, .journey) = $0.event { true } else { false } }
        guard !asked, run.onlineStretch(from: launch.start, to: tap.time, atLeast: .milliseconds(1)) else { return nil }
        return run.fixPlanJourney(of: user, atIndex: launch.startIndex)
    }
}
