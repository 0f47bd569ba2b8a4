import SimKernel
import AppVocabulary

/// An error tells the user their entry was wrong only when the backend said so (seed 002 §1's
/// fix: a failed call shows "Couldn't connect. Please check your connection and try again.";
/// 002's `verifyCode` answers a rejected code with the code's own error).
///
/// Judged from the user's own record and the network's: after a request that carried what the
/// user typed or picked (a code, an email, a goal) failed without the backend judging it
/// (dropped, timed out, sent offline, or a 5xx), the error the user next sees on that screen does
/// not call their entry wrong ("didn't work", "invalid", "incorrect", "check it" …) unless it
/// also names the connection. Told their code was wrong when it never reached the backend, the
/// user retypes a right code, or asks for new ones, instead of waiting for the network.
public struct InputBlamedOnlyWhenRejected: Oracle {
    public let name = "inputBlamedOnlyWhenRejected"
    public let summary = "an error calls the user's entry wrong only after the backend rejected it, never after a network failure"
    /// A promise of any app's screens (errors, requests and their answers are shared vocabulary).
    public var isShared: Bool { true }

    /// Words that call an entry wrong.
    static let blame = ["didn't work", "did not work", "invalid", "incorrect", "not valid", "check it", "is wrong",
                        "was wrong", "doesn't match", "does not match"]
    /// Words that say the connection failed: an error that names it does not blame the entry.
    static let connection = ["connect", "offline", "network", "internet"]

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var carried: [Int] = []
        let view = run.events([.requestCarries, .responseReceived])
        for event in view.places {
            switch view[event] {
            case .requestCarries(let id, _):
                carried.append(id)
            case .responseReceived(let id, let endpoint, let outcome):
                guard carried.contains(id), !Self.judgedByTheBackend(outcome),
                      let (screen, error) = nextError(after: event.index, endpoint: endpoint, in: run),
                      Self.blamesTheEntry(error) else { continue }
                return [Violation(oracle: name, at: screen.time,
                                  message: "\(endpoint.rawValue) #\(id), which carried what the user entered, failed with "
                                    + "\(outcome) (the backend never judged it), yet \(screen.state.route.map(\.description) ?? "the screen") "
                                    + "said \"\(error)\": the user is told their entry was wrong. Say the connection failed "
                                    + "(seed 002 §1: \"Couldn't connect. Please check your connection and try again.\").",
                                  excerpt: run.lines([event.index, screen.index]))]
            default:
                break
            }
        }
        return []
    }

    /// Whether the backend answered: a success, or a 4xx (its judgement of what was sent).
    static func judgedByTheBackend(_ outcome: String) -> Bool {
        outcome == "ok" || outcome == "cancelled" || TextSearch.hasPrefix(outcome, "status 4")
    }

    static func blamesTheEntry(_ error: String) -> Bool {
        blame.contains { TextSearch.contains(error, $0, ignoringASCIICase: true) }
            && !connection.contains { TextSearch.contains(error, $0, ignoringASCIICase: true) }
    }

    /// The first error shown after trace index `index` that the screen before it did not show,
    /// before the user acts again or the app sends `endpoint` again (an error after that answers
    /// the new attempt: the app waited for the connection and sent it once more): the app's answer
    /// to the failure.
    private func nextError(after index: Int, endpoint: Endpoint, in run: RunObservation)
        -> ((index: Int, time: SimulationInstant, state: ScreenState), String)? {
        let nextAction = run.events([.userAction]).between(after: index, before: Int.max).first?.index ?? Int.max
        let nextAttempt = run.events([.requestSent]).between(after: index, before: nextAction).first {
            if case .requestSent(_, _, endpoint) = $0.event { true } else { false }
        }?.index ?? Int.max
        var shown = run.screen(atIndex: index)?.state.errorText
        for screen in run.screens(after: index, through: min(nextAction, nextAttempt) - 1) {
            defer { shown = screen.state.errorText }
            guard let error = screen.state.errorText, error != shown, screen.state.foreground else { continue }
            return (screen, error)
        }
        return nil
    }
}
