import SimKernel
import AppVocabulary

/// A choice on screen is the user's own (002 §8: `confirmSelection()` saves the goal the user
/// selected on GoalReviewView).
///
/// For every app through its roles: a screen where the user picks (a route whose screen offers an
/// action of role `.choice`: goal review's Select) offers the action that sends the pick
/// (`.submit(.choice)`: Confirm) only once the user has picked on this visit of the screen: a
/// selection left over from before (another user's, before a sign-out; an earlier visit) is not a
/// choice this user made, and Confirm would save it for them. And a pick is offered only with
/// the options listed: a pick among options the screen does not show is no choice at all. A
/// selection kept from the same user's own earlier pick on this screen, among the same options (a
/// questionnaire's saved answer shown again after Back or a relaunch), is theirs: iOS apps keep it.
///
/// On any app's screen that lists choices, a pick leaves the others on offer: a tap that picks one
/// of the listed choices does not, in its own instant, take any listed choice off the screen while
/// the user stays on it (a pick is not a confirmation; tenth batch: the goal list folded down to the
/// first goal tapped, and the user could not change their mind).
public struct ChoiceIsTheUsers: Oracle {
    public let name = "choiceIsTheUsers"
    public let summary = "a choice is sent only after the user picked on this visit of its screen; a pick leaves the other choices on offer"
    /// A promise of any app whose screens list choices (read through the roles of its actions).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        if let folded = pickWithdrewChoices(run) { return [folded] }
        let picks = run.roles.actions { $0 == .choice }
        guard !picks.isEmpty else { return [] }
        let confirms = run.roles.actions { $0 == .submit(.choice) }
        var choiceRoutes: [Route] = []
        var visitStart: Int?
        var visitRoute: Route?
        var onChoiceScreen = false
        var selected = false
        /// Each pick the user made, on which screen, as whom: a selection the app keeps from the
        /// same user's earlier visit (an answer saved, shown again on Back) is still their own.
        var ownPicks: [(route: Route?, user: String?, choice: String)] = []
        let inputs = run.events([.userAction, .launched])
        var selections = inputs.places.makeIterator()
        var next = selections.next()
        var lastScreen: (index: Int, time: SimulationInstant, state: ScreenState)?
        for screen in run.screens {
            while let event = next, event.index < screen.index {
                switch inputs[event] {
                case .userAction(let action, let detail) where onChoiceScreen && picks.contains(action):
                    selected = true
                    ownPicks.append((lastScreen?.state.route, run.signedInUser(atIndex: event.index), ValidEmailAccepted.unquote(detail) ?? detail))
                case .launched: onChoiceScreen = false
                default: break
                }
                next = selections.next()
            }
            let offersPick = screen.state.actions.contains(where: picks.contains)
            if let route = screen.state.route, offersPick, !choiceRoutes.contains(route) { choiceRoutes.append(route) }
            let here = screen.state.route.map(choiceRoutes.contains) ?? false
            // A visit starts on entering a screen that lists choices, or another one (the next question).
            if here && (!onChoiceScreen || screen.state.route != visitRoute) {
                visitStart = screen.index
                visitRoute = screen.state.route
                selected = false
            }
            onChoiceScreen = here
            // The route's name only for a violation: read at every screen, it cost a lookup and a key path.
            var route: String { screen.state.route.map(\.description) ?? "The screen" }
            if here, offersPick, screen.state.choices.isEmpty, screen.state.spinner == nil {
                return [Violation(oracle: name, at: screen.time,
                                  message: "\(route) offered to pick at \(screen.time) with no option listed: the user "
                                    + "can only choose among the options they see (seed 002 §8: the options GoalReviewView shows).",
                                  excerpt: run.lines([screen.index]))]
            }
            defer { lastScreen = screen }
            guard here, !selected, let confirm = screen.state.actions.first(where: confirms.contains) else { continue }
            let user = run.signedInUser(atIndex: screen.index)
            if ownPicks.contains(where: { $0.route == screen.state.route && $0.user == user && screen.state.choices.contains($0.choice) }) { continue }
            if let user, Self.answeredBefore(user, beforeIndex: screen.index, in: run) { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "\(route) offered '\(confirm.rawValue)' at \(screen.time) although the user had selected no "
                                + "option since the screen appeared: a selection left from before would be saved as theirs. Start each "
                                + "visit with nothing selected (seed 002 §8).",
                              excerpt: run.lines([visitStart, screen.index].compactMap { $0 }))]
        }
        return []
    }

    /// Whether `user`'s account came into the run from before (seeded on the backend: what they
    /// answered on another device or install is on it) and no other user has signed in on this
    /// phone before `index`: an answer the app shows them is theirs.
    static func answeredBefore(_ user: String, beforeIndex index: Int, in run: RunObservation) -> Bool {
        let seeded = run.events([.accountSeeded]).contains { event in
            if case .accountSeeded(user, _, _) = event.event { return true }
            return false
        }
        guard seeded else { return false }
        return !run.events([.signedIn]).contains { event in
            if case .signedIn(let other) = event.event { return event.index < index && other != user }
            return false
        }
    }

    /// The first pick that, in its own instant, took a listed choice off the screen the user stayed on.
    /// Reads the taps (a dozen a run) and, for a pick only, the screens of its instant.
    func pickWithdrewChoices(_ run: RunObservation) -> Violation? {
        let stops = run.events([.userAction, .launched, .killed])
        for (order, tap) in stops.enumerated() {
            guard case .userAction(_, let detail) = tap.event, let on = run.screen(atIndex: tap.index),
                  !on.state.choices.isEmpty else { continue }
            let choice = ValidEmailAccepted.unquote(detail) ?? detail
            guard on.state.choices.contains(choice) else { continue }
            // The screens of the tap's instant, until the next tap, launch or kill.
            let next = order + 1 < stops.count ? stops[order + 1].index - 1 : Int.max
            for screen in run.screens(after: tap.index, through: min(next, run.lastIndex(atOrBefore: tap.time))) {
                guard screen.state.route == on.state.route else { break }
                guard screen.state.spinner == nil, screen.state.loadingScreen == nil,
                      let gone = on.state.choices.first(where: { !screen.state.choices.contains($0) }) else { continue }
                let route = screen.state.route.map(\.description) ?? "The screen"
                return Violation(oracle: name, at: screen.time,
                                 message: "\(route) took \"\(gone)\" off its list when the user picked \"\(choice)\": a pick "
                                    + "is not a confirmation, and a user who tapped the wrong one can no longer change their mind. "
                                    + "Keep every choice on offer until the user confirms (002 §8: select, then \"Continue with this goal\").",
                                 excerpt: run.lines([tap.index, screen.index]))
            }
        }
        return nil
    }
}
