import SimKernel
import AppVocabulary

/// The email field shows the email the user last typed, or nothing (seed 002 §6: back from the
/// code screen the field is pre-filled with the email the user entered; 003: "Force-quit
/// mid-onboarding: Resume from where they left off").
///
/// Judged from the user's own record: once the user has typed an email on this install, every
/// screen that shows a non-empty email field shows the one they typed last, the one they last
/// tapped Send with (what the field showed then: a pre-filled address they accepted), or the one
/// the last code went to (an address typed and left unsent, or refused, need not outlive the
/// screen), letter case and white space aside. An app that pre-fills an older address (the first one typed, another
/// visit's, a cache that kept the wrong one) sends the next code to an address the user has
/// since replaced. Before the user types, a pre-filled field is the run's history (a scenario's
/// cache), not judged; a reinstall wipes what the app could know. After a sign-out, until the
/// user types again, the field is empty: an address from the session that ended is the last
/// user's, offered to the next one.
///
/// Nor is the address the user typed emptied under them: while they stay on the screen they typed
/// it on, in the same launch, the field keeps it (002 §6 counts a user who has "to retype" their
/// email as a bug). An app that clears the form after a failed request leaves "Try again" over an
/// empty field and a disabled button, and the user cannot even see which address failed. While
/// they stay there the field shows what they typed, not an older address the app kept (tenth
/// batch: the field drawn from the address last sent hid the correction the next tap sent). And
/// once a code went to an address, when the email step comes back in the same launch (Back, then
/// Continue), its field is not empty unless the user asked to start again (Use a different email,
/// Start over) or the session ended: 002 §6, "Don't clear the email — let auth view pre-fill it".
/// An app that promises to keep it across a kill too (`AppRoles(keptAcrossKills: [.email])`, 003:
/// "Force-quit mid-onboarding: Resume from where they left off") is held to that in every later
/// launch with nobody signed in, once the code screen showed for the address, until a sign-in
/// used it, a reinstall or a corrupted cache.
public struct EmailFieldIsTheUsers: Oracle {
    public let name = "emailFieldIsTheUsers"
    public let summary = "a filled email field shows the email the user typed last"
    /// A promise of any app's screens (the email field and typing are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var typed: (email: String, index: Int)?
        var typedAt: SimulationInstant?
        var tapped: String?, delivered: String?
        var carried: (id: Int, email: String)?
        var shown = ""
        // The address of the session that ended: until someone types again, the field belongs to the next person.
        var signedOutWith: (email: String, index: Int)?
        // The screen the user typed on, while they are still on it in the same launch.
        var typingOn: Route?
        // The address a code went to in this launch, until the user asks to start again.
        var entered: (email: String, index: Int)?
        // The address the code screen showed for, which an app that keeps it across a kill pre-fills in any launch.
        var kept: (email: String, index: Int)?
        let keepsAcrossKills = run.roles.keeps(.email)
        // The actions that type an address: compared with what a screen offers, a name or two a screen.
        let emailInputs = run.roles.actions { $0 == .input(.email) }
        let view = run.events([.userAction, .reinstalled, .screen, .requestCarries, .responseReceived, .signedOut, .launched,
                                 .cacheCorrupted])
        for event in view.places {
            switch view[event] {
            case .userAction(_, let detail) where run.role(ofTapAt: event) == .input(.email):
                typed = (ValidEmailAccepted.unquote(detail) ?? detail, event.index)
                typedAt = event.time
                signedOutWith = nil
                typingOn = run.screen(atIndex: event.index)?.state.route
            case .launched:
                typingOn = nil
                entered = nil
            case .userAction where run.role(ofTapAt: event) == .startOver:
                (entered, kept) = (nil, nil)
            case .userAction where run.role(ofTapAt: event) == .submit(.email):
                // What the field showed at the tap is the address the user sent (a pre-filled one they accepted included).
                tapped = shown.isEmpty ? typed?.email ?? tapped : shown
            case .requestCarries(let id, let request):
                // The address a request sent to (a code's, not a sign-in's: that one only checks it).
                guard !run.roles.endpoint(request.endpoint, is: .signsIn),
                      let email = request.carried.first(where: { $0.input == .email }) else { continue }
                carried = (id, email.value)
            case .responseReceived(let id, let endpoint, "ok"):
                if let sending = carried, sending.id == id { delivered = sending.email; entered = (sending.email, event.index) }
                // A sign-in used the address: the promise was to keep it until then.
                if keepsAcrossKills, run.roles.endpoint(endpoint, is: .signsIn) { kept = nil }
            case .cacheCorrupted:
                // 003: "Corrupted/unreadable cache: Treat as missing": what the app kept is gone.
                kept = nil
            case .reinstalled:
                (typed, tapped, delivered, signedOutWith, kept) = (nil, nil, nil, nil, nil)
            case .signedOut, .userAction:
                // The user's own sign-out (a `.signOut` tap where nothing asks first, or the
                // `.confirmSignOut`) ends the session as the world's `signed-out` record does.
                if case .userAction = view[event], !Self.signsOut(run.role(ofTapAt: event), at: event, in: run) { continue }
                if let last = typed ?? tapped.map({ ($0, event.index) }) { signedOutWith = (last.0, event.index) }
                (typed, tapped, delivered, entered, kept) = (nil, nil, nil, nil, nil)
            case .screen(let state):
                if state.route != typingOn { typingOn = nil }
                // A screen drawn in the instant of the typing but not its last (something else redrew
                // it before the keystroke reached the app): the instant's last screen is judged.
                if typedAt == event.time, let last = run.screen(atTime: event.time), last.index != event.index {
                    shown = state.emailField
                    continue
                }
                if let route = typingOn, let last = typed, state.emailField.isEmpty, !shown.isEmpty, !last.email.isEmpty {
                    return [violation(run, at: event, since: last.index,
                                      "\(route) emptied its email field while the user was still on it: they had typed "
                                        + "\"\(last.email)\" and had not left the screen, so they must type it again and cannot see "
                                        + "which address was tried. Keep what the user entered (002 §6: a user who has \"to retype\" "
                                        + "their email is the bug).")]
                }
                if let route = typingOn, let last = typed, !state.emailField.isEmpty, !Self.same(state.emailField, last.email) {
                    return [violation(run, at: event, since: last.index,
                                      "\(route) showed \"\(state.emailField)\" in the email field while the user, still on it, had "
                                        + "typed \"\(last.email)\": what they typed is not what they see, and the next tap sends an "
                                        + "address they cannot check. Show what the user types (002 §6).")]
                }
                if typingOn == nil, let last = entered, !last.email.isEmpty, state.emailField.isEmpty,
                   state.actions.contains(where: emailInputs.contains), let route = state.route {
                    return [violation(run, at: event, since: last.index,
                                      "\(route) came back with an empty email field in the launch where a code went to "
                                        + "\"\(last.email)\", without asking to start again or signing out: they must retype it. "
                                        + "Pre-fill what the user entered (002 §6: \"Don't clear the email — let auth view pre-fill it\").")]
                }
                if keepsAcrossKills, typingOn == nil, let last = kept, state.emailField.isEmpty,
                   state.actions.contains(where: emailInputs.contains), let route = state.route,
                   run.signedInUser(atIndex: event.index) == nil {
                    // (A signed-in user sent back to the email step is another story: `signedInStaysSignedIn`'s.)
                    return [violation(run, at: event, since: last.index,
                                      "\(route) came back with an empty email field in a later launch, though the code screen had "
                                        + "shown for \"\(last.email)\" and the app keeps what the user entered when it is killed (its "
                                        + "roles' keptAcrossKills): they must retype it. Pre-fill the address the code went to (003: "
                                        + "\"Force-quit mid-onboarding: Resume from where they left off\"; 002 §6).")]
                }
                if keepsAcrossKills, let address = delivered, state.actions.contains(where: run.roles.codeActions.contains) {
                    kept = (address, event.index)
                }
                shown = state.emailField
                if let before = signedOutWith, typed == nil, !shown.isEmpty {
                    return [afterSignOut(run, at: event, showed: shown, before: before)]
                }
                guard let last = typed, !shown.isEmpty, !Self.same(shown, last.email),
                      !(tapped.map { Self.same(shown, $0) } ?? false), !(delivered.map { Self.same(shown, $0) } ?? false)
                else { continue }
                return [violation(run, at: event, showed: shown, typed: last, delivered: delivered)]
            default:
                break
            }
        }
        return []
    }

    /// Whether a tap of an action of `role` signs the user out: a `.confirmSignOut`, or a `.signOut`
    /// with no confirmation on screen after it (one that asks first is no sign-out until confirmed).
    static func signsOut(_ role: ActionRole, at tap: some TracePoint, in run: RunObservation) -> Bool {
        switch role {
        case .confirmSignOut: true
        case .signOut: !(run.screen(atTime: tap.time)?.state.actions.contains { run.roles.role(of: $0) == .confirmSignOut } ?? false)
        default: false
        }
    }

    private func violation(_ run: RunObservation, at screen: some TracePoint, showed shown: String,
                           typed: (email: String, index: Int), delivered: String?) -> Violation {
        let route = run.screen(atIndex: screen.index)?.state.route.map(\.description) ?? "The screen"
        let codeWent = delivered.map { " (the last code went to \"\($0)\")" } ?? ""
        return Violation(oracle: name, at: screen.time,
                         message: "\(route) showed \"\(shown)\" in the email field, but the email the user typed last was "
                            + "\"\(typed.email)\"\(codeWent): the next code would go to an address they replaced. Pre-fill the "
                            + "email the user entered last (002 §6).",
                         excerpt: run.lines([typed.index, screen.index]))
    }

    /// A violation on the email field at `screen`, citing the entry at trace index `since`.
    private func violation(_ run: RunObservation, at screen: some TracePoint, since: Int, _ message: String) -> Violation {
        Violation(oracle: name, at: screen.time, message: message, excerpt: run.lines([since, screen.index]))
    }

    private func afterSignOut(_ run: RunObservation, at screen: some TracePoint, showed shown: String,
                              before: (email: String, index: Int)) -> Violation {
        let route = run.screen(atIndex: screen.index)?.state.route.map(\.description) ?? "The screen"
        return Violation(oracle: name, at: screen.time,
                         message: "\(route) showed \"\(shown)\" in the email field after the session that used \"\(before.email)\" "
                            + "ended, before anyone typed an address: whoever signs in next is offered the last user's address, "
                            + "and one tap mails them its code. After a sign-out the field starts empty (003: \"If user A logs "
                            + "out and new user B logs in: User B sees onboarding (no cache for them)\").",
                         excerpt: run.lines([before.index, screen.index]))
    }

    /// The same address, letter case and surrounding white space aside.
    static func same(_ shown: String, _ typed: String) -> Bool {
        if shown == typed { return true }
        let shownBytes = Array(shown.utf8), typedBytes = Array(typed.utf8)
        func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return [] }
            return bytes[first...last]
        }
        let a = trimmed(shownBytes), b = trimmed(typedBytes)
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
