import SimKernel
import AppVocabulary

/// A relaunch does not ask again a step the backend already accepted (#64 item 1: "a step the
/// backend accepted is not asked again"; 003: "Force-quit mid-onboarding: Resume from where they
/// left off (cached step)", "Cache stores full status").
///
/// Judged on the user's record, for every app that declares its steps' order
/// (`AppRoles.stepOrder`): a step is accepted when the user finished it there (a tap of theirs
/// on it, an answer `ok` to a request they waited on, and then a later step or the main app).
/// When the app is killed on a later step and launched again, the first step it asks of the
/// user (a step screen with its own actions, not behind the resume gate, a sheet, a spinner or
/// the launch screen), before any tap of theirs but Resume, is not one of those accepted steps: the user
/// would pick the goal, or sign up, a second time for a backend that has it. Not judged after a
/// sign-out, a reinstall, an account lost or changed on another device while the app was closed
/// or while none of its requests was out (the backend's word moved), or a launch that fell back to the start because its check failed
/// (003: "Timeout fallback: Show onboarding if backend check fails").
public struct AcceptedStepNotAskedAgain: Oracle {
    public let name = "acceptedStepNotAskedAgain"
    public let summary = "after a kill, the relaunch does not ask again a step the backend accepted from the user"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let roles = run.roles
        let order = roles.stepOrder
        // Most runs are never killed: nothing to judge.
        guard !order.isEmpty, !run.events([.killed]).isEmpty else { return [] }
        func position(_ route: Route) -> Int? { route.kind == .main ? order.count : order.firstIndex(of: route) }
        // The steps the user finished with the backend's `ok`, in this install and session.
        var accepted: [(route: Route, index: Int)] = []
        // The step of the user's last tap, and whether an answer they waited on came `ok` since.
        var tapped: (route: Route, answered: Bool)?
        var current: Route?
        var user: String?
        var running = false
        var gateUp = false
        // The step a kill left, while the next launch is judged.
        var left: (route: Route, index: Int, launch: Int?)?
        // The app's requests out now: a journey that changes with none out changed elsewhere.
        var inFlight = 0
        let view = run.events([.reinstalled, .signedOut, .accountLost, .signedIn, .journeyChanged, .killed, .launched,
                                 .userAction, .requestSent, .responseReceived, .screen])
        for event in view.places {
            switch view[event] {
            case .reinstalled, .signedOut, .accountLost:
                accepted.removeAll()
                tapped = nil
                left = nil
            case .signedIn(let who):
                if who != user { accepted.removeAll() }
                user = who
            case .journeyChanged:
                // Changed on another device while the app was closed, or while it ran with none of
                // its requests out (a reset elsewhere the app had not heard of when it was
                // killed): the backend's word moved.
                if !running || inFlight == 0 { accepted.removeAll() }
            case .requestSent:
                inFlight += 1
            case .killed:
                running = false
                tapped = nil
                if let route = current, position(route) != nil { left = (route, event.index, nil) }
                current = nil
            case .launched:
                running = true
                inFlight = 0
                if left != nil { left?.launch = run.launches.lastIndex { $0.startIndex <= event.index } }
            case .userAction:
                let role = run.role(ofTapAt: event)
                guard !role.isEntry else { continue }
                // Resume on the resume gate asks for the place the relaunch kept: still judged.
                if gateUp, role != .startOver { continue }
                left = nil
                tapped = current.flatMap { position($0) != nil ? ($0, false) : nil }
            case .responseReceived(let id, let endpoint, let outcome):
                inFlight = max(0, inFlight - 1)
                guard outcome == "ok" else { continue }
                // The step's own request (the tap's), not a load the next step makes; a code sent
                // is a challenge the backend keeps for minutes, not a step it stored.
                let role = roles.role(of: endpoint)
                if tapped != nil, !run.isBackground(at: event, id: id), role.cause == .tap, role.purpose != .sendsCode {
                    tapped?.answered = true
                }
            case .screen(let state):
                gateUp = state.resumeGate
                guard let route = state.route else { continue }
                current = route
                if let step = tapped, step.answered, let from = position(step.route), let at = position(route), at > from {
                    if !accepted.contains(where: { $0.route == step.route }) { accepted.append((step.route, event.index)) }
                    tapped = nil
                }
                guard let kill = left, let launch = kill.launch, let at = order.firstIndex(of: route),
                      !state.resumeGate, state.systemSheet == nil, state.spinner == nil, state.loadingScreen == nil,
                      !state.actions.isEmpty else { continue }
                left = nil
                guard let done = accepted.first(where: { $0.route == route }), let from = position(kill.route), at < from,
                      !run.fellBack(run.launches[launch]) else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "Killed on \(kill.route), the app relaunched the user at \(event.time) onto \(route), a "
                                    + "step they had finished and the backend had accepted: they are asked it again. A relaunch "
                                    + "resumes where the user was (003: \"Force-quit mid-onboarding: Resume from where they left "
                                    + "off\"); keep each step the user reached, or ask the backend where they are.",
                                  excerpt: run.lines([done.index, kill.index, event.index]))]
            default:
                break
            }
        }
        return []
    }
}
