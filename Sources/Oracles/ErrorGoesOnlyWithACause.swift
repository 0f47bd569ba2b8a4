import SimKernel
import AppVocabulary

/// An error the user was shown stays until something answers it (seed 002 §1: "Stay on current
/// phase" and show the error there, with a way to try again; seed 004: "Error message displays
/// inline below button").
///
/// Judged from the user's record: while the screen stays on one route, an error on it goes away
/// only with a cause the user could see or did: a tap of theirs, a new attempt (a request sent,
/// or an answer come back), a launch, a kill, a sign-in or sign-out, a trip to the background or
/// back. The connection coming back answers only an error that said the connection was the
/// trouble. An error that vanishes by itself tells the user the failure was dealt with when
/// nothing was: a list that failed to load stands as if current, with no word and no Retry.
public struct ErrorGoesOnlyWithACause: Oracle {
    public let name = "errorGoesOnlyWithACause"
    public let summary = "an error on screen goes only with a tap, a new attempt, or the end of what it was about"
    /// A promise of any app's screens (routes, errors, taps and requests are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    /// What can answer an error on screen, whatever it said.
    static let causes: ModelEvent.Kinds = [.userAction, .requestSent, .responseReceived, .launched, .killed,
                                            .signedIn, .signedOut, .backgrounded, .foregrounded]

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let causes = run.events(Self.causes)
        let reconnects = run.events([.connectivity])
        var previous: (index: Int, time: SimulationInstant, state: ScreenState)?
        // The first screen of the stretch that has shown the error on this route.
        var shownSince: (index: Int, time: SimulationInstant)?
        for screen in run.screens {
            defer {
                if let error = screen.state.errorText, let last = previous, last.state.errorText == error,
                   last.state.route == screen.state.route {
                    // Still the same error on the same screen: the stretch goes on.
                } else {
                    shownSince = screen.state.errorText == nil ? nil : (screen.index, screen.time)
                }
                previous = screen
            }
            guard let last = previous, let error = last.state.errorText, screen.state.errorText == nil,
                  let route = screen.state.route, route == last.state.route, let since = shownSince else { continue }
            // A cause after the screen before this one, or in the instant it was drawn (a tap can
            // redraw the screen with the error still up before its spinner takes the error's place),
            // never before the error showed, and at the latest in the instant the error went.
            let answered: (RunObservation.Event) -> Bool = { $0.time <= screen.time }
            if causes.between(after: since.index, before: .max).prefix(while: answered)
                .contains(where: { $0.index > last.index || $0.time >= last.time }) { continue }
            if ConnectionBlamedOnlyWhenItFailed.namesTheConnection(error) || ConnectionBlamedOnlyWhenItFailed.claimsNoConnectionNow(error),
               reconnects.between(after: last.index, before: .max).prefix(while: answered).contains(where: {
                   if case .connectivity(true) = $0.event { true } else { false }
               }) { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "At \(screen.time) the error \"\(error)\" that \(route) showed since \(since.time) went away "
                                + "with no tap, no new attempt and nothing else that answered it: the user reads the failure as "
                                + "dealt with when nothing was. Keep the error until the user acts or the app tries again "
                                + "(seed 002 §1: stay on the screen and show the error, with a way to try again).",
                              excerpt: run.lines([since.index, screen.index]))]
        }
        return []
    }
}
