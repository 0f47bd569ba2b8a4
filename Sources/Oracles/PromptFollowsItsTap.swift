import SimKernel
import AppVocabulary

/// A prompt appears only after the tap that asks for it (seed 004: Sign Out "On tap: shows
/// confirmation alert 'Are you sure you want to sign out?'"; the `SignInWithAppleButton` "Calls
/// `authManager.handleAppleSignInRequest(request)`": the Apple sheet is the button's).
///
/// Judged from the user's taps and the screens, not the app's flags: the Apple sheet (a screen
/// offering the sheet's close button) and the sign-out alert (a screen offering its Cancel and Sign
/// Out) come up only after the user's tap on Sign in with Apple or Sign Out, once per tap: a
/// prompt that opens by itself (at a launch, at a sign-out, again after it went) asks the user a
/// question they never asked for. A launch or a kill closes every prompt. And the system's
/// permission prompt (its answer in the trace) never follows a tap on Not now (000 Pitfall 4: the
/// two-step opt-in, "Only if user taps Enable, show iOS dialog"; 002 §7).
public struct PromptFollowsItsTap: Oracle {
    public let name = "promptFollowsItsTap"
    public let summary = "the Apple sheet, the sign-out alert and the permission prompt come up only after the tap that asks for them"
    /// A promise of any app's prompts (the bundled apps' actions name them).
    public var isShared: Bool { true }

    /// Each prompt: what the user calls it, the tap that raises it, and the actions that answer it.
    static let prompts: [(name: String, raisedBy: UserAction, answers: [UserAction])] = [
        ("the Apple sheet", .signInWithApple, [.cancelAppleSheet]),
        ("the sign-out alert", .signOut, [.confirmSignOut, .cancelSignOut]),
    ]

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        if let unasked = permissionAfterNotNow(run) { return [unasked] }
        // Most runs never show a prompt's answers (the fix plan's app has none): one look at the screens.
        let answers = Self.prompts.flatMap(\.answers)
        guard run.screens.contains(where: { screen in screen.state.actions.contains { answers.contains($0) } }) else { return [] }
        return promptUnasked(run).map { [$0] } ?? []
    }

    /// The first permission prompt answered right after a tap on Not now.
    private func permissionAfterNotNow(_ run: RunObservation) -> Violation? {
        var lastTap: RunObservation.Event?
        for event in run.events([.userAction, .permissionAnswered, .launched, .killed]) {
            switch event.event {
            case .permissionAnswered:
                guard let tap = lastTap, case .userAction(.notNow, _) = tap.event else { continue }
                return Violation(oracle: name, at: event.time,
                                 message: "The system's permission prompt was answered at \(event.time), after the user's 'not-now' "
                                    + "at \(tap.time) and no tap that asked for it: Not now means the app does not ask (000 "
                                    + "Pitfall 4: \"Only if user taps Enable, show iOS dialog\").",
                                 excerpt: run.lines([tap.index, event.index]))
            case .userAction: lastTap = event
            default: lastTap = nil
            }
        }
        return nil
    }

    /// The first sheet or alert that came up with no tap of its own.
    private func promptUnasked(_ run: RunObservation) -> Violation? {
        let prompts = Self.prompts
        var asked = [Bool](repeating: false, count: prompts.count)
        var up = asked
        var lastTap: RunObservation.Event?
        for event in run.events([.userAction, .launched, .killed, .screen]) {
            switch event.event {
            case .userAction(let action, _):
                lastTap = event
                for position in prompts.indices where prompts[position].raisedBy == action { asked[position] = true }
            case .launched, .killed:
                lastTap = nil
                for position in asked.indices { (asked[position], up[position]) = (false, false) }
            case .screen(let state):
                for position in prompts.indices {
                    let prompt = prompts[position]
                    let shown = state.actions.contains { prompt.answers.contains($0) }
                    if shown, !up[position], !asked[position] {
                        return violation(prompt.name, raisedBy: prompt.raisedBy, at: event, lastTap: lastTap, in: run)
                    }
                    if shown { up[position] = true } else if up[position] { (up[position], asked[position]) = (false, false) }
                }
            default:
                break
            }
        }
        return nil
    }

    private func violation(_ prompt: String, raisedBy tap: UserAction, at screen: RunObservation.Event, lastTap: RunObservation.Event?,
                           in run: RunObservation) -> Violation {
        let after = lastTap.flatMap { tap -> String? in
            if case .userAction(let action, _) = tap.event { " (the user's last tap: '\(action.rawValue)' at \(tap.time))" } else { nil }
        } ?? ""
        return Violation(oracle: name, at: screen.time,
                         message: "\(prompt.prefix(1).uppercased() + prompt.dropFirst()) came up at \(screen.time) with no tap on "
                            + "'\(tap.rawValue)' to ask for it\(after): a prompt the user never asked for. Show a prompt only "
                            + "in answer to its tap, and close it for good when it is answered (seed 004).",
                         excerpt: run.lines([lastTap?.index, screen.index].compactMap { $0 }))
    }
}
