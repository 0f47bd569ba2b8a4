import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Route by the journey after sign-in (seed 002 §1: `completeLogin()` routes by the journey —
/// "program active → main; goals complete → programReview; intake complete → processOverview";
/// seed 003: "Backend is source of truth — backend status always wins over local").
///
/// After every sign-in by code (at Verify, and at Retry after a login error) the route the app
/// settles on is never behind the backend journey the account had when it signed in: `main` for
/// an active program, otherwise the journey's resume step or later (a new user's own progress may
/// run ahead of a fresh account). When the user's own last choice on the intro was "Log in", the
/// route is exactly where the journey resumes, never ahead of it either: 002 §1's `completeLogin()`
/// routes a returning user by the journey alone (an intake not finished on the backend is the
/// intake, not goal generation). Not judged when the user acts first (other than Retry), the app
/// is killed or signed out first, or the app's last journey request before settling got no answer.
/// A launch's own check is `settledRouteMatchesJourney`'s.
public struct RouteByJourneyAfterSignIn: Oracle {
    public let name = "routeByJourneyAfterSignIn"
    public let summary = "after every sign-in by code the app settles where the backend journey resumes, never behind it"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        for (event, user, verified) in run.signInsByCode() {
            guard let journey = run.fixPlanJourney(of: user, atIndex: event.index),
                  let settled = settledRoute(after: event, in: run) else { continue }
            let expected: Route = journey.isComplete ? .main : .onboarding(journey.resumePhase)
            let loggingIn = chosenLogIn(before: event.index, in: run)
            let wrongForLogIn = loggingIn && !resumes(of: user, between: event.index, and: settled.index, in: run).contains(settled.route)
            guard isBehind(settled.route, expected) || wrongForLogIn else { continue }
            let kind = loggingIn ? "logged in (the user chose Log in)" : "signed in"
            violations.append(Violation(
                oracle: name, at: settled.time,
                message: "After \(user) \(kind) at \(event.time) the app settled on \(settled.route), but the backend journey "
                    + "(\(journey)) resumes at \(expected): route by the journey after every sign-in (seed 002 §1; 003 "
                    + "\"backend status always wins over local\").",
                excerpt: run.lines([verified.index, event.index, settled.index])))
        }
        return violations
    }

    /// Where the account's journey resumed at any moment from `first` to `last` (progress the
    /// sync queue delivers meanwhile moves it on, and the app may have asked after that).
    private func resumes(of user: String, between first: Int, and last: Int, in run: RunObservation) -> [Route] {
        var routes: [Route] = []
        if let journey = run.fixPlanJourney(of: user, atIndex: first) { routes.append(journey.isComplete ? .main : .onboarding(journey.resumePhase)) }
        let view = run.events([.journeyChanged]).between(after: first, before: last)
        for event in view.places {
            guard case .journeyChanged(user, let record) = view[event], let journey = Journey(record) else { continue }
            routes.append(journey.isComplete ? .main : .onboarding(journey.resumePhase))
        }
        return routes
    }

    /// True when the user's last choice on the intro before trace index `index` was "Log in".
    private func chosenLogIn(before index: Int, in run: RunObservation) -> Bool {
        let choice = run.events([.userAction]).between(after: -1, before: index).last { event in
            if case .userAction(let action, _) = event.event { return action == .logIn || action == .getStarted }
            return false
        }
        if case .userAction(.logIn, _)? = choice?.event { return true }
        return false
    }

    /// True when `route` is behind `expected` (or is the main app when the journey is not complete).
    private func isBehind(_ route: Route, _ expected: Route) -> Bool {
        switch (route, expected) {
        case (.main, .main): false
        case (_, .main), (.main, _): true
        default:
            if let shown = route.phase, let resume = expected.phase { shown < resume } else { false }
        }
    }

    /// The first route after the sign-in other than the code screen, if nothing else decided it first.
    private func settledRoute(after signIn: RunObservation.Event, in run: RunObservation)
        -> (route: Route, index: Int, time: SimulationInstant)?
    {
        guard let settled = run.screens(after: signIn.index, through: .max).first(where: {
            $0.state.route != nil && $0.state.route != .onboarding(.authVerification)
        }), let route = settled.state.route else { return nil }
        // Kind by kind (each a slice, no merged copy): oracles run on every explored seed.
        let view = run.events([.userAction]).between(after: signIn.index, before: settled.index)
        for event in view.places {
            if case .userAction(.retry, _) = view[event] { continue }
            return nil
        }
        guard run.events([.killed]).between(after: signIn.index, before: settled.index).isEmpty,
              run.events([.signedOut]).between(after: signIn.index, before: settled.index).isEmpty else { return nil }
        let journeyAnswer = run.events([.responseReceived]).between(after: signIn.index, before: settled.index).last { event in
            if case .responseReceived(_, .journey, _) = event.event { true } else { false }
        }
        if case .responseReceived(_, _, let outcome)? = journeyAnswer?.event, outcome != "ok" { return nil }
        return (route, settled.index, settled.time)
    }
}
