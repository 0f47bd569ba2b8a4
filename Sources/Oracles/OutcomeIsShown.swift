import SimKernel
import AppVocabulary

/// A tap's answered request shows its outcome (seed 002 §3: "Button spins, stops, and nothing
/// happens"; 000 Pitfall 10: "nothing visibly happens"; 002 §1: "Show error instead of
/// assuming", and the phase stays where it is only when the attempt failed).
///
/// Judged from the user's tap and the wire, not from the app's records. Once a request sent after
/// a tap (and before the user's next one) is answered, the first screen the user sees with the
/// app in front, and nothing else of the screen's in flight, shows what the answer was:
/// - answered `ok`: the screen is not the one they tapped on, unchanged (the same route, message,
///   offer of actions, alert and list). The user and the backend both did their part; a screen
///   that stands as before the tap tells them nothing happened;
/// - answered with a failure while the app was in the background (the user went to Mail for the
///   code): back in the app, the screen shows an error, another route, an alert or a new action.
///   A failure in front of the user is `failuresSurface`'s to judge, with its patience window;
///   this one has been waiting since before the user came back. A later request of the tap's
///   answered `ok` before then (a reload once the connection came back) makes it a success.
///
/// Judged at the end of the answer's instant, or at the end of the instant the app came back to
/// the front. The countdown, the banner and what the user typed are not compared (a tick or an
/// entry is no answer); a kill, a launch or a sign-out before that moment ends the judging, as does
/// a tap of the user's in the meantime (they moved on); background requests
/// (`RunObservation.backgroundEndpoints`) belong to no tap.
public struct OutcomeIsShown: Oracle {
    public let name = "outcomeIsShown"
    public let summary = "a tap's request, once answered, shows its outcome: success changes the tapped screen, a failure met while away shows on return"
    /// A promise of any app's screens (taps, requests and screens are shared vocabulary).
    public var apps: [AppID] { AppID.allCases }

    public init() {}

    /// A tap whose requests are being followed, and the answer that must show.
    private struct Watch {
        let tap: RunObservation.Event
        let tapped: ScreenState
        var requests: [Int] = []
        var answer: RunObservation.Event?
        /// When to judge: the answer's instant, or the return to the front; nil while in the background.
        var judgeAt: SimulationInstant?
        /// Whether the answer came while the app was in the background.
        var cameWhileAway = false
        /// Whether a later request of the tap's was answered `ok` after a failed first answer (a
        /// reload once the connection came back): the outcome to show is that success.
        var recovered = false
    }

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var watch: Watch?
        var open: [Int] = []  // the screen's requests in flight, whoever sent them
        for event in run.events([.userAction, .requestSent, .responseReceived, .killed, .launched, .signedOut, .foregrounded]) {
            if var current = watch, let at = current.judgeAt, event.time > at {
                if run.screen(atIndex: run.lastIndex(atOrBefore: at))?.state.foreground == true {
                    if let violation = judge(current, at: at, open: open, in: run) { return [violation] }
                    watch = nil
                } else {
                    (current.judgeAt, current.cameWhileAway) = (nil, true)
                    watch = current
                }
            }
            switch event.event {
            case .userAction:
                watch = run.screen(atIndex: event.index).flatMap { screen in
                    screen.state.foreground && screen.state.route != nil ? Watch(tap: event, tapped: screen.state) : nil
                }
            case .requestSent(let id, _, let endpoint) where !RunObservation.backgroundEndpoints.contains(endpoint):
                open.append(id)
                watch?.requests.append(id)
            case .responseReceived(let id, _, let outcome):
                open.removeAll { $0 == id }
                guard outcome != "cancelled", watch?.requests.contains(id) == true else { continue }
                if watch?.answer == nil {
                    watch?.answer = event
                    watch?.judgeAt = event.time
                } else if outcome == "ok" {
                    watch?.recovered = true
                }
            case .foregrounded:
                if watch?.answer != nil, watch?.judgeAt == nil { watch?.judgeAt = event.time }
            case .killed, .launched, .signedOut:
                watch = nil
                if case .killed = event.event { open.removeAll() }
            default:
                break
            }
        }
        if let current = watch, let at = current.judgeAt, let violation = judge(current, at: at, open: open, in: run) {
            return [violation]
        }
        return []
    }

    /// The screen at the end of the instant `at`, judged against the tapped one.
    private func judge(_ watch: Watch, at: SimulationInstant, open: [Int], in run: RunObservation) -> Violation? {
        guard let answer = watch.answer, open.isEmpty,
              let shown = run.screen(atIndex: run.lastIndex(atOrBefore: at)), shown.state.foreground,
              case .userAction(let action, _) = watch.tap.event,
              case .responseReceived(let id, let endpoint, let outcome) = answer.event else { return nil }
        let succeeded = outcome == "ok" || watch.recovered
        if succeeded ? !Self.unchanged(shown.state, since: watch.tapped) : !watch.cameWhileAway || Self.showsFailure(shown.state, since: watch.tapped) {
            return nil
        }
        let route = watch.tapped.route.map(\.description) ?? "the screen"
        let away = watch.cameWhileAway ? " while the app was in the background" : ""
        let what = succeeded ? "the screen stood as before the tap: the success was never shown, so the user cannot tell that anything happened"
            : "back in the app, the screen showed no error, no new screen and no way forward: the failure was never shown"
        return Violation(oracle: name, at: at,
                         message: "The user tapped '\(action.rawValue)' on \(route) at \(watch.tap.time); request \(id) "
                            + "(\(endpoint.rawValue)) was answered \(outcome) at \(answer.time)\(away), and at \(at) \(what). Show the outcome of an answer, also one that comes while the app "
                            + "is in the background (seed 002 §1, §3: \"Button spins, stops, and nothing happens\").",
                         excerpt: run.lines([watch.tap.index, answer.index, shown.index]))
    }

    /// The tapped screen as it was: what the app shows in answer, not the countdown's tick, the
    /// banner or what the user typed.
    static func unchanged(_ shown: ScreenState, since tapped: ScreenState) -> Bool {
        shown.route == tapped.route && shown.errorText == tapped.errorText && shown.spinner == tapped.spinner
            && shown.loadingScreen == tapped.loadingScreen && shown.actions == tapped.actions && shown.alert == tapped.alert
            && shown.choices == tapped.choices && shown.resumeGate == tapped.resumeGate
    }

    /// A failure on screen: an error, another route, an alert, or an action the tapped screen did
    /// not offer (a fallback), but not Resend coming back on its own.
    static func showsFailure(_ shown: ScreenState, since tapped: ScreenState) -> Bool {
        shown.errorText != nil || shown.route != tapped.route || shown.alert != nil
            || shown.actions.contains { $0 != .resendCode && !tapped.actions.contains($0) }
    }
}
