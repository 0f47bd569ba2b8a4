import SimKernel
import AppVocabulary

/// A session survives the app's process (seed 003: "Force-quit mid-onboarding: Resume from where
/// they left off"; the session is kept "until sign-out"; seed 004: the session lives in the
/// Keychain, read at launch).
///
/// Once the user's sign-in was answered `ok` (a request of purpose `.signsIn`) and the app showed
/// them a screen past it (one of kind `.onboarding` or `.main`), a kill and a relaunch do not ask
/// them to sign in again: until they tap Sign out (`.signOut`, `.confirmSignOut`), their account is
/// lost on the backend, or the app is reinstalled, no launch after the kill shows a screen of kind
/// `.auth` before a sign-in of theirs is answered again; a launch whose journey check failed (not
/// answered `ok`) may fall back to onboarding from the start, as seed 003 decides. Judged by the wire and the user's taps,
/// so it holds for an app whose world records no sessions (a team's trial: a keychain write
/// deleted signed the user out at every kill, and no rule saw it).
public struct SessionSurvivesAKill: Oracle {
    public let name = "sessionSurvivesAKill"
    public let summary = "a user who signed in is not asked to sign in again after the app is killed, until they sign out"
    /// A promise of any app with a sign-in (a request whose purpose is `.signsIn`).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard run.roles.declares(.signsIn) else { return [] }
        var session = SessionAcrossKills(run)
        // A launch after the kill whose journey check failed: seed 003's fallback to onboarding
        // from the start, which treats the user as not signed in, is the app's documented way.
        var fellBack = false
        var kinds = SessionAcrossKills.kinds
        kinds.insert(.launched)
        let view = run.events(kinds)
        for event in view.places {
            session.take(event, of: view)
            switch view[event] {
            case .responseReceived(_, let endpoint, let outcome) where session.killed != nil && outcome != "ok"
                                                                        && run.roles.endpoint(endpoint, is: .journey):
                fellBack = true
            case .launched:
                fellBack = false
            case .screen(let state):
                guard let route = state.route, let signIn = session.signedIn, let kill = session.killed,
                      route.kind == .auth, !fellBack else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The user signed in at \(signIn.time) and the app showed them in; after the kill at "
                                    + "\(kill.time) it showed \(route) at \(event.time), asking them to sign in again, though they "
                                    + "never signed out and their account was not lost. Keep the session across launches "
                                    + "(seed 003: \"Force-quit mid-onboarding: Resume from where they left off\").",
                                  excerpt: run.lines([signIn.index, kill.index, event.index]))]
            default: break
            }
        }
        return []
    }
}
