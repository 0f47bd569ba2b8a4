import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Logout keeps progress (seed 003: "On logout: Keep onboarding cache — if user completed
/// onboarding, don't show again on re-login").
///
/// A user who finished onboarding, signed out and signed back in by code on the same device
/// never sees an onboarding step after that sign-in (the code screen aside), and the next cold
/// launch with their session finds their cache (a hit: no loading screen, no backend wait).
/// Not judged across an account loss (seed 003 clears the cache then), a reinstall or a
/// corrupted cache (from the sign-out on: one while signed out destroys what logout kept).
public struct LogoutKeepsProgress: Oracle {
    public let name = "logoutKeepsProgress"
    public let summary = "a finished user who signs out and back in never sees onboarding again, and their next launch is a cache hit"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let signOuts = run.events([.signedOut])
        guard !signOuts.isEmpty else { return [] }
        let signIns = run.signInsByCode()
        for signOut in signOuts {
            guard let user = run.signedInUser(atIndex: signOut.index - 1), run.completedOnboarding(user, atIndex: signOut.index),
                  !run.sessionRefused(user, liveAt: signOut.index - 1) else { continue }
            // The next sign-in by code of the same user.
            guard let back = signIns.first(where: { $0.event.index > signOut.index && $0.user == user })?.event else { continue }
            if let violation = onboardingAfter(back, of: user, in: run) ?? missedCache(after: back, signOut: signOut, of: user, in: run) {
                return [violation]
            }
        }
        return []
    }

    /// An onboarding step shown after the re-sign-in, before the user signs out again or the app dies.
    private func onboardingAfter(_ back: RunObservation.Event, of user: String, in run: RunObservation) -> Violation? {
        let end = run.events([.signedOut, .killed]).between(after: back.index, before: .max).first?.index ?? .max
        guard let shown = run.screens(after: back.index, through: end).first(where: {
            guard let step = $0.state.route?.phase else { return false }
            return step != .authVerification
        }) else { return nil }
        return Violation(oracle: name, at: shown.time,
                         message: "\(user) had finished onboarding, signed out and signed back in at \(back.time), and saw "
                            + "\(shown.state.route!) again. Keep the onboarding cache on logout and route a finished user to "
                            + "main (seed 003).",
                         excerpt: run.lines([back.index, shown.index]))
    }

    /// The next cold launch with the user's session after the re-sign-in, if it missed the cache.
    private func missedCache(after back: RunObservation.Event, signOut: RunObservation.Event, of user: String,
                             in run: RunObservation) -> Violation? {
        // The cache logout kept was gone before the sign-in: deleted with the app, or corrupted.
        guard run.events([.reinstalled, .cacheCorrupted]).between(after: signOut.index, before: back.index).isEmpty else { return nil }
        let view = run.events([.launchContext, .reinstalled, .cacheCorrupted, .signedOut]).between(after: back.index, before: .max)
        for event in view.places {
            switch view[event] {
            case .launchContext(user?, let hit):
                guard !hit else { return nil }
                return Violation(oracle: name, at: event.time,
                                 message: "\(user) had finished onboarding and signed back in at \(back.time), but the launch at "
                                    + "\(event.time) found no onboarding cache for them: keep it on logout (seed 003).",
                                 excerpt: run.lines([back.index, event.index]))
            case .launchContext: continue
            default: return nil
            }
        }
        return nil
    }
}
