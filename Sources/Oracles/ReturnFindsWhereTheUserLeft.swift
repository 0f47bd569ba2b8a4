import SimKernel
import AppVocabulary

/// Back in the app, the user finds it where they left it (seed 002 §13: "when the app
/// foregrounds, the view is exactly where the user left it"; the resume gate is for cold launches
/// only).
///
/// Judged from the device's record and the screens: from the instant the app comes back to the
/// front, for a flash window, the route stays the one the app showed just before (what answers
/// that arrived while away changed is part of that), unless something gives it a cause first: a
/// tap of the user's, an answer from the backend, a sign-out, a kill or a launch. A return that
/// moves the user by itself (the pager back to its first page, the flow back to its start) throws
/// away where they were; so does one that rewrites what the user left in a field (an email they
/// corrected, a code half typed) on the same screen, or takes away a button they were offered
/// (Confirm after the goal they picked, Start on the success screen).
public struct ReturnFindsWhereTheUserLeft: Oracle {
    public let name = "returnFindsWhereTheUserLeft"
    public let summary = "coming back to the app, the user finds the screen they left"
    /// A promise of any app's screens (routes and the device's lifecycle are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var left: ScreenState?
        var back: RunObservation.Event?
        // The screen in front when the user left (a screen in the background offers nothing).
        var front: (index: Int, state: ScreenState)?
        var offered: [UserAction] = []
        let picked = run.events([.backgrounded, .foregrounded, .screen, .userAction, .responseReceived, .signedOut,
                                 .accountLost, .killed, .launched])
        for event in picked.places {
            switch picked[event] {
            case .backgrounded:
                front = run.screen(atIndex: event.index - 1).map { ($0.index, $0.state) }
                back = nil
            case .foregrounded:
                back = picked.recorded(event)
                left = run.screen(atIndex: event.index - 1)?.state
                offered = front.flatMap { front in
                    // More than the leaving's own redraw while away: something else changed the screen.
                    run.screens(after: front.index, through: event.index).count > 1 ? nil : left.flatMap { Self.offeredWhenLeft(front.state, now: $0) }
                } ?? []
            case .screen(let state):
                guard let returned = back else { continue }
                guard event.time <= returned.time.advanced(by: settings.flashWindow) else {
                    back = nil
                    continue
                }
                guard let route = state.route, let leftState = left, let was = leftState.route else { continue }
                let what: String
                if route == was {
                    guard let field = rewrittenField(leftState, offered: offered, state, atTheReturn: event.time == returned.time) else { continue }
                    what = "The user left \(field.name) \"\(field.was)\" on \(was) and came back at \(returned.time); at "
                        + "\(event.time) it read \"\(field.now)\" with no tap, answer or sign-out to change it: the return "
                        + "threw away what they had done there"
                } else {
                    what = "The user left the app on \(was) and came back at \(returned.time); at \(event.time) the app "
                        + "showed \(route) with no tap, answer or sign-out to move it: the return threw away where they were"
                }
                return [Violation(oracle: name, at: event.time,
                                  message: what + " (seed 002 §13: \"when the app foregrounds, the view is exactly where "
                                    + "the user left it\").",
                                  excerpt: run.lines([returned.index, event.index]))]
            default:
                back = nil
            }
        }
        return []
    }

    /// What the user left on the screen (a field's text, a button they were offered) that the
    /// same screen, back, shows otherwise. A button is judged in the return's own instant: a
    /// moment later a sheet's own time, a timer or the connection may take it, not the return;
    /// and a system sheet answered in that instant takes its buttons (#50's ten-million-seed run
    /// of the pickup app, seed 7231440).
    private func rewrittenField(_ left: ScreenState, offered: [UserAction], _ now: ScreenState,
                                atTheReturn: Bool) -> (name: String, was: String, now: String)? {
        if left.emailField != now.emailField { return ("the email field", left.emailField, now.emailField) }
        if left.codeField != now.codeField { return ("the code field", left.codeField, now.codeField) }
        // A system sheet that went takes its own buttons with it: its answer, the system's, not
        // the return (the Apple sheet's time up in the very instant the user came back).
        let sheetAnswered = left.systemSheet != nil && now.systemSheet == nil
        if atTheReturn, !sheetAnswered, let gone = offered.first(where: { !now.actions.contains($0) }) {
            return ("the offered actions", Self.list(offered), Self.list(now.actions) + " (\(gone.rawValue) gone)")
        }
        return nil
    }

    /// The actions the screen in front offered when the user left, if nothing but the leaving
    /// changed the screen while they were away (an answer that moved it is its own cause).
    static func offeredWhenLeft(_ front: ScreenState, now left: ScreenState) -> [UserAction]? {
        guard front.foreground else { return nil }
        var away = left
        away.foreground = front.foreground
        away.actions = front.actions
        return away == front ? front.actions : nil
    }

    private static func list(_ actions: [UserAction]) -> String { actions.map(\.rawValue).joined(separator: ", ") }
}
