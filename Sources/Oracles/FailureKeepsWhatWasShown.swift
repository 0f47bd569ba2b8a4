import SimKernel
import AppVocabulary

/// A failure adds its error; it takes nothing the user was shown off the screen (seed 002 §1: on
/// failure "Stay on current phase" and show the error; seed 004: "Offline launch shows cached
/// main view"; 003: the phone keeps what the user saw).
///
/// Judged from the user's record: in the instant a request's failure comes back, a screen that
/// stays on its route, for the same signed-in user, in the foreground, still shows the content it
/// showed (the user's list: `contentOwner`) and every choice it listed. A failed reload that
/// wipes the list leaves only "Couldn't load…" where the user's pickups were, although nothing
/// about them changed; a failed save that empties the options leaves nothing to choose again.
/// A sign-out or another user's sign-in in that instant (a refused session ends it) is a cause.
public struct FailureKeepsWhatWasShown: Oracle {
    public let name = "failureKeepsWhatWasShown"
    public let summary = "a failed request takes no content or choice off the screen the user stays on"
    /// A promise of any app's screens (content, choices and requests are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var shown: (index: Int, state: ScreenState)?
        var failure: (index: Int, time: SimulationInstant, outcome: String)?
        let view = run.events([.screen, .responseReceived, .launched, .killed])
        for event in view.places {
            switch view[event] {
            case .responseReceived(_, _, let outcome):
                failure = outcome == "ok" ? nil : (event.index, event.time, outcome)
            case .screen(let state):
                defer { shown = (event.index, state) }
                guard let before = shown, let failed = failure, failed.time == event.time, failed.index > before.index,
                      state.foreground, let route = state.route, route == before.state.route,
                      run.signedInUser(atIndex: event.index) == run.signedInUser(atIndex: before.index),
                      state.spinner == nil, state.loadingScreen == nil else { continue }
                if let owner = before.state.contentOwner, state.contentOwner == nil {
                    return [violation(run, route: route, lost: "the list of \(owner)", failed: failed, before: before.index, at: view.recorded(event))]
                }
                if let gone = before.state.choices.first(where: { !state.choices.contains($0) }) {
                    return [violation(run, route: route, lost: "the choice \"\(gone)\"", failed: failed, before: before.index, at: view.recorded(event))]
                }
            default:
                (shown, failure) = (nil, nil)
            }
        }
        return []
    }

    private func violation(_ run: RunObservation, route: Route, lost: String,
                           failed: (index: Int, time: SimulationInstant, outcome: String),
                           before: Int, at screen: RunObservation.Event) -> Violation {
        Violation(oracle: name, at: screen.time,
                  message: "At \(screen.time) \(route) took \(lost) off the screen when a request failed (\(failed.outcome)): "
                    + "the failure changed nothing the user had, yet what they were shown is gone. Keep it and show the error "
                    + "beside it (seed 002 §1: stay on the screen and show the error; 004: the cached view stays).",
                  excerpt: run.lines([before, failed.index, screen.index]))
    }
}
