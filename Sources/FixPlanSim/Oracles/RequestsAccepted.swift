import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Requests accepted (seed 002 §9: "The resend call uses `shouldCreateUser: true` which may
/// conflict with the original `shouldCreateUser: false` call").
///
/// The backend never rejects a request the app built: no 4xx answer that the scenario did not
/// inject, other than 401 for a code the user mistyped, and 422 "Signups not allowed" for a
/// log-in with an email that has no account (the user's mistake: they tapped Log in, the app
/// rightly asked not to create an account), nor a strict backend's 422 for a request whose flag
/// is right for the flow the user chose (Get started: create; Log in: do not) while an abandoned
/// sign-in of the other kind for that email was still pending (the backend's memory, not the
/// app's request; 002 §9's conflict is a resend that asks otherwise than its own sign-in).
public struct RequestsAccepted: Oracle {
    public let name = "requestsAccepted"
    public let summary = "the backend never rejects a request the app built (no 4xx it was not told to send, except a wrong code)"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var injected: [Int] = []
        var violations: [Violation] = []
        let view = run.events([.faultApplied, .responseReceived])
        for event in view.places {
            switch view[event] {
            case .faultApplied(let id, _, _):
                injected.append(id)
            case .responseReceived(let id, let endpoint, let outcome):
                guard !injected.contains(id), let code = Self.status(outcome), (400...499).contains(code), code != 401 else { continue }
                if endpoint == .sendOTP && Self.answersTheUsersChoice(outcome, loggingIn: Self.loggingIn(before: event.index, in: run)) {
                    continue
                }
                let sent = run.events([.requestSent]).first { if case .requestSent(id, _, _) = $0.event { true } else { false } }
                violations.append(Violation(oracle: name, at: event.time,
                                            message: "The backend rejected \(endpoint.rawValue) #\(id) with \(outcome): the app "
                                                + "built a request the backend does not accept (seed 002 §9).",
                                            excerpt: run.lines((sent.map { [$0.index] } ?? []) + [event.index])))
            default:
                break
            }
        }
        return violations
    }

    /// Whether the user's last choice on the intro before trace index `index` was Log in (else Get
    /// started, or none). Asked only for a rejected code request, which is rare.
    static func loggingIn(before index: Int, in run: RunObservation) -> Bool {
        let choice = run.events([.userAction]).between(after: -1, before: index).last { event in
            if case .userAction(let action, _) = event.event { action == .logIn || action == .getStarted } else { false }
        }
        if case .userAction(.logIn, _)? = choice?.event { return true }
        return false
    }

    /// A code request's 422 that answers what the user chose, not what the app built: a log-in
    /// for an email with no account, or a flag right for the chosen flow meeting an abandoned
    /// sign-in of the other kind.
    static func answersTheUsersChoice(_ outcome: String, loggingIn: Bool) -> Bool {
        (loggingIn && TextSearch.contains(outcome, noSuchAccount))
            || TextSearch.contains(outcome, loggingIn ? logInAfterPendingSignUp : signUpAfterPendingLogIn)
    }

    /// The backend's answer to a log-in for an email with no account.
    static let noSuchAccount = "Signups not allowed for otp"
    /// A strict backend's answer to a request to create the account while a log-in is pending.
    static let signUpAfterPendingLogIn = "shouldCreateUser true conflicts with the pending sign-in"
    /// … and to a request not to create it while a sign-up is pending.
    static let logInAfterPendingSignUp = "shouldCreateUser false conflicts with the pending sign-in"

    static func status(_ outcome: String) -> Int? {
        TextSearch.status(ofOutcome: outcome)
    }
}
