import SimKernel
import AppVocabulary

/// Starting work takes nothing off the screen (seed 004: the main tab shows the user's pickups
/// and refreshes them, "Offline launch shows cached main view"; 003: the phone keeps what the
/// user saw; 000 Pitfall 10: a spinner is for the request in flight, not a blank in its place).
///
/// Judged from the user's record: when a screen that stays on its route, for the same signed-in
/// user, in the foreground, starts to wait (a spinner or a loading view comes up), it still shows
/// the content it showed (the user's list: `contentOwner`) and every choice it listed: a spinner
/// beside the list, not instead of it. A reload that swaps the user's pickups for a spinner and
/// puts them back is a flicker; if the reload then fails, only the error is left where the list
/// was (`failureKeepsWhatWasShown` judges that instant alone, and sees no list to lose). Not
/// judged when the user asked for the screen to change: a tap of role back, start over, sign-out
/// or cancel since the content last showed.
public struct WorkKeepsWhatWasShown: Oracle {
    public let name = "workKeepsWhatWasShown"
    public let summary = "starting work takes no content or choice off the screen the user stays on: a spinner beside the list, not instead of it"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var shown: (index: Int, state: ScreenState)?
        var askedForChange = false
        let view = run.events([.screen, .userAction, .launched, .killed])
        for event in view.places {
            switch view[event] {
            case .userAction:
                switch run.role(ofTapAt: event) {
                case .back, .startOver, .signOut, .confirmSignOut, .cancel: askedForChange = true
                default: break
                }
            case .screen(let state):
                defer {
                    shown = (event.index, state)
                    if state.contentOwner != nil || !state.choices.isEmpty { askedForChange = false }
                }
                guard let before = shown, !askedForChange, state.spinner != nil || state.loadingScreen != nil,
                      before.state.contentOwner != nil || !before.state.choices.isEmpty,
                      state.foreground, before.state.foreground, let route = state.route, route == before.state.route,
                      run.signedInUser(atIndex: event.index) == run.signedInUser(atIndex: before.index) else { continue }
                if let owner = before.state.contentOwner, state.contentOwner == nil {
                    return [violation(run, route: route, lost: "the list of \(owner)", waiting: state, before: before.index, at: view.recorded(event))]
                }
                if let gone = before.state.choices.first(where: { !state.choices.contains($0) }) {
                    return [violation(run, route: route, lost: "the choice \"\(gone)\"", waiting: state, before: before.index, at: view.recorded(event))]
                }
            default:
                (shown, askedForChange) = (nil, false)
            }
        }
        return []
    }

    private func violation(_ run: RunObservation, route: Route, lost: String, waiting: ScreenState,
                           before: Int, at screen: RunObservation.Event) -> Violation {
        let wait = waiting.loadingScreen.map { "the loading view \($0)" } ?? waiting.spinner.map { "the spinner \($0)" } ?? "a spinner"
        return Violation(oracle: name, at: screen.time,
                         message: "At \(screen.time) \(route) put \(wait) up instead of \(lost): starting work took what the user "
                            + "was shown off the screen, though nothing about it changed. Keep it and show the spinner beside it "
                            + "(seed 004: the main tab keeps the user's pickups; 000 Pitfall 10: the spinner is for the request).",
                         excerpt: run.lines([before, screen.index]))
    }
}
