import SimKernel
import AppVocabulary
import Oracles

/// Trendy moves on only with what the backend stored (001: "the ViewModel needs to coordinate
/// writes with backend profile updates"):
/// - the permission cards come after sign-up only once the backend has created the account;
/// - home comes after the finish screen only once the backend's profile says onboarding is complete.
/// Judged by the backend's own record (`backend: …` in the trace), not by what the app believed:
/// an answer lost on the way or an error status is no account and no completed profile.
struct FlowFollowsTheBackend: Oracle {
    let name = "flowFollowsTheBackend"
    let summary = "past sign-up only with an account the backend created; home after finish only with the backend's profile complete"
    var apps: [AppID] { [TrendyApp.app] }

    func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var hasAccount = false, profileComplete = false
        var previous: Route?
        let afterSignUp = [TrendyScreen.route(of: .notifications), TrendyScreen.route(of: .location), TrendyScreen.route(of: .finish)]
        for event in run.events([.note, .screen, .killed]) {
            switch event.event {
            case .killed: previous = nil  // a launch opens where the device says, not by a step of this one
            case .note(TrendyBackend.accountCreated): hasAccount = true
            case .note(TrendyBackend.onboardingComplete): profileComplete = true
            case .screen(let state):
                guard let route = state.route else { continue }
                defer { previous = route }
                guard let from = previous, from != route else { continue }
                if from == TrendyScreen.route(of: .signUp), afterSignUp.contains(route), !hasAccount {
                    return [violation(event, "\(route) showed after sign-up at \(event.time), but the backend had created no account")]
                }
                if from == TrendyScreen.route(of: .finish), route.kind == .main, !profileComplete {
                    return [violation(event, "home showed after the finish screen at \(event.time), but the backend's profile "
                                      + "never took onboarding_complete")]
                }
            default:
                continue
            }
        }
        return []
    }

    private func violation(_ event: RunObservation.Event, _ what: String) -> Violation {
        Violation(oracle: name, at: event.time,
                  message: "\(what.prefix(1).uppercased() + what.dropFirst()): move on only once the backend has answered that it "
                    + "stored the step (seed 001: coordinate writes with backend profile updates).", excerpt: [])
    }
}
