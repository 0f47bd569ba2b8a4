import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Email preserved (seed 002 §6: "If the user actually just wanted to go back … they have to retype").
///
/// After "use a different email", the auth screen shows the address the verification screen had.
public struct EmailPreserved: Oracle {
    public let name = "emailPreserved"
    public let summary = "back from the code screen, the auth screen's email field is pre-filled"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        run.events([.userAction]).compactMap { event in
            guard case .userAction(.useDifferentEmail, _) = event.event,
                  let before = run.screen(atIndex: event.index), !before.state.emailField.isEmpty,
                  let auth = run.screens(after: event.index, through: .max).first(where: { $0.state.route == .onboarding(.auth) }),
                  auth.state.emailField != before.state.emailField else { return nil }
            return Violation(oracle: name, at: auth.time,
                             message: "Back from the code screen the email field showed \"\(auth.state.emailField)\" "
                                + "instead of \"\(before.state.emailField)\". Keep the pending email and pre-fill it.",
                             excerpt: run.lines([before.index, event.index, auth.index]))
        }
    }
}
