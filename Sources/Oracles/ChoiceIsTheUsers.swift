import SimKernel
import AppVocabulary

/// A choice on screen is the user's own (002 §8: `confirmSelection()` saves the goal the user
/// selected on GoalReviewView).
///
/// Goal review offers Confirm only once the user has selected a goal on this visit of the screen:
/// a selection left over from before (another user's, before a sign-out; an earlier visit) is not a
/// choice this user made, and Confirm would save it for them. And Select is offered only with
/// the goals listed: a pick among goals the screen does not show is no choice at all.
///
/// On any app's screen that lists choices, a pick leaves the others on offer: a tap that picks one
/// of the listed choices does not, in its own instant, take any listed choice off the screen while
/// the user stays on it (a pick is not a confirmation; tenth batch: the goal list folded down to the
/// first goal tapped, and the user could not change their mind).
public struct ChoiceIsTheUsers: Oracle {
    public let name = "choiceIsTheUsers"
    public let summary = "Confirm only after the user selected a goal on this visit of goal review; a pick leaves the other choices on offer"
    /// A promise of any app whose screens list choices (goal review's rules name its route).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        if let folded = pickWithdrewChoices(run) { return [folded] }
        var visitStart: Int?
        var onGoalReview = false
        var selected = false
        var selections = run.events([.userAction, .launched]).makeIterator()
        var next = selections.next()
        for screen in run.screens {
            while let event = next, event.index < screen.index {
                switch event.event {
                case .userAction(.selectGoal, _) where onGoalReview: selected = true
                case .launched: onGoalReview = false
                default: break
                }
                next = selections.next()
            }
            let here = screen.state.route == .onboarding(.goalReview)
            if here && !onGoalReview {
                visitStart = screen.index
                selected = false
            }
            onGoalReview = here
            if here, screen.state.actions.contains(.selectGoal), screen.state.choices.isEmpty, screen.state.spinner == nil {
                return [Violation(oracle: name, at: screen.time,
                                  message: "Goal review offered to select a goal at \(screen.time) with no goal listed: the user "
                                    + "can only choose among the goals they see (seed 002 §8: the options GoalReviewView shows).",
                                  excerpt: run.lines([screen.index]))]
            }
            guard here, screen.state.actions.contains(.confirmGoal), !selected else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "Goal review offered Confirm at \(screen.time) although the user had selected no goal "
                                + "since the screen appeared: a selection left from before would be saved as theirs. Start each "
                                + "visit with nothing selected (seed 002 §8).",
                              excerpt: run.lines([visitStart, screen.index].compactMap { $0 }))]
        }
        return []
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
