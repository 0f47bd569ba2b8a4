import SimKernel
import AppVocabulary

/// A choice on screen is the user's own (002 §8: `confirmSelection()` saves the goal the user
/// selected on GoalReviewView).
///
/// Goal review offers Confirm only once the user has selected a goal on this visit of the screen:
/// a selection left over from before (another user's, before a sign-out; an earlier visit) is not a
/// choice this user made, and Confirm would save it for them. And Select is offered only with
/// the goals listed: a pick among goals the screen does not show is no choice at all.
public struct ChoiceIsTheUsers: Oracle {
    public let name = "choiceIsTheUsers"
    public let summary = "Confirm is offered only after the user selected a goal on this visit of goal review"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
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
}
