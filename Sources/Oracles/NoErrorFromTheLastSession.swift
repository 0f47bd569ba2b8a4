import SimKernel
import AppVocabulary

/// A session that follows a sign-out starts clean (seed 003: account loss ends the session and
/// the user signs in again; "If user A logs out and new user B logs in: User B sees onboarding
/// (no cache for them)"; seed 002 §3: "Check if approve failed" reads this attempt's error;
/// seed 004: sign-out "routes back to WelcomeAuthView").
///
/// Judged from the user's own record and the world's: once a user signs in after a sign-out
/// (their own, or a session the backend refused), a new error (a text the screen before did not
/// show) appears, on a screen in the foreground, only if something in this session could have
/// caused it: a request answered with anything but `ok` or met by a fault, the device offline, a
/// change the backend made to the account (its journey reset, the account lost), notifications
/// refused, the Apple sheet failed, or an entry the user typed or picked (the app's own check of
/// it). An error with none of these behind it belongs to the session that ended: an attempt of
/// the last session, cancelled by the sign-out, that recorded its failure after the sign-out
/// cleared the errors.
public struct NoErrorFromTheLastSession: Oracle {
    public let name = "noErrorFromTheLastSession"
    public let summary = "after a sign-out, the next session shows only errors that something in it caused"
    /// A promise of any app's screens (errors, sessions, requests and taps are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var online = true, signedOut = false, judging = false, caused = false
        var shown: String?
        var signIn = 0
        let view = run.events([.signedOut, .signedIn, .connectivity, .userAction, .responseReceived, .faultApplied,
                                 .permissionAnswered, .journeyChanged, .accountLost, .note, .launched, .screen])
        for event in view.places {
            switch view[event] {
            case .signedOut:
                (signedOut, judging) = (true, false)
            case .signedIn:
                if signedOut { (signedOut, judging, caused, signIn) = (false, true, !online, event.index) }
            case .connectivity(let isOnline):
                online = isOnline
                if !isOnline { caused = true }
            case .userAction:
                // Input the app checks itself (`ActionRole.isInput`): an error may answer it with no request.
                if run.role(ofTapAt: event).isInput { caused = true }
            case .responseReceived(_, _, let outcome):
                if outcome != "ok" { caused = true }
            case .faultApplied, .permissionAnswered(granted: false), .journeyChanged, .accountLost:
                caused = true
            case .note(let text):
                if text == "apple sheet failed" { caused = true }
            case .launched:
                shown = nil
            case .screen(let state):
                defer { shown = state.errorText }
                guard judging, !caused, let error = state.errorText, error != shown, state.foreground else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "\(state.route.map(\.description) ?? "The screen") showed \"\(error)\" after the user "
                                    + "signed in again, although nothing in this session had failed (every request answered ok, "
                                    + "online, the account unchanged): the error belongs to the session that ended. Clear an "
                                    + "attempt's error with the attempt, and drop what a cancelled attempt says after a sign-out "
                                    + "(002 §3: this attempt's error; 003: the next sign-in starts clean).",
                                  excerpt: run.lines([signIn, event.index]))]
            default:
                break
            }
        }
        return []
    }
}
