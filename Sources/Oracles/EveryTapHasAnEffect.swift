import SimKernel
import AppVocabulary

/// Every tap has an effect: the silent dead end at the scale of one tap (seed 002 §3: "Button
/// spins, stops, and nothing happens"; 000 Pitfall 10: "nothing visibly happens").
///
/// A tap on an action the screen offered changes what the user sees within the flash window:
/// the route, a spinner, an error, the enabled actions, the resume gate, a countdown (a tap the
/// screen did not offer is refused in the trace, `unavailable`, and not judged here). A spinner
/// that already stood on the screen does not count: the tap itself must change something. Typing
/// and picking (`type-email`, `type-code`, `select-goal`) and `open-terms` (it leaves the app)
/// are not judged; nor is a tap followed within the window by a kill or a trip to the background.
public struct EveryTapHasAnEffect: Oracle {
    public let name = "everyTapHasAnEffect"
    public let summary = "a tap on an offered action changes what the user sees within the flash window"
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var apps: [AppID] { AppID.allCases }
    static let notJudged: [UserAction] = [.typeEmail, .typeCode, .selectGoal, .openTerms]

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        for tap in run.events([.userAction]) {
            guard case .userAction(let action, _) = tap.event, !Self.notJudged.contains(action),
                  let before = run.screen(atIndex: tap.index) else { continue }
            let deadline = min(tap.time.advanced(by: settings.flashWindow), run.end)
            // Most taps change the very next screen: look at it before anything else.
            if let next = run.screens(after: tap.index, through: .max).first, next.time <= deadline,
               next.state != before.state { continue }
            let end = run.lastIndex(atOrBefore: deadline)
            guard !run.screens(after: tap.index, through: end).contains(where: { $0.state != before.state }) else { continue }
            if run.events([.killed, .backgrounded]).between(after: tap.index, before: end + 1).first != nil { continue }
            return [Violation(oracle: name, at: deadline,
                              message: "'\(action.rawValue)' at \(tap.time) on \(before.state.route.map(\.description) ?? "no screen") "
                                + "changed nothing the user could see for \(tap.time.duration(to: deadline).totalMilliseconds)ms: "
                                + "a tap that does nothing. Show a spinner, an error or the next screen at once.",
                              excerpt: run.lines([before.index, tap.index]))]
        }
        return []
    }
}
