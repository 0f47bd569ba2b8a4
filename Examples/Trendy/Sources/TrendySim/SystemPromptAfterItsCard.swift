import SimKernel
import AppVocabulary
import Oracles

/// Trendy's own promise (000 Pitfall 4, 001 "Custom Pre-Permission UI: context before system
/// prompt"): every system permission prompt follows the user's tap on that permission's card,
/// its Enable button, with no other screen in between.
struct SystemPromptAfterItsCard: Oracle {
    let name = "systemPromptAfterItsCard"
    let summary = "a system permission prompt shows only after the user tapped Enable on that permission's card"
    var apps: [AppID] { [TrendyApp.app] }

    func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var lastTap: (action: String, time: SimulationInstant)?
        var violations: [Violation] = []
        for event in run.events([.userAction, .note, .launched]) {
            switch event.event {
            case .userAction(let action, _): lastTap = (action.rawValue, event.time)
            case .launched: lastTap = nil
            case .note(let text) where text.hasPrefix("system prompt: "):
                let permission = String(text.dropFirst("system prompt: ".count))
                guard lastTap?.action != "enable-\(permission)" else { lastTap = nil; continue }
                violations.append(Violation(
                    oracle: name, at: event.time,
                    message: "The system prompt for \(permission) showed at \(event.time) without the user's tap on its card's Enable "
                        + "(last tap: \(lastTap.map { "'\($0.action)' at \($0.time)" } ?? "none")). Show the card first and ask only "
                        + "when the user taps Enable (seed 000 Pitfall 4).",
                    excerpt: []))
            default:
                continue
            }
        }
        return violations
    }
}
