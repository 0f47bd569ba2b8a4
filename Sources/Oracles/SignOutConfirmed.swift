import SimKernel
import AppVocabulary

/// Sign-out asks first (seed 004: "Sign Out … Confirmation alert (Cancel default, Sign Out
/// destructive)").
///
/// After a tap on Sign Out, the session ends only once the user has confirmed in the alert: a
/// sign-out that follows a Sign Out tap with no `confirm-sign-out` since (and no Cancel, kill
/// or relaunch that closed the question) is a sign-out without the confirmation, however long
/// after the tap it comes. A session the backend refuses ends without asking (a sign-out in the
/// instant a 401 came back is no answer to the tap).
public struct SignOutConfirmed: Oracle {
    public let name = "signOutConfirmed"
    public let summary = "a tap on Sign Out ends the session only after the user confirms it"
    /// Seed 004's own rule: the fix plan's app has no Sign Out button of its own.
    public var apps: [AppID] { [.pickup] }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var asked: RunObservation.Event?
        for event in run.events([.userAction, .signedOut, .killed, .launched]) {
            switch event.event {
            case .userAction(.signOut, _): asked = event
            case .userAction(.confirmSignOut, _), .userAction(.cancelSignOut, _), .killed, .launched: asked = nil
            case .signedOut:
                defer { asked = nil }
                guard let tap = asked, !refusedAt(event.time, in: run) else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The tap on Sign Out at \(tap.time) signed the user out at \(event.time) with no "
                                    + "confirmation. Ask first, in an alert whose default is Cancel (seed 004).",
                                  excerpt: run.lines([tap.index, event.index]))]
            default:
                continue
            }
        }
        return []
    }

    /// Whether a 401 reached the app at `time`: a sign-out then is the backend's doing.
    private func refusedAt(_ time: SimulationInstant, in run: RunObservation) -> Bool {
        run.events([.responseReceived]).contains { answer in
            guard answer.time == time, case .responseReceived(_, _, let outcome) = answer.event else { return false }
            return outcome.hasPrefix("status 401")
        }
    }
}
