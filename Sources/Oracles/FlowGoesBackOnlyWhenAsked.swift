import SimKernel
import AppVocabulary

/// The flow goes back only when the user asks (issue #50; seed 000 Pitfall 6: "User completes
/// onboarding but sees it again"; 003: "Resume from where they left off").
///
/// Judged from the user's own record, in one launch: a step the user finished (they tapped on it
/// with an action that moves them on: Continue, Send code, Get started, Retry, and the app then
/// showed another step) does not show again unless they asked for it (Back, Start over, Use a
/// different email, Cancel, a sign-out) or something a seed names happened in between: the session
/// ended, the account was lost, the backend's journey changed (another device, a program reset,
/// 002 §10), the cache was corrupted. Once the main app shows, the flow is over: what follows is
/// judged by the rules of the main app. After a failed check and Retry, a user sent back to the
/// step before the one they were on has to do it again for nothing. A new launch is judged by the
/// rules of resuming (`resumesAtCachedStep`, the pages' own), not here.
public struct FlowGoesBackOnlyWhenAsked: Oracle {
    public let name = "flowGoesBackOnlyWhenAsked"
    public let summary = "a step the user finished in this launch does not come back unless they asked (Back, Start over, Cancel, sign-out) or a seed names why"
    /// A promise of any app's flow: judged by route kinds and the roles of the user's taps.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // The steps finished in this launch: the step, the tap that finished it, the step it led to.
        var finished: [(step: Route, tap: Int, action: UserAction, next: Route)] = []
        var shown: Route?
        var tap: (action: UserAction, on: Route, index: Int)?
        let view = run.events([.launched, .reinstalled, .screen, .userAction, .signedOut, .accountLost, .journeyChanged,
                                 .cacheCorrupted])
        for event in view.places {
            switch view[event] {
            case .launched, .reinstalled:
                finished.removeAll()
                (shown, tap) = (nil, nil)
            case .journeyChanged:
                // The backend records a change a request made just before it records the request
                // handled; any other change came from elsewhere (another device, a reset).
                let handled = run.events([.backendHandled]).between(after: event.index, before: event.index + 3)
                if handled.first?.time != event.time {
                    finished.removeAll()
                    tap = nil
                }
            case .signedOut, .accountLost, .cacheCorrupted:
                finished.removeAll()
                tap = nil
            case .userAction(let action, _):
                switch run.role(ofTapAt: event) {
                case .back, .startOver, .cancel, .signOut, .confirmSignOut:
                    // The user asked to go back, or to leave: what they finished is theirs to redo.
                    finished.removeAll()
                    tap = nil
                case .forward, .decline, .submit, .start, .retry:
                    tap = shown.map { (action, $0, event.index) }
                case .input, .choice, .resend, .link:
                    break
                }
            case .screen(let state):
                guard let route = state.route, route != shown else { continue }
                defer { shown = route }
                if let again = finished.first(where: { $0.step == route }) {
                    return [Violation(
                        oracle: name, at: event.time,
                        message: "The user finished \(route) ('\(again.action.rawValue)' took them on to \(again.next)), but "
                            + "\(route) showed again without them asking: no Back, Start over, Cancel or sign-out, and nothing a "
                            + "seed names (a session ended, an account lost, the journey changed). A finished step comes back only "
                            + "when the user asks (seed 000 Pitfall 6: \"User completes onboarding but sees it again\").",
                        excerpt: run.lines([again.tap, event.index]))]
                }
                if route.kind == .main {
                    // The flow is over: what the main app leads to is the user's (and a return to
                    // onboarding after it is `onboardingOncePerInstall`'s and `noRouteFlash`'s).
                    finished.removeAll()
                } else if let moved = tap, let from = shown, moved.on == from, from.isOnboardingOrAuth, route.kind != .launch,
                   !finished.contains(where: { $0.step == from }) {
                    finished.append((from, moved.index, moved.action, route))
                }
                tap = nil
            default:
                break
            }
        }
        return []
    }
}
