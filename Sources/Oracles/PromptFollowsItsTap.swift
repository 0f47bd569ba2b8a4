import SimKernel
import AppVocabulary

/// A prompt appears only after the tap that asks for it (seed 004: Sign Out "On tap: shows
/// confirmation alert 'Are you sure you want to sign out?'"; the `SignInWithAppleButton` "Calls
/// `authManager.handleAppleSignInRequest(request)`": the Apple sheet is the button's).
///
/// Judged from the user's taps and the screens, through the roles the app declares, not its
/// flags: a sign-out confirmation (a screen offering an action of role `confirmSignOut`) comes up
/// only after a tap of role `signOut`, and a sheet or question (a screen offering a `cancel`) only
/// after a tap that moves the user on, once per tap: a prompt that opens by itself (at a launch,
/// at a sign-out, again after it went) asks the user a question they never asked for. A launch or
/// a kill closes every prompt. A system sheet on screen (`ScreenState.systemSheet`: the Apple
/// sheet, a permission prompt) comes up only in answer to a tap that moves the user on, made on
/// the screen it covers, once per tap. And the system's permission prompt (its answer in the
/// trace) never follows a tap that declined it (role `decline`: 000 Pitfall 4, the two-step
/// opt-in, "Only if user taps Enable, show iOS dialog"; 002 §7).
public struct PromptFollowsItsTap: Oracle {
    public let name = "promptFollowsItsTap"
    public let summary = "a sheet, a sign-out confirmation, a system sheet and the permission prompt come up only after the tap that asks for them"
    public var isShared: Bool { true }

    /// The two kinds of prompt: what the user calls it and what its screen offers.
    enum Prompt: Int, CaseIterable {
        /// A screen offering a `confirmSignOut`: raised by a `signOut` tap.
        case signOutConfirmation
        /// A screen offering a `cancel` (and no `confirmSignOut`): a sheet or question, raised by a
        /// tap that moves the user on.
        case sheet

        var name: String { self == .sheet ? "a sheet" : "the sign-out confirmation" }

        func isRaised(by role: ActionRole) -> Bool {
            switch (self, role) {
            case (.signOutConfirmation, .signOut): true
            case (.sheet, .forward), (.sheet, .decline), (.sheet, .submit), (.sheet, .start), (.sheet, .retry): true
            default: false
            }
        }
    }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        if let unasked = permissionAfterDecline(run) { return [unasked] }
        if run.screens.contains(where: { $0.state.systemSheet != nil }), let unasked = systemSheetUnasked(run) { return [unasked] }
        // Most runs never show a prompt's answers (the fix plan's app declares none): one look at the screens.
        let answers = run.roles.promptAnswers
        guard !answers.isEmpty, run.screens.contains(where: { screen in screen.state.actions.contains(where: answers.contains) }) else {
            return []
        }
        return promptUnasked(run).map { [$0] } ?? []
    }

    /// The prompt a screen offering `actions` is, if any.
    static func prompt(offering actions: [UserAction], roles: AppRoles) -> (prompt: Prompt, answer: UserAction)? {
        var cancel: UserAction?
        for action in actions {
            switch roles.role(of: action) {
            case .confirmSignOut: return (.signOutConfirmation, action)
            case .cancel: cancel = cancel ?? action
            default: break
            }
        }
        return cancel.map { (.sheet, $0) }
    }

    /// The first permission prompt answered right after a tap that declined it.
    private func permissionAfterDecline(_ run: RunObservation) -> Violation? {
        var lastTap: RunObservation.Event?
        let view = run.events([.userAction, .permissionAnswered, .launched, .killed])
        for event in view.places {
            switch view[event] {
            case .permissionAnswered:
                guard let tap = lastTap, case .userAction(let action, _) = tap.event, run.roles.role(of: action) == .decline else { continue }
                return Violation(oracle: name, at: event.time,
                                 message: "The system's permission prompt was answered at \(event.time), after the user's '\(action.rawValue)' "
                                    + "at \(tap.time) and no tap that asked for it: declining means the app does not ask (000 "
                                    + "Pitfall 4: \"Only if user taps Enable, show iOS dialog\").",
                                 excerpt: run.lines([tap.index, event.index]))
            case .userAction: lastTap = view.recorded(event)
            default: lastTap = nil
            }
        }
        return nil
    }

    /// The first system sheet (`ScreenState.systemSheet`) that came up with no tap of its own on
    /// the screen under it: a tap that moves the user on, on that same route, since the last sheet
    /// went (a launch or a kill closes every sheet). A sheet that opens by itself, again after it
    /// was answered, or over a screen the user has not touched yet (the permission prompt as its
    /// card appears) asks a question nobody asked.
    private func systemSheetUnasked(_ run: RunObservation) -> Violation? {
        var route: Route?
        var asked: (tap: RunObservation.Event, route: Route?)?
        var up = false
        let view = run.events([.userAction, .launched, .killed, .screen])
        for event in view.places {
            switch view[event] {
            case .userAction(let action, _):
                switch run.roles.role(of: action) {
                case .forward, .submit, .start, .retry: asked = (view.recorded(event), route)
                default: break
                }
            case .launched, .killed:
                (asked, up, route) = (nil, false, nil)
            case .screen(let state):
                defer { route = state.route }
                guard let sheet = state.systemSheet else {
                    if up { (up, asked) = (false, nil) }
                    continue
                }
                if up { continue }
                up = true
                guard let tap = asked, tap.route == state.route else {
                    return sheetViolation(sheet, at: view.recorded(event), over: state.route, lastTap: asked?.tap, in: run)
                }
            default:
                break
            }
        }
        return nil
    }

    private func sheetViolation(_ sheet: String, at screen: RunObservation.Event, over route: Route?, lastTap: RunObservation.Event?,
                                in run: RunObservation) -> Violation {
        let after = lastTap.flatMap { tap -> String? in
            if case .userAction(let action, _) = tap.event { " (the last tap that moved the user on: '\(action.rawValue)' at \(tap.time), on another screen or before the last sheet went)" } else { nil }
        } ?? ""
        return Violation(oracle: name, at: screen.time,
                         message: "The system sheet \"\(sheet)\" came up over \(route?.description ?? "no screen") at \(screen.time) with no tap "
                            + "on that screen asking for it\(after): a system sheet answers the user's tap on the screen under it, once "
                            + "(000 Pitfall 4: \"Only if user taps Enable, show iOS dialog\"; seed 004: the Apple sheet is the button's).",
                         excerpt: run.lines([lastTap?.index, screen.index].compactMap { $0 }))
    }

    /// The first prompt that came up with no tap of its own.
    private func promptUnasked(_ run: RunObservation) -> Violation? {
        var asked = [Bool](repeating: false, count: Prompt.allCases.count)
        var up = asked
        var lastTap: RunObservation.Event?
        let view = run.events([.userAction, .launched, .killed, .screen])
        for event in view.places {
            switch view[event] {
            case .userAction(let action, _):
                lastTap = view.recorded(event)
                let role = run.roles.role(of: action)
                for prompt in Prompt.allCases where prompt.isRaised(by: role) { asked[prompt.rawValue] = true }
            case .launched, .killed:
                lastTap = nil
                for position in asked.indices { (asked[position], up[position]) = (false, false) }
            case .screen(let state):
                let shown = Self.prompt(offering: state.actions, roles: run.roles)
                for prompt in Prompt.allCases {
                    let position = prompt.rawValue
                    if let shown, shown.prompt == prompt {
                        if !up[position], !asked[position] { return violation(prompt, answer: shown.answer, at: view.recorded(event), lastTap: lastTap, in: run) }
                        up[position] = true
                    } else if up[position] {
                        (up[position], asked[position]) = (false, false)
                    }
                }
            default:
                break
            }
        }
        return nil
    }

    private func violation(_ prompt: Prompt, answer: UserAction, at screen: RunObservation.Event, lastTap: RunObservation.Event?,
                           in run: RunObservation) -> Violation {
        let after = lastTap.flatMap { tap -> String? in
            if case .userAction(let action, _) = tap.event { " (the user's last tap: '\(action.rawValue)' at \(tap.time))" } else { nil }
        } ?? ""
        let asks = prompt == .sheet ? "tap that asks for it" : "sign-out tap to ask for it"
        return Violation(oracle: name, at: screen.time,
                         message: "\(prompt.name.prefix(1).uppercased() + prompt.name.dropFirst()) (answered by '\(answer.rawValue)') came "
                            + "up at \(screen.time) with no \(asks)\(after): a prompt the user never asked for. Show a prompt "
                            + "only in answer to its tap, and close it for good when it is answered (seed 004).",
                         excerpt: run.lines([lastTap?.index, screen.index].compactMap { $0 }))
    }
}
