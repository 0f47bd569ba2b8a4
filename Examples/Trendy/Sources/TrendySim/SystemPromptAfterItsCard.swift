import SimKernel
import AppVocabulary
import Oracles
import TrendyOnboarding

/// Trendy's own promise (000 Pitfall 4, 001 "Custom Pre-Permission UI: context before system
/// prompt"): a system permission prompt shows exactly when the user asks for it on that
/// permission's card.
///
/// - Every system prompt follows the user's tap on its card's Enable, with no other tap in between.
/// - Every tap on a card's Enable brings its prompt up over that card, before the flow moves on:
///   the user who asked to be notified is asked by the system, on the screen that explained why.
struct SystemPromptAfterItsCard: Oracle {
    let name = "systemPromptAfterItsCard"
    let summary = "a system permission prompt shows exactly when the user taps Enable on that permission's card, over that card"
    var apps: [AppID] { [TrendyApp.app] }

    func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var lastTap: RunObservation.Event?
        var asked: (permission: String, tap: RunObservation.Event)?
        for event in run.events([.userAction, .note, .launched, .killed, .screen]) {
            switch event.event {
            case .userAction(let action, _):
                lastTap = event
                if action.rawValue.hasPrefix("enable-") { asked = (String(action.rawValue.dropFirst("enable-".count)), event) }
            case .launched, .killed: lastTap = nil; asked = nil
            case .note(let text) where text.hasPrefix("system prompt: "):
                let permission = String(text.dropFirst("system prompt: ".count))
                if let violation = unasked(permission, at: event, lastTap: lastTap, in: run) { return [violation] }
                if let violation = offItsCard(permission, at: event, in: run) { return [violation] }
                lastTap = nil
                asked = nil
            case .screen(let state):
                guard let (permission, tap) = asked, let route = state.route, route.description != permission else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The user tapped Enable on the \(permission) card at \(tap.time), but \(route) showed at "
                                    + "\(event.time) with no system prompt for \(permission): ask the system when the user asks, "
                                    + "on the card that explained why (seed 000 Pitfall 4).",
                                  excerpt: run.lines([tap.index, event.index]))]
            default:
                continue
            }
        }
        return []
    }

    private func unasked(_ permission: String, at event: RunObservation.Event, lastTap: RunObservation.Event?,
                         in run: RunObservation) -> Violation? {
        if let lastTap, case .userAction(let action, _) = lastTap.event, action.rawValue == "enable-\(permission)" { return nil }
        var last = "none"
        if let lastTap, case .userAction(let action, _) = lastTap.event { last = "'\(action.rawValue)' at \(lastTap.time)" }
        return Violation(oracle: name, at: event.time,
                         message: "The system prompt for \(permission) showed at \(event.time) without the user's tap on its card's Enable "
                            + "(last tap: \(last)). Show the card first and ask only when the user taps Enable (seed 000 Pitfall 4).",
                         excerpt: [])
    }

    /// The prompt is over the screen before it, or over the one drawn in its instant right after
    /// it (the app set both in one turn, and the screen caught up): the user sees that one.
    private func offItsCard(_ permission: String, at event: RunObservation.Event, in run: RunObservation) -> Violation? {
        let drawn = run.screens(after: event.index, through: run.lastIndex(atOrBefore: event.time)).first
        guard let shown = drawn ?? run.screen(atIndex: event.index), let route = shown.state.route,
              route.description != permission else { return nil }
        return Violation(oracle: name, at: event.time,
                         message: "The system prompt for \(permission) showed at \(event.time) over \(route), not over the \(permission) "
                            + "card the user tapped: the flow moved on before asking (seed 000 Pitfall 4).",
                         excerpt: run.lines([shown.index, event.index]))
    }
}
