import SimKernel
import AppVocabulary

/// Sign-out asks first (seed 004: "Sign Out … Confirmation alert (Cancel default, Sign Out
/// destructive)"), for every app that confirms its sign-out: one whose roles declare an action of
/// role `.confirmSignOut` (the pickup app's, a team's "Sign Out" in an alert). Judged by the record
/// of who is signed in (an adapter's `signedInUser`); a run without one is not judged.
///
/// After a tap on Sign Out, the session ends only once the user has confirmed in the alert: a
/// sign-out that follows a Sign Out tap with no `confirm-sign-out` since (and no Cancel, kill
/// or relaunch that closed the question) is a sign-out without the confirmation, however long
/// after the tap it comes (a tap of role `.signOut` asks; one of role `.cancel` closes the
/// question). A session the backend refuses ends without asking (a sign-out in the
/// instant a 401 came back is no answer to the tap). And the other way: the alert stays until
/// the user answers it (a connection change is no answer), and a confirmed sign-out ends the
/// session within the flash window, online or offline.
public struct SignOutConfirmed: Oracle {
    public let name = "signOutConfirmed"
    public let summary = "a tap on Sign Out ends the session only after the user confirms it, and a confirmation ends it"
    /// A promise of every app that confirms its sign-out (an action of role `.confirmSignOut`).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard !run.roles.actions(where: { $0 == .confirmSignOut }).isEmpty,
              !run.events([.signedIn, .signedOut]).isEmpty else { return [] }
        var asked: RunObservation.Event?
        var alertUp = false
        var confirmed: RunObservation.Event?
        let view = run.events([.userAction, .signedOut, .killed, .launched, .screen])
        for event in view.places {
            if let tap = confirmed, event.time > tap.time.advanced(by: settings.flashWindow) {
                return [notSignedOut(run, confirmed: tap, settings: settings)]
            }
            switch view[event] {
            case .userAction(let action, _):
                switch run.roles.role(of: action) {
                case .signOut: (asked, alertUp) = (view.recorded(event), false)
                case .confirmSignOut: (asked, confirmed) = (nil, view.recorded(event))
                case .cancel: (asked, confirmed) = (nil, nil)
                default: continue
                }
            case .killed, .launched: (asked, confirmed) = (nil, nil)
            case .screen(let state):
                guard let tap = asked else { continue }
                if state.alert != nil { alertUp = true } else if alertUp {
                    return [Violation(oracle: name, at: event.time,
                                      message: "The user tapped Sign Out at \(tap.time) and the alert asking them to confirm went "
                                        + "away at \(event.time) with no answer of theirs: the question is the user's to answer "
                                        + "(seed 004: Cancel default, Sign Out destructive).",
                                      excerpt: run.lines([tap.index, event.index]))]
                }
            case .signedOut:
                defer { (asked, confirmed) = (nil, nil) }
                guard let tap = asked, !refusedAt(event.time, in: run) else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The tap on Sign Out at \(tap.time) signed the user out at \(event.time) with no "
                                    + "confirmation. Ask first, in an alert whose default is Cancel (seed 004).",
                                  excerpt: run.lines([tap.index, event.index]))]
            default:
                continue
            }
        }
        if let tap = confirmed, tap.time.advanced(by: settings.flashWindow) < run.end { return [notSignedOut(run, confirmed: tap, settings: settings)] }
        return []
    }

    /// A confirmed sign-out that left the session as it was: the user said yes and stays signed in.
    private func notSignedOut(_ run: RunObservation, confirmed tap: RunObservation.Event, settings: OracleSettings) -> Violation {
        Violation(oracle: name, at: tap.time.advanced(by: settings.flashWindow),
                  message: "The user confirmed Sign Out at \(tap.time) and was still signed in \(settings.flashWindow.totalMilliseconds)ms "
                    + "later: \"Sign Out calls authManager.logout() which clears Keychain and routes back to WelcomeAuthView\" "
                    + "(seed 004), online or not.",
                  excerpt: run.lines([tap.index]))
    }

    /// Whether a 401 reached the app at `time`: a sign-out then is the backend's doing.
    private func refusedAt(_ time: SimulationInstant, in run: RunObservation) -> Bool {
        run.events([.responseReceived]).contains { answer in
            guard answer.time == time, case .responseReceived(_, _, let outcome) = answer.event else { return false }
            return TextSearch.hasPrefix(outcome, "status 401")
        }
    }
}
