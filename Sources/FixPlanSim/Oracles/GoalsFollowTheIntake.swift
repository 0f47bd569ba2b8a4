import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Goals are generated only from a finished intake (seed 002 §1: `completeLogin()` starts goal
/// generation only "else if journey.intakeStatus == "complete"", and a returning user whose intake
/// is not finished goes back to the intake; §2 generates the goals from the intake's answers).
///
/// A goal generation request sent for a signed-in user is a violation when, at that moment, the
/// user has not finished the intake on this install (the screen after the intake never shown since
/// the last reinstall) and the backend's record of the account does not have it finished either.
/// Judged from the user's record and the backend's, never the app's cache.
public struct GoalsFollowTheIntake: Oracle {
    public let name = "goalsFollowTheIntake"
    public let summary = "goals are generated only after the intake was finished, on this install or on the backend"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var intakeFinishedHere: Int?
        let view = run.events([.reinstalled, .screen, .requestSent])
        for event in view.places {
            switch view[event] {
            case .reinstalled:
                intakeFinishedHere = nil
            case .screen(let state):
                if intakeFinishedHere == nil, state.route == .onboarding(.intakeComplete) { intakeFinishedHere = event.index }
            case .requestSent(_, _, .generateGoals):
                guard intakeFinishedHere == nil, let user = run.signedInUser(atIndex: event.index),
                      let journey = run.fixPlanJourney(of: user, atIndex: event.index), !journey.intakeComplete else { continue }
                return [Violation(
                    oracle: name, at: event.time,
                    message: "Goals were generated for \(user) at \(event.time), but the intake they are generated from was "
                        + "not finished: not on this install, and the backend's journey (\(journey)) has it pending. "
                        + "A returning user whose intake is not done goes back to the intake (seed 002 §1).",
                    excerpt: run.lines([event.index]))]
            default:
                continue
            }
        }
        return []
    }
}
