import SimKernel
import AppVocabulary

/// A tap's answered request shows its outcome (seed 002 §3: "Button spins, stops, and nothing
/// happens"; 000 Pitfall 10: "nothing visibly happens"; 002 §1: "Show error instead of
/// assuming", and the phase stays where it is only when the attempt failed).
///
/// Judged from the user's tap and the wire, not from the app's records. Once the requests sent
/// after a tap (and before the user's next one) are answered, and nothing else of the screen's is
/// in flight, the first screen the user sees with the app in front shows what the last answer was:
/// - answered `ok`: some screen since the first success (in front, or drawn while the user was
///   away: a resend's countdown that ran out before they came back) is not the one they tapped
///   on, unchanged (the same route, message, offer of actions, alert and list). The user and the
///   backend both did their part; a screen that stands as before the tap tells them nothing
///   happened;
/// - answered with a failure while the app was in the background (the user went to Mail for the
///   code): back in the app, the screen shows an error, another route, an alert or a new action.
///   A failure in front of the user is `failuresSurface`'s to judge, with its patience window;
///   this one has been waiting since before the user came back. A later request of the tap's
///   answered `ok` (a reload once the connection came back) makes it a success, and a failure
///   after a success (an approve taken, then its activation refused) a failure.
///
/// A failure offline whose error went once the connection came back while the user was away,
/// with the tapped action offered again, is shown as the offline designs accept (`noSilentDeadEnd`
/// accepts the same).
///
/// A request that loads the main screen's content (`.loadsContent`) answered `ok` shows its outcome
/// when the content is on screen, the same as before or not.
///
/// Judged at the end of the last answer's instant, or at the end of the instant the app came back
/// to the front, once the screen shows no wait (a spinner or a loading screen over it means the app
/// is still at work: a retry due, a request waiting for the connection). The countdown, the banner and what the user typed are not compared (a tick or an
/// entry is no answer); a kill, a launch or a sign-out before that moment ends the judging, as does
/// a tap of the user's in the meantime (they moved on); background requests
/// (`RequestRole.Cause.background`) belong to no tap.
public struct OutcomeIsShown: Oracle {
    public let name = "outcomeIsShown"
    public let summary = "a tap's request, once answered, shows its outcome: success changes the tapped screen, a failure met while away shows on return"
    /// A promise of any app's screens (taps, requests and screens are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    /// A tap whose requests are being followed, and the answer that must show.
    private struct Watch {
        /// Where the tap and its answer are (places, not copies: a watch is copied as the walk goes).
        let tap: EventPlace
        let tapped: ScreenState
        /// The first request sent since the tap (ids only grow): the tap's are it and those after
        /// it, background ones aside.
        var firstRequest: Int?
        /// The last answer to one of the tap's requests: the outcome to show.
        var answer: EventPlace?
        /// The trace index of the first `ok` among those answers, if any.
        var firstSuccess: Int?
        /// When to judge: an answer's instant, or the return to the front; nil while in the
        /// background, or while another request of the screen's is out.
        var judgeAt: SimulationInstant?
        /// Whether an answer came while the app was in the background.
        var cameWhileAway = false
    }

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var watch: Watch?
        var open: [Int] = []  // the screen's requests in flight, whoever sent them
        let view = run.events([.userAction, .requestSent, .responseReceived, .killed, .launched, .signedOut, .foregrounded])
        for event in view.places {
            if let at = watch?.judgeAt, event.time > at, var current = watch {
                current.judgeAt = nil
                let shown = run.screen(atIndex: run.lastIndex(atOrBefore: at))?.state
                if shown?.foreground != true {
                    current.cameWhileAway = true
                    watch = current
                } else if !open.isEmpty || shown?.spinner != nil || shown?.loadingScreen != nil {
                    // Still at work (another request out, or a wait on screen: a retry due, a
                    // request waiting for the connection): judged at the next answer; a wait that
                    // never ends is noSilentDeadEnd's.
                    watch = current
                } else {
                    if let violation = judge(current, at: at, in: run) { return [violation] }
                    watch = nil
                }
            }
            switch view[event] {
            case .userAction:
                watch = run.screen(atIndex: event.index).flatMap { screen in
                    screen.state.foreground && screen.state.route != nil ? Watch(tap: event, tapped: screen.state) : nil
                }
            case .requestSent(let id, _, _) where !run.isBackground(at: event, id: id):
                open.append(id)
                if watch != nil, watch?.firstRequest == nil { watch?.firstRequest = id }
            case .responseReceived(let id, _, let outcome):
                open.removeEvery(id)
                guard outcome != "cancelled", let first = watch?.firstRequest, id >= first,
                      !run.isBackground(at: event, id: id) else { continue }
                watch?.answer = event
                watch?.judgeAt = event.time
                if outcome == "ok", watch?.firstSuccess == nil { watch?.firstSuccess = event.index }
            case .foregrounded:
                if watch?.answer != nil, watch?.cameWhileAway == true { watch?.judgeAt = event.time }
            case .killed, .launched, .signedOut:
                watch = nil
                if case .killed = view[event] { open.removeAll() }
            default:
                break
            }
        }
        if let current = watch, let at = current.judgeAt, open.isEmpty, let violation = judge(current, at: at, in: run) {
            return [violation]
        }
        return []
    }

    /// The screen at the end of the instant `at`, judged against the tapped one: after a success,
    /// some screen since it (drawn in front, or while the user was away) differed from the tapped
    /// one; after a failure met while away, the screen back in front shows it.
    private func judge(_ watch: Watch, at: SimulationInstant, in run: RunObservation) -> Violation? {
        guard let answer = watch.answer,
              let shown = run.screen(atIndex: run.lastIndex(atOrBefore: at)), shown.state.foreground,
              shown.state.spinner == nil, shown.state.loadingScreen == nil,
              case .userAction(let action, _) = run.events[watch.tap.position].event,
              case .responseReceived(let id, let endpoint, let outcome) = run.events[answer.position].event else { return nil }
        let succeeded = outcome == "ok"
        if succeeded {
            // A reload's outcome is the content it loaded (a pull to refresh that brings the same
            // list shows it again, after its spinner): the content request's, shown.
            if run.roles.endpoint(endpoint, is: .loadsContent), shown.state.contentOwner != nil { return nil }
            let since = watch.firstSuccess ?? answer.index
            // The screen in place at the success counts unless it is the wait for it (a goal list
            // generated ahead answers a tap whose screen had already moved on).
            if let standing = run.screen(atIndex: since), standing.state.spinner == nil, standing.state.loadingScreen == nil,
               !Self.unchanged(standing.state, since: watch.tapped) { return nil }
            let screens = run.screens(after: since, through: shown.index)
            if screens.contains(where: { !Self.unchanged($0.state, since: watch.tapped) }) { return nil }
        } else if !watch.cameWhileAway || Self.showsFailure(shown.state, since: watch.tapped, roles: run.roles) {
            return nil
        } else if outcome == "offline", shown.state.actions.contains(action),
                  run.events([.connectivity]).between(after: answer.index, before: shown.index + 1).last.map({ event in
                      if case .connectivity(true) = event.event { true } else { false }
                  }) == true {
            // Failed offline, and the connection came back while the user was away: the error went
            // with the connection and the tap is offered again (one of the offline designs shipped
            // apps use; docs/your-app.md): the user can go on.
            return nil
        }
        let route = watch.tapped.route.map(\.description) ?? "the screen"
        let away = watch.cameWhileAway ? " while the app was in the background" : ""
        let what = succeeded ? "the screen stood as before the tap: the success was never shown, so the user cannot tell that anything happened"
            : "back in the app, the screen showed no error, no new screen and no way forward: the failure was never shown"
        return Violation(oracle: name, at: at,
                         message: "The user tapped '\(action.rawValue)' on \(route) at \(watch.tap.time); request \(id) "
                            + "(\(endpoint.rawValue)) was answered \(outcome) at \(answer.time)\(away), and at \(at) \(what). "
                            + "Show the outcome of an answer, also one that comes while the app is in the background "
                            + "(seed 002 §1, §3: \"Button spins, stops, and nothing happens\").",
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
    static func showsFailure(_ shown: ScreenState, since tapped: ScreenState, roles: AppRoles) -> Bool {
        shown.errorText != nil || shown.route != tapped.route || shown.alert != nil
            || shown.actions.contains { !tapped.actions.contains($0) && roles.role(of: $0) != .resend }
    }
}
