import SimKernel
import AppVocabulary
import Oracles
import Scenarios

/// A run told as a story: one line per event that matters — what the user saw and did, requests
/// and faults, device events, backend changes, violations — with virtual times.
public enum Narrative {
    public static func lines(for result: ScenarioResult) -> [String] {
        var entries: [(time: SimulationInstant, order: Int, lane: String, text: String)] = []
        var shown: ScreenState?
        for entry in result.simulation.trace.entries {
            guard let event = entry.record as? ModelEvent, let text = describe(event, after: &shown) else { continue }
            entries.append((entry.time, entry.index, event.lane, text))
        }
        for log in result.freeUserLogs {
            let outcome = log.outcome == .reachedMain ? "is done, on the main app" : "stops: \(log.outcome)"
            entries.append((log.ended, Int.max - result.violations.count - 1, "user", "\(outcome) (\(log.choices.count) choices)"))
        }
        for (offset, violation) in result.violations.enumerated() {
            entries.append((violation.at, Int.max - result.violations.count + offset, "VIOLATION", "\(violation.oracle): \(violation.message)"))
        }
        entries.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        return entries.map { "\(clock($0.time))  \($0.lane.padding(toLength: 10, withPad: " ", startingAt: 0))  \($0.text)" }
    }

    /// `   12.345s`, right-aligned.
    static func clock(_ time: SimulationInstant) -> String {
        let millis = time.milliseconds
        let fraction = String(millis % 1000)
        let text = "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
        return String(repeating: " ", count: max(0, 10 - text.count)) + text
    }

    /// The narrative text of one event, or nil for events that add nothing (countdown ticks).
    static func describe(_ event: ModelEvent, after shown: inout ScreenState?) -> String? {
        switch event {
        case .screen(let state):
            defer { shown = state }
            guard let previous = shown else { return "shows \(summary(state))" }
            let changed = previous.route != state.route || previous.loadingScreen != state.loadingScreen
                || previous.spinner != state.spinner || previous.errorText != state.errorText
                || previous.resumeGate != state.resumeGate || previous.foreground != state.foreground
                || previous.alert != state.alert || previous.offlineBanner != state.offlineBanner
                || previous.systemSheet != state.systemSheet || previous.page != state.page
            return changed ? "shows \(summary(state))" : nil
        case .userAction(let action, let detail): return "taps \(action.rawValue)" + (detail.isEmpty ? "" : " \(detail)")
        case .actionUnavailable(let action, let route): return "wanted \(action.rawValue), not offered on \(route)"
        case .requestSent(let id, let timeout, let endpoint):
            return "→ \(endpoint.rawValue) #\(id)" + (timeout.map { " (timeout \($0)ms)" } ?? " (no timeout)")
        case .faultApplied(let id, let endpoint, let fault): return "fault on \(endpoint.rawValue) #\(id): \(fault)"
        case .responseReceived(let id, let endpoint, let outcome): return "← \(endpoint.rawValue) #\(id): \(outcome)"
        case .timerTick, .timerStarted, .timerStopped, .backendHandled, .screenAppeared, .screenDisappeared,
             .syncQueued, .syncDelivered, .stepCompleted, .phaseChanged, .note:
            return nil
        default:
            return event.canonicalText
        }
    }

    static func summary(_ state: ScreenState) -> String {
        var parts = [state.route.map(\.description) ?? "nothing (app not running)"]
        if let page = state.page { parts.append("page \(page)") }
        if let loading = state.loadingScreen { parts.append("loading '\(loading)'") }
        if let spinner = state.spinner { parts.append("spinner '\(spinner)'") }
        if let error = state.errorText { parts.append("error \"\(error)\"") }
        if state.resumeGate { parts.append("resume gate") }
        if let alert = state.alert { parts.append("alert \"\(alert)\"") }
        if let sheet = state.systemSheet { parts.append("system sheet \"\(sheet)\"") }
        if state.offlineBanner { parts.append("offline banner") }
        if !state.foreground { parts.append("(in background)") }
        if !state.choices.isEmpty { parts.append("lists " + state.choices.map { "\"\($0)\"" }.joined(separator: ", ")) }
        if !state.actions.isEmpty { parts.append("offers " + state.actions.map(\.rawValue).joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }
}
