import SimKernel
import AppVocabulary

/// A relaunch lands where the user was, not past it (#64 item 1: "where a relaunch lands"; 003:
/// "Force-quit mid-onboarding: Resume from where they left off (cached step)").
///
/// Judged on the user's record, for every app that declares its steps' order
/// (`AppRoles.stepOrder`): when the app is killed on a step of the flow that the user had not
/// finished (no tap of theirs but typing or picking since it showed, and no answer `ok` to a
/// request of theirs), the next launches take them to no step after it that they never reached
/// (a later step, or the main app, not shown before in this install) until they take one of that
/// step's own actions, an earlier step shows (they go on from there by their own taps), the step
/// shows again with its own actions, or the backend vouches for more (a request they wait on
/// answered `ok`: the journey's catch-up). A step only the phone knows (a permission ask, a
/// celebration) skipped by a relaunch leaves the user never asked, and nothing else sees it.
public struct RelaunchSkipsNoStep: Oracle {
    public let name = "relaunchSkipsNoStep"
    public let summary = "after a kill on a step the user had not finished, the relaunch takes them to no later step they never reached"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Most runs are never killed: nothing to judge.
        let roles = run.roles
        let order = roles.stepOrder
        guard !order.isEmpty, !run.events([.killed]).isEmpty else { return [] }
        var seen: [Route] = []
        // The step on screen and whether the user finished it (a tap, or an answer they waited on).
        var current: (route: Route, actions: [UserAction], index: Int)?
        var finished = false
        // The step a kill left unfinished, until the next launches resume it or move on rightly.
        var left: (route: Route, actions: [UserAction], index: Int)?
        let view = run.events([.reinstalled, .killed, .userAction, .responseReceived, .screen])
        for event in view.places {
            switch view[event] {
            case .reinstalled:
                seen.removeAll()
                current = nil
                left = nil
            case .killed:
                // A second kill before the step was resumed keeps what the step itself offered.
                if let step = current, order.contains(step.route), !finished, left?.route != step.route { left = step }
                current = nil
            case .userAction(let action, _):
                guard !run.role(ofTapAt: event).isEntry else { continue }
                finished = true
                if let step = left, step.actions.contains(action) { left = nil }
            case .responseReceived(let id, let endpoint, "ok"):
                guard !run.isBackground(at: event, id: id) else { continue }
                // The user's own request finishes their step; any answer they wait on vouches after a relaunch.
                if roles.role(of: endpoint).cause == .tap { finished = true }
                left = nil
            case .screen(let state):
                guard let route = state.route else { continue }
                if current?.route != route {
                    current = (route, state.actions, event.index)
                    finished = false
                } else if !state.actions.isEmpty {
                    current?.actions = state.actions
                }
                defer { if !seen.contains(route) { seen.append(route) } }
                guard let step = left else { continue }
                // The step shown again with its own actions (not behind the resume gate or a sheet),
                // or with the actions it offered before the kill.
                if route == step.route, (!state.resumeGate && state.systemSheet == nil && !state.actions.isEmpty)
                    || state.actions.contains(where: step.actions.contains) {
                    left = nil
                    continue
                }
                // Taken back to an earlier step, the user goes on from there by their own taps.
                if let from = order.firstIndex(of: step.route), let at = order.firstIndex(of: route), at < from {
                    left = nil
                    continue
                }
                guard !seen.contains(route), let from = order.firstIndex(of: step.route),
                      route.kind == .main || (order.firstIndex(of: route).map { $0 > from } ?? false) else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "Killed on \(step.route) before the user finished it, the app relaunched them at \(event.time) "
                                    + "to \(route), a step they never reached: a relaunch resumes where the user was (003: \"Resume "
                                    + "from where they left off\"), and goes further only by that step's own actions or the backend's word.",
                                  excerpt: run.lines([step.index, event.index]))]
            default:
                break
            }
        }
        return []
    }
}
