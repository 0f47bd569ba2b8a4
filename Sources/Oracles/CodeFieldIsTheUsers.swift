import SimKernel
import AppVocabulary

/// The code field shows what the user typed, and only that (seed 002 §6, §9: each code screen
/// waits for the code of the email just sent; 003: "Force-quit mid-onboarding: Resume from where
/// they left off", not with another visit's input).
///
/// Every screen of the code step shows in its field exactly the code the user last typed since
/// the step appeared, or nothing if they typed none yet or asked for another code since (a
/// Resend voids the old code: clearing it is right, keeping it is the user's own text): a code left over from an earlier visit
/// (an old code, another email's) is not one the user entered for this one, and Verify would send it.
public struct CodeFieldIsTheUsers: Oracle {
    public let name = "codeFieldIsTheUsers"
    public let summary = "the code field shows the code the user typed on this visit of the code screen, or nothing"
    /// A promise of any app with a code screen (declared by its code actions).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard !run.roles.codeActions.isEmpty else { return [] }
        var visit = CodeVisits(run)
        for screen in run.screens {
            visit.advance(to: screen)
            let onCodeScreen = visit.isCodeScreen(screen.state.route)
            if !onCodeScreen, !screen.state.codeField.isEmpty {
                return [Violation(oracle: name, at: screen.time,
                                  message: "At \(screen.time) \(screen.state.route?.description ?? "no screen") showed a code field "
                                    + "with \"\(screen.state.codeField)\": the code belongs to the code screen (seed 002 §6).",
                                  excerpt: run.lines([screen.index]))]
            }
            // After a Resend the old code is void: an app may clear the field for the new one.
            guard onCodeScreen, screen.state.codeField != visit.typed,
                  !(screen.state.codeField.isEmpty && visit.resentSinceTyping) else { continue }
            let typed = visit.typed.isEmpty ? "typed no code yet" : "typed \"\(visit.typed)\""
            return [Violation(oracle: name, at: screen.time,
                              message: "At \(screen.time) the code field showed \"\(screen.state.codeField)\" but the user had "
                                + "\(typed) since the code screen appeared at \(visit.start?.time ?? screen.time): a code from "
                                + "before would be verified as theirs. Clear the field for each new code (seed 002 §6).",
                              excerpt: run.lines([visit.start?.index, visit.lastTyping, screen.index].compactMap { $0 }))]
        }
        return []
    }
}

/// Walks a run's screens and the user's typing in trace order, keeping what the user typed into
/// the code field since the code screen last appeared (a launch ends every visit). A code screen
/// is a route whose screen offered an action the app declares as typing or sending a code
/// (`AppRoles.codeActions`), or where the user typed one, as the walk has seen so far.
struct CodeVisits {
    /// The user's inputs and the launches, walked by place (read in place, never copied).
    private let view: RunObservation.EventsOfKinds
    private var inputs: IndexingIterator<RunObservation.EventsOfKinds.Places>
    private var pending: EventPlace?
    /// `pending`'s trace index (`Int.max` when none).
    private var pendingIndex = Int.max
    private var onCodeScreen = false
    /// The run's tap roles, by position (`RunObservation.role(ofTapAt:)`).
    private let tapRoles: [ActionRole]
    /// The actions that type or send a code (`AppRoles.codeActions`), read once.
    private let codeActions: [UserAction]
    /// The routes found to be code screens so far, in the order found.
    private var codeRoutes: [Route] = []
    /// The route of the last screen taken in, and where and when it showed.
    private var route: Route?
    private var shownAt: (index: Int, time: SimulationInstant)?
    /// The code the user typed on this visit ("" before they type).
    private(set) var typed = ""
    private(set) var start: (index: Int, time: SimulationInstant)?
    private(set) var lastTyping: Int?
    /// Whether the user asked for another code (an action of role `.resend`) since they last typed.
    private(set) var resentSinceTyping = false
    /// The code the user last asked to send on this visit: what they had typed at their last tap
    /// that sends it (`.submit(.code)`: Verify), or the code a request sent on a keystroke of theirs
    /// carried (`asked(_:)`); nil before either.
    private(set) var asked: String?

    init(_ run: RunObservation) {
        view = run.events([.userAction, .launched])
        inputs = view.places.makeIterator()
        pending = inputs.next()
        pendingIndex = pending?.index ?? .max
        tapRoles = run.actionRoles
        codeActions = run.roles.codeActions
    }

    /// Whether `route` is a code screen (as far as the walk has seen).
    func isCodeScreen(_ route: Route?) -> Bool { route.map { codeRoutes.contains($0) } ?? false }

    /// Takes in the user's inputs before `screen`, then the screen itself.
    mutating func advance(to screen: (index: Int, time: SimulationInstant, state: ScreenState)) {
        advance(before: screen.index)
        if !codeActions.isEmpty, let route = screen.state.route, !codeRoutes.contains(route),
           screen.state.actions.contains(where: codeActions.contains) {
            codeRoutes.append(route)
        }
        route = screen.state.route
        shownAt = (screen.index, screen.time)
        let here = isCodeScreen(route)
        if here && !onCodeScreen { startVisit(at: screen.index, screen.time) }
        onCodeScreen = here
    }

    private mutating func startVisit(at index: Int, _ time: SimulationInstant) {
        typed = ""
        start = (index, time)
        lastTyping = nil
        resentSinceTyping = false
        asked = nil
    }

    /// A request sent on a user's action carried `code`, which the user typed: that is what they asked to send.
    mutating func asked(_ code: String) { if onCodeScreen { asked = code } }

    /// Takes in the user's inputs recorded before trace index `index`. (The next input's index is
    /// kept apart: a screen with no input before it costs a comparison, not a copy of the event.)
    mutating func advance(before index: Int) {
        while pendingIndex < index, let event = pending {
            switch view[event] {
            case .userAction(_, let detail):
                switch tapRoles[event.position] {
                case .input(.code):
                    // Typing a code where the user is makes it a code screen, from the screen they typed on.
                    if !onCodeScreen, let route {
                        if !codeRoutes.contains(route) { codeRoutes.append(route) }
                        if let shownAt { startVisit(at: shownAt.index, shownAt.time) }
                        onCodeScreen = true
                    }
                    guard onCodeScreen else { break }
                    typed = ValidEmailAccepted.unquote(detail) ?? detail
                    lastTyping = event.index
                    resentSinceTyping = false
                case .resend:
                    if onCodeScreen { resentSinceTyping = true }
                case .submit(.code):
                    if onCodeScreen, !typed.isEmpty { asked = typed }
                default: break
                }
            case .launched:
                onCodeScreen = false
                route = nil
            default: break
            }
            pending = inputs.next()
            pendingIndex = pending?.index ?? .max
        }
    }
}
