import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Signed in stays signed in (seed 003: the session is kept "until sign-out"; seed 000 Pitfall 12:
/// "Can't go back after auth").
///
/// While a session stands, the intro and the email screen never show: a user who is signed in
/// (by a sign-in, or by the session a launch restored) is never asked to sign in again, whatever
/// step the journey resumes them at and whichever way they go from there. A launch whose journey
/// check failed is left out: seed 003 decides "Timeout fallback: Show onboarding if backend check
/// fails or times out", from its start.
public struct SignedInStaysSignedIn: Oracle {
    public let name = "signedInStaysSignedIn"
    public let summary = "a signed-in user never sees the intro or the email screen again until they sign out"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        for screen in run.screens where Self.asksToSignIn(screen.state) {
            guard let user = run.signedInUser(atIndex: screen.index), !run.inFallbackLaunch(screen.index) else { continue }
            let signIn = run.events([.signedIn]).between(after: -1, before: screen.index).last
            return [Violation(oracle: name, at: screen.time,
                              message: "\(user) is signed in but the app shows \(screen.state.route.map(\.description) ?? "")"
                                + ", asking them to sign in again. Route a signed-in user past the sign-in steps, and "
                                + "give no Back into them (seed 000 Pitfall 12, seed 003 session).",
                              excerpt: run.lines((signIn.map { [$0.index] } ?? []) + [screen.index]))]
        }
        return []
    }

    /// The intro (Get started, Log in) or the email screen, not under a loading screen.
    static func asksToSignIn(_ screen: ScreenState) -> Bool {
        guard screen.loadingScreen == nil, let phase = screen.route?.phase else { return false }
        return phase == .intro || phase == .auth
    }
}
