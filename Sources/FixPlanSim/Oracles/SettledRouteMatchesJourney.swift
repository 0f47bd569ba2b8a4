import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Settled route matches the backend (seed 002 §4: "A user who made progress on another device or
/// whose local state is stale gets stuck"; seed 003: "Backend is source of truth").
///
/// A launch with a session but no readable cache settles (its first route after the loading
/// screen) at the phase the backend journey resumes at, unless the backend could not be asked
/// (then onboarding from the intro is the documented fallback).
public struct SettledRouteMatchesJourney: Oracle {
    public let name = "settledRouteMatchesJourney"
    public let summary = "after a launch without cache, the route the app settles on matches the backend journey"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        run.launches.compactMap { launch in
            guard let user = launch.sessionUser, !launch.cacheHit,
                  let settled = run.screens(during: launch).first(where: { $0.state.route != nil && $0.state.route?.kind != .launch }),
                  // The journey as the backend had it when it answered the launch check (a queued
                  // push may move it on while the answer travels back).
                  let journey = run.fixPlanJourney(of: user, atIndex: run.lastJourneyAnswer(after: launch.startIndex, before: settled.index) ?? settled.index) else {
                return nil
            }
            let expected: Route = journey.resumePhase == .complete ? .main : .onboarding(journey.resumePhase)
            guard settled.state.route != expected else { return nil }
            // Asked but got no journey: falling back to onboarding from the intro is the documented behaviour.
            let window = run.events([.requestSent, .responseReceived]).between(after: launch.startIndex, before: settled.index)
            let asked = window.contains { if case .requestSent(_, _, .journey) = $0.event { true } else { false } }
            let answered = window.contains { if case .responseReceived(_, .journey, "ok") = $0.event { true } else { false } }
            if asked && !answered { return nil }
            return Violation(oracle: name, at: settled.time,
                             message: "After launch \(launch.number) with a live session and no cache, the app settled on "
                                + "\(settled.state.route!) while the backend journey (\(journey)) resumes at \(expected). "
                                + "Ask the backend and route by its journey (seed 002 §4).",
                             excerpt: run.excerpt(from: launch.startIndex, to: settled.index))
        }
    }

}
