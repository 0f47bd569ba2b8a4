import SimKernel
import AppVocabulary

/// Analytics follow the user's record (seed 000 Pitfall 1: "onboarding_started analytics events
/// fire incorrectly for returning users"; the checklist: "Analytics accurate - Only one
/// onboarding_started per new user"; Pitfall 5: "Analytics show same user completing onboarding
/// multiple times").
///
/// Judged from the events the backend took (`ModelEvent.analytics`, recorded by the app's mock
/// backend as it receives each one) against what the user did, for every app that declares the
/// cause of its events (`AppRoles(analytics:)`): a new user's start event reaches the backend only
/// after someone started as a new user in this run (a tap of a `.start(returning: false)` action:
/// Get started), never for a user who only chose Log in; a completion only after the user reached
/// the main app (a screen of route kind `.main`); and each reaches it at most once per user. A run
/// that begins on an install with history (stored caches at its first launch) may deliver events
/// its user caused before the run: a start or a completion there is not judged for its cause.
/// A queued event the backend takes late still has its cause earlier in the run.
public struct AnalyticsFollowTheUser: Oracle {
    public let name = "analyticsFollowTheUser"
    public let summary = "a start event only after a new user's start, a completion only after the main app, each once per user"
    /// A promise of any app that declares the causes of its analytics events.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let roles = run.roles
        guard !roles.analyticsCauses.isEmpty else { return [] }
        var historyBefore: Bool?
        var newUserStart: Int?, returningStart: Int?, mainShown: Int?
        var taken: [(user: String, event: String, index: Int, time: SimulationInstant)] = []
        let view = run.events([.storedCaches, .userAction, .screen, .analytics])
        for event in view.places {
            switch view[event] {
            case .storedCaches(let keys):
                if historyBefore == nil { historyBefore = !keys.isEmpty }
            case .userAction:
                guard case .start(let returning) = run.role(ofTapAt: event) else { continue }
                if returning { returningStart = returningStart ?? event.index } else { newUserStart = newUserStart ?? event.index }
            case .screen(let state):
                if mainShown == nil, state.route?.kind == .main { mainShown = event.index }
            case .analytics(let user, let name):
                guard let cause = roles.cause(ofAnalytics: name) else { continue }
                if let first = taken.first(where: { $0.user == user && $0.event == name }) {
                    return [Violation(oracle: self.name, at: event.time,
                                      message: "The backend took '\(name)' for \(user) twice: at \(first.time) "
                                        + "and at \(event.time). Send it once per user, behind a one-time guard (000 Pitfall 3: "
                                        + "\"Duplicate 'onboarding_started' analytics events\"; the checklist: \"Only one "
                                        + "onboarding_started per new user\").",
                                      excerpt: run.lines([first.index, event.index]))]
                }
                taken.append((user, name, event.index, event.time))
                guard historyBefore != true else { continue }
                switch cause {
                case .newUserStart where newUserStart == nil:
                    let who = returningStart != nil ? "the user only chose to log in, as a returning user" : "no one had started as a new user"
                    return [Violation(oracle: self.name, at: event.time,
                                      message: "The backend took '\(name)' for \(user) at \(event.time), but \(who): a new user's "
                                        + "start event for a user who never started (000 Pitfall 1: \"onboarding_started analytics "
                                        + "events fire incorrectly for returning users\"). Send it from the new user's start only.",
                                      excerpt: run.lines([returningStart, event.index].compactMap { $0 }))]
                case .completion where mainShown == nil:
                    return [Violation(oracle: self.name, at: event.time,
                                      message: "The backend took '\(name)' for \(user) at \(event.time), but the user had not "
                                        + "reached the main app: a completion before the end of onboarding counts a user who "
                                        + "did not finish (000: \"Analytics show same user completing onboarding multiple "
                                        + "times\"). Send it when the user reaches the main app.",
                                      excerpt: run.lines([event.index]))]
                default:
                    continue
                }
            default:
                continue
            }
        }
        return []
    }
}
