import SimKernel
import AppVocabulary
import Oracles

/// Sign-out asks first (seed 004: "Sign Out … Confirmation alert (Cancel default, Sign Out
/// destructive)").
///
/// After a tap on Sign Out, the session ends only once the user has confirmed in the alert: a
/// sign-out that follows a Sign Out tap with no `confirm-sign-out` since (and no Cancel, kill
/// or relaunch that closed the question) is a sign-out without the confirmation, however long
/// after the tap it comes. A session the backend refuses ends without asking (a sign-out in the
/// instant a 401 came back is no answer to the tap). And the other way: the alert stays until
/// the user answers it (a connection change is no answer), and a confirmed sign-out ends the
/// session within the flash window, online or offline.
public struct SignOutConfirmed: Oracle {
    public let name = "signOutConfirmed"
    public let summary = "a tap on Sign Out ends the session only after the user confirms it, and a confirmation ends it"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var asked: RunObservation.Event?
        var alertUp = false
        var confirmed: RunObservation.Event?
        for event in run.events([.userAction, .signedOut, .killed, .launched, .screen]) {
            if let tap = confirmed, event.time > tap.time.advanced(by: settings.flashWindow) {
                return [notSignedOut(run, confirmed: tap, settings: settings)]
            }
            switch event.event {
            case .userAction(.signOut, _): (asked, alertUp) = (event, false)
            case .userAction(.confirmSignOut, _): (asked, confirmed) = (nil, event)
            case .userAction(.cancelSignOut, _), .killed, .launched: (asked, confirmed) = (nil, nil)
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
            return outcome.hasPrefix("status 401")
        }
    }
}
