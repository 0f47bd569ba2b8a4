import SimKernel
import AppVocabulary

/// A session ends only when its user signs out or their own account is lost (seed 003: the
/// session is kept "until sign-out"; "Account loss (deletion/password reset): Clear local
/// onboarding cache"; seed 004: sign-out is the user's, confirmed).
///
/// Every sign-out follows the user's own tap of Sign out, or a loss of the signed-in user's own
/// account (deleted, or its sessions revoked) on the backend: never another user's refused session
/// (a push an earlier user left in the queue), never a failure that says nothing about the account.
/// A refresh token the backend refused as reused, after a rotation whose answer never reached the
/// app (`RunObservation.rotationLosses`), is the backend ending the session too.
/// Judged by the world's record of the account, not by what the app concluded from its requests.
public struct SessionEndsOnlyAsPromised: Oracle {
    public let name = "sessionEndsOnlyAsPromised"
    public let summary = "a user is signed out only by their own tap or the loss of their own account"
    /// A promise of any app's sessions.
    public var isShared: Bool { true }


    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        for signOut in run.events([.signedOut]) {
            guard let user = run.signedInUser(atIndex: signOut.index - 1) else { continue }
            let tapped = run.events([.userAction]).between(after: -1, before: signOut.index).last.map { tap in
                guard case .userAction(let action, _) = tap.event else { return false }
                let role = run.roles.role(of: action)
                return (role == .signOut || role == .confirmSignOut) && tap.time == signOut.time
            } ?? false
            // The backend ended it: the account was lost, or a refresh token rotated by an answer
            // the app never got was refused as reused (a kill or a timeout mid-rotation).
            let lost = run.losses(of: user).contains { $0.index < signOut.index }
                || run.rotationLosses(of: user).contains { $0.index < signOut.index }
            guard !tapped, !lost else { continue }
            return [Violation(oracle: name, at: signOut.time,
                              message: "At \(signOut.time) \(user) was signed out without tapping Sign out, and their account "
                                + "was never lost: end a session only at the user's word or when the backend refuses that "
                                + "user's own session (seeds 003, 004).",
                              excerpt: run.excerpt(from: max(0, signOut.index - 8), to: signOut.index))]
        }
        return []
    }
}
