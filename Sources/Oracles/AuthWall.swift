import SimKernel
import AppVocabulary

/// The auth wall (seed 004: "Auth wall: user must sign in before accessing any app content";
/// "Sign Out … clears Keychain and routes back to WelcomeAuthView").
///
/// The main app is never on screen while nobody is signed in: not after a sign-out, not after an
/// account loss, not at a launch without a session.
public struct AuthWall: Oracle {
    public let name = "authWall"
    public let summary = "the main app is never on screen without a signed-in user"
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Judged by the record of who is signed in, which an app that signs users in keeps (its
        // adapter's `signedInUser`): a run without it (a door's keypad, an app with no accounts)
        // has no wall to judge.
        guard !run.events([.signedIn, .signedOut]).isEmpty else { return [] }
        // A main screen shown with nobody signed in…
        for screen in run.screens where screen.state.route?.kind == .main && run.signedInUser(atIndex: screen.index) == nil {
            let signOut = run.events([.signedOut]).between(after: -1, before: screen.index).last
            return [violation(at: screen.time, signOut: signOut, screen: screen.index, in: run)]
        }
        // …or a main screen that stays up through a sign-out (the screen does not change, so no
        // new screen event is recorded): judged at the end of the sign-out's instant.
        for signOut in run.events([.signedOut]) {
            guard let shown = run.screen(atTime: signOut.time), shown.state.route?.kind == .main,
                  run.signedInUser(atIndex: run.lastIndex(atOrBefore: signOut.time)) == nil else { continue }
            return [violation(at: signOut.time, signOut: signOut, screen: shown.index, in: run)]
        }
        return []
    }

    private func violation(at time: SimulationInstant, signOut: RunObservation.Event?, screen: Int, in run: RunObservation) -> Violation {
        Violation(oracle: name, at: time,
                  message: "The main app was on screen at \(time) with nobody signed in"
                    + (signOut.map { " (signed out at \($0.time))" } ?? "") + ". Route to sign-in the moment the "
                    + "session goes: no app content without a session (seed 004).",
                  excerpt: run.lines((signOut.map { [$0.index] } ?? []) + [screen]))
    }
}
