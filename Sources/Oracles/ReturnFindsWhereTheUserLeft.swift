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
/// corrected, a code half typed) on the same screen.
public struct ReturnFindsWhereTheUserLeft: Oracle {
    public let name = "returnFindsWhereTheUserLeft"
    public let summary = "coming back to the app, the user finds the screen they left"
    /// A promise of any app's screens (routes and the device's lifecycle are shared vocabulary).
    public var apps: [AppID] { AppID.allCases }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var left: ScreenState?
        var back: RunObservation.Event?
        for event in run.events([.foregrounded, .screen, .userAction, .responseReceived, .signedOut, .accountLost,
                                 .killed, .launched]) {
            switch event.event {
            case .foregrounded:
                back = event
                left = run.screen(atIndex: event.index - 1)?.state
            case .screen(let state):
                guard let returned = back else { continue }
                guard event.time <= returned.time.advanced(by: settings.flashWindow) else {
                    back = nil
                    continue
                }
                guard let route = state.route, let leftState = left, let was = leftState.route else { continue }
                let what: String
                if route == was {
                    guard let field = rewrittenField(leftState, state) else { continue }
                    what = "The user left \(field.name) \"\(field.was)\" on \(was) and came back at \(returned.time); at "
                        + "\(event.time) it read \"\(field.now)\" with no tap, answer or sign-out to change it: the return "
                        + "threw away what they had typed"
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

    /// The field of the screen the user left that the same screen, back, shows otherwise.
    private func rewrittenField(_ left: ScreenState, _ now: ScreenState) -> (name: String, was: String, now: String)? {
        if left.emailField != now.emailField { return ("the email field", left.emailField, now.emailField) }
        if left.codeField != now.codeField { return ("the code field", left.codeField, now.codeField) }
        return nil
    }
}
