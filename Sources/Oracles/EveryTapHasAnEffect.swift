import SimKernel
import AppVocabulary

/// Every tap has an effect: the silent dead end at the scale of one tap (seed 002 §3: "Button
/// spins, stops, and nothing happens"; 000 Pitfall 10: "nothing visibly happens").
///
/// A tap on an action the screen offered changes what the user sees within the flash window:
/// the route, a spinner, an error, the enabled actions, the resume gate, a countdown, on a
/// screen that stood for some time (one replaced in the same instant was never drawn). A tap the
/// screen did not offer is refused in the trace (`unavailable`) and not judged; a tap the app
/// refuses although the screen in front of the user offered it, with no tap of theirs since that
/// screen (a double tap's second may be refused), is a button that does nothing,
/// judged by the screen the user saw, not by the app's state behind it (mutation work: the Apple
/// sheet's close button stayed on screen after the app had stopped accepting it). A spinner
/// that already stood on the screen does not count: the tap itself must change something. Typing
/// and picking (`type-email`, `type-code`, `select-goal`) and `open-terms` (it leaves the app)
/// are not judged; nor is a tap followed within the window by a kill or a trip to the background.
public struct EveryTapHasAnEffect: Oracle {
    public let name = "everyTapHasAnEffect"
    public let summary = "a tap on an offered action changes what the user sees within the flash window"
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        if let refused = refusedOfferedTap(run) { return [refused] }
        let view = run.events([.userAction])
        for tap in view.places {
            // Typing, picking and links (`ActionRole.isEntry`) owe the flow no change.
            guard !run.role(ofTapAt: tap).isEntry,
                  let before = run.screen(atIndex: tap.index) else { continue }
            let deadline = min(tap.time.advanced(by: settings.flashWindow), run.end)
            // Most taps change the very next screen: look at it before anything else.
            let after = run.screens(after: tap.index, through: .max)
            if let next = after.indices.first, run.screens[next].time <= deadline, seen(next, changing: before.state, in: run) { continue }
            let end = run.lastIndex(atOrBefore: deadline)
            guard !run.screens(after: tap.index, through: end).indices.contains(where: { seen($0, changing: before.state, in: run) })
            else { continue }
            if run.events([.killed, .backgrounded]).between(after: tap.index, before: end + 1).first != nil { continue }
            guard case .userAction(let action, _) = view[tap] else { continue }
            return [Violation(oracle: name, at: deadline,
                              message: "'\(action.rawValue)' at \(tap.time) on \(before.state.route.map(\.description) ?? "no screen") "
                                + "changed nothing the user could see for \(tap.time.duration(to: deadline).totalMilliseconds)ms: "
                                + "a tap that does nothing. Show a spinner, an error or the next screen at once.",
                              excerpt: run.lines([before.index, tap.index]))]
        }
        return []
    }

    /// Whether the screen at `position` differs from `state` and stood long enough to be seen: a
    /// spinner put up and taken down in the same instant (a request that fails at once) was
    /// never drawn, and is no effect of the tap.
    private func seen(_ position: Int, changing state: ScreenState, in run: RunObservation) -> Bool {
        run.screens[position].state != state && run.screenEnds(at: position) > run.screens[position].time
    }

    /// The first tap the app refused on an action that the screen in front of the user offered.
    private func refusedOfferedTap(_ run: RunObservation) -> Violation? {
        let view = run.events([.actionUnavailable])
        for tap in view.places {
            guard case .actionUnavailable(let action, _) = view[tap], let before = run.screen(atIndex: tap.index),
                  before.state.foreground, before.state.route != nil, before.state.actions.contains(action) else { continue }
            // A second tap before the screen caught up with the user's first (a double tap) may
            // be refused: that is the app guarding against a double submission.
            if run.events([.userAction]).between(after: before.index, before: tap.index).first != nil { continue }
            return Violation(oracle: name, at: tap.time,
                             message: "'\(action.rawValue)' at \(tap.time) was on the screen (\(before.state.route.map(\.description) ?? "")) "
                                + "but the app refused the tap: a button that does nothing. Offer only what the app will take, "
                                + "and show each change of what it takes at once.",
                             excerpt: run.lines([before.index, tap.index]))
        }
        return nil
    }
}
