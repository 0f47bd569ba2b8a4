import SimKernel
import AppVocabulary

/// A sign-out holds until the user signs in again (seed 004: "Sign Out … clears Keychain and
/// routes back to WelcomeAuthView"; "Auth wall: user must sign in before accessing any app
/// content"; seed 003: a session "survives until sign-out").
///
/// After the user signs out (an action of role `.signOut`, or `.confirmSignOut` where the app asks
/// first), no screen that needs a session (the main app; a route the app declares in
/// `AppRoles.signedInRoutes`, as the fix plan does its steps after the code screen) shows again, in this launch or a later one, until a sign-in of the user's own has been
/// answered `ok` on the wire (Verify's code, Sign in with Apple). Judged by the user's taps and the
/// wire, not by the app's own `signed-in` records: a session written back behind the user's back
/// is read as a signed-in launch by the app itself. A screen that needs a session and simply
/// stays up after the sign-out (nothing drawn over it within `OracleSettings.flashWindow`) is
/// one shown after it too: the user tapped Sign Out and is still in the app.
public struct SignOutHolds: Oracle {
    public let name = "signOutHolds"
    public let summary = "after the user signs out, nothing that needs a session shows until they sign in again"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let events = run.events([.userAction, .responseReceived])
        var signedOutAt: RunObservation.Event?
        var next = 0
        for event in events.places {
            switch events[event] {
            case .userAction where run.role(ofTapAt: event) == .signOut:
                // A Sign Out that asks first (the pickup app's alert) is no sign-out until confirmed.
                let asks = run.screen(atTime: event.time)?.state.actions.contains { run.roles.role(of: $0) == .confirmSignOut } ?? false
                if signedOutAt == nil, !asks { signedOutAt = events.recorded(event) }
            case .userAction where run.role(ofTapAt: event) == .confirmSignOut:
                if signedOutAt == nil { signedOutAt = events.recorded(event) }
            case .responseReceived(_, _, "ok") where run.endpoint(at: event, is: .signsIn):
                if let signOut = signedOutAt {
                    if let kept = stayedUp(after: signOut, signedInAt: event.time, in: run, settings: settings) {
                        return [violation(signOut, kept, in: run, stayed: true)]
                    }
                    if let shown = sessionScreen(after: signOut, before: event.index, in: run, from: &next) {
                        return [violation(signOut, shown, in: run)]
                    }
                }
                signedOutAt = nil
            default: break
            }
        }
        if let signOut = signedOutAt {
            if let kept = stayedUp(after: signOut, signedInAt: nil, in: run, settings: settings) {
                return [violation(signOut, kept, in: run, stayed: true)]
            }
            if let shown = sessionScreen(after: signOut, before: Int.max, in: run, from: &next) {
                return [violation(signOut, shown, in: run)]
            }
        }
        return []
    }

    /// The screen up at the sign-out that needs a session, if it is still up a flash window later
    /// with nothing drawn since (no other screen, no kill), the run going on and the user not yet
    /// signed in again (at `signedInAt`).
    private func stayedUp(after signOut: RunObservation.Event, signedInAt: SimulationInstant?, in run: RunObservation,
                          settings: OracleSettings) -> (index: Int, time: SimulationInstant, state: ScreenState)? {
        let settled = signOut.time.advanced(by: settings.flashWindow)
        guard run.end > settled, signedInAt.map({ $0 > settled }) ?? true,
              let shown = run.screen(atTime: settled), shown.index < signOut.index,
              let route = shown.state.route, run.roles.needsASession(route) else { return nil }
        return shown
    }

    /// The first screen after the sign-out's instant and before trace index `last` that needs a session.
    private func sessionScreen(after signOut: RunObservation.Event, before last: Int, in run: RunObservation, from next: inout Int)
        -> (index: Int, time: SimulationInstant, state: ScreenState)?
    {
        while next < run.screens.count, run.screens[next].time <= signOut.time { next += 1 }
        while next < run.screens.count, run.screens[next].index < last {
            let screen = run.screens[next]
            next += 1
            // A main screen of any app (its kind), or a step the app shows only after sign-in (its roles).
            if let route = screen.state.route, run.roles.needsASession(route) { return screen }
        }
        return nil
    }

    private func violation(_ signOut: RunObservation.Event, _ shown: (index: Int, time: SimulationInstant, state: ScreenState),
                           in run: RunObservation, stayed: Bool = false) -> Violation {
        let what = stayed ? "and \(shown.state.route!) stayed up after it"
            : "and at \(shown.time) the app showed \(shown.state.route!)"
        return Violation(oracle: name, at: stayed ? signOut.time : shown.time,
                  message: "The user signed out at \(signOut.time), \(what) "
                    + "though they had not signed in again: a sign-out holds until the user signs in (seed 004: "
                    + "\"Sign Out … clears Keychain\"; \"user must sign in before accessing any app content\").",
                  excerpt: run.lines(stayed ? [shown.index, signOut.index] : [signOut.index, shown.index]))
    }
}
