import SimKernel
import AppVocabulary

/// An error that asks the user to try again shows with the way to do it (seed 002 §9's fix:
/// a failed resend says "Failed to resend code. Please try again." and, only on success,
/// `canResend = false; resendCountdown = 30`; §1: "Show error … Stay on current phase" with a
/// retry).
///
/// Judged from the user's own record: when an error whose text says "try again" appears on a
/// screen after the user tapped something there, then, once it has stood for the flash window,
/// that screen offers the tapped action again, or Retry, or the input the tap sent. An error
/// that promises another attempt while the button to make it is gone (a countdown restarted by
/// the failure, a Retry never offered) sends the user looking for a way that is not there.
public struct TryAgainIsOffered: Oracle {
    public let name = "tryAgainIsOffered"
    public let summary = "an error that says try again shows with the way to: the tapped action, its input, or Retry"
    /// A promise of any app's screens (errors and actions are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let taps = run.events([.userAction])
        var nextTap = 0
        var lastTap: (action: UserAction, index: Int)?
        var previous: ScreenState?
        for (position, screen) in run.screens.enumerated() {
            while nextTap < taps.count, taps[nextTap].index < screen.index {
                if case .userAction(let action, _) = taps[nextTap].event { lastTap = (action, taps[nextTap].index) }
                nextTap += 1
            }
            defer { previous = screen.state }
            guard let error = screen.state.errorText, let route = screen.state.route,
                  previous?.errorText != error || previous?.route != route,
                  TextSearch.contains(error, "try again", ignoringASCIICase: true),
                  // Typing and picking (`ActionRole.isInput`): the input a tap sent, which the user may change and send again.
                  let tap = lastTap, !run.roles.role(of: tap.action).isInput,
                  run.screen(atIndex: tap.index)?.state.route == route else { continue }
            guard let stood = standing(from: position, error: error, in: run, after: settings.flashWindow),
                  // An alert over the error is answered first (a sign-out asked while a load failed).
                  stood.state.foreground, stood.state.alert == nil,
                  !offersAnotherAttempt(stood.state, after: tap.action, in: run, since: tap.index)
            else { continue }
            return [Violation(oracle: name, at: stood.time,
                              message: "At \(screen.time) \(route) said \"\(error)\" after the user's '\(tap.action.rawValue)', "
                                + "but \(settings.flashWindow.totalMilliseconds)ms later it offered neither '\(tap.action.rawValue)' "
                                + "nor Retry (only \(stood.state.actions.map(\.rawValue))): the error asks for an attempt the user "
                                + "cannot make. Offer the failed action again, as 002 §9's fix restarts the countdown only on success.",
                              excerpt: run.lines([tap.index, screen.index, stood.index]))]
        }
        return []
    }

    /// The screen standing `window` after `run.screens[position]` appeared, if the same error
    /// still stood on the same route then (nil for an error that came and went within the window,
    /// or when the user acted within it: 10⁵ to 3·10⁵ seeds found a malformed email typed right
    /// after the error, which disabled Send code with the error still up).
    private func standing(from position: Int, error: String, in run: RunObservation, after window: Duration)
        -> (index: Int, time: SimulationInstant, state: ScreenState)? {
        let first = run.screens[position]
        let judgedAt = first.time.advanced(by: window)
        guard judgedAt <= run.end else { return nil }
        var standing = first
        for next in run.screens[(position + 1)...] {
            guard next.time <= judgedAt else { break }
            guard next.state.errorText == error, next.state.route == first.state.route else { return nil }
            standing = next
        }
        // The user acted within the window (typed a new entry, say): what stands answers them, not the failure.
        if run.events([.userAction]).between(after: first.index, before: standing.index + 1).first != nil { return nil }
        return standing
    }

    /// Whether `state` offers another attempt at `action`: the action itself, Retry, or the
    /// input the user sent with it (typed or picked just before the tap).
    private func offersAnotherAttempt(_ state: ScreenState, after action: UserAction, in run: RunObservation, since tap: Int) -> Bool {
        if state.actions.contains(action) || state.actions.contains(where: { run.roles.role(of: $0) == .retry }) { return true }
        guard let input = inputBefore(tap, in: run) else { return false }
        return state.actions.contains(input)
    }

    /// The input action the user took last before the tap at trace index `tap`, on the same screen.
    private func inputBefore(_ tap: Int, in run: RunObservation) -> UserAction? {
        let route = run.screen(atIndex: tap)?.state.route
        for event in run.events([.userAction]).between(after: -1, before: tap).reversed() {
            guard case .userAction(let action, _) = event.event, run.screen(atIndex: event.index)?.state.route == route else { return nil }
            if run.roles.role(of: action).isInput { return action }
        }
        return nil
    }
}
