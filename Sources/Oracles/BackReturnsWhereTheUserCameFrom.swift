import SimKernel
import AppVocabulary

/// Back takes the user to the screen they came from (seed 000 Pitfall 12: "Back navigation
/// behavior is inconsistent"; its fix, "Define clear back navigation rules": one `previous` per
/// step, the step the user was on before).
///
/// Judged by the screens the user saw and the taps that moved them: a Back tap that changes the
/// screen shows the screen the user's own tap brought them from, in this launch. A user who came
/// to the email screen by Log in from the intro goes back to the intro, not to an intake they
/// never saw. A screen the user did not reach by a tap of theirs (a launch's first, a resumed
/// step, one Back revealed) is not judged, and once signed in a sign-in step is not where Back
/// goes ("Can't go back after auth", `backNavigation`).
///
/// And the way forward again leads where Back came from: after Back from X to Y, the tap on Y that
/// took the user from Y to X earlier in this launch (Continue, Next, Send code), if it moves them,
/// moves them to X, not past it (000 Pitfall 12's one `previous` per step is one next too; tenth
/// batch: Next on the intake after stepping back skipped "intake complete" for the email step).
public struct BackReturnsWhereTheUserCameFrom: Oracle {
    public let name = "backReturnsWhereTheUserCameFrom"
    public let summary = "back shows the screen the user came from, as they saw it in this launch"
    /// A promise of any app whose screens offer Back.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let backTaps = run.events([.userAction]).places.filter { run.role(ofTapAt: $0) == .back }
        guard !backTaps.isEmpty else { return [] }
        var violations: [Violation] = []
        let taps = backTaps.map { (index: $0.index, time: $0.time) }
        for ((tap, time), cameFrom) in zip(taps, Self.cameFrom(at: taps.map(\.index), in: run)) {
            guard let cameFrom, let from = run.screen(atIndex: tap)?.state.route, from.isOnboardingOrAuth else { continue }
            // What the tap led to: the screen at the end of its instant, before the next tap.
            let nextTap = run.events([.userAction, .killed]).first { $0.index > tap }?.index ?? .max
            guard let after = run.screen(atIndex: min(run.lastIndex(atOrBefore: time), nextTap - 1)), after.index > tap,
                  let to = after.state.route, to != from, to.isOnboardingOrAuth, to != cameFrom else { continue }
            if run.signedInUser(atIndex: tap) != nil && cameFrom.kind == .auth { continue }
            violations.append(Violation(oracle: name, at: after.time,
                                        message: "Back on \(from) showed \(to), but the user had come to \(from) from \(cameFrom). "
                                            + "Back returns to the step the user was on before (seed 000 Pitfall 12).",
                                        excerpt: run.lines([tap, after.index])))
        }
        if violations.isEmpty, let skipped = forwardAfterBack(run) { violations.append(skipped) }
        return violations
    }

    /// The first forward tap after a Back that moved the user past the step Back had left.
    func forwardAfterBack(_ run: RunObservation) -> Violation? {
        // Where each (screen, tap) last moved the user in this launch, and the Back just taken: (to, from, tap's index).
        var moves: [(on: Route, action: UserAction, to: Route)] = []
        var backed: (on: Route, left: Route, index: Int)?
        var tap: (action: UserAction, on: Route, index: Int)?
        var shown: Route?
        let view = run.events([.launched, .screen, .userAction, .signedIn, .signedOut])
        for event in view.places {
            switch view[event] {
            case .userAction(let action, _):
                tap = shown.map { (action, $0, event.index) }
            case .screen(let state):
                guard let route = state.route, route != shown else { continue }
                defer { shown = route }
                guard let moved = tap, moved.on == shown, route.isOnboardingOrAuth, moved.on.isOnboardingOrAuth else {
                    backed = nil
                    continue
                }
                tap = nil
                if run.roles.role(of: moved.action) == .back {
                    backed = (route, moved.on, moved.index)
                    continue
                }
                if let back = backed, back.on == moved.on, route != back.left,
                   moves.contains(where: { $0.on == moved.on && $0.action == moved.action && $0.to == back.left }) {
                    return Violation(oracle: name, at: event.time,
                                     message: "After Back from \(back.left) to \(moved.on), '\(moved.action.rawValue)' showed \(route), "
                                        + "but the same tap had taken the user from \(moved.on) to \(back.left) before: the step they "
                                        + "went back to see is skipped. The way forward leads to the step Back left (seed 000 Pitfall 12).",
                                     excerpt: run.lines([back.index, moved.index, event.index]))
                }
                backed = nil
                moves.removeAll { $0.on == moved.on && $0.action == moved.action }
                moves.append((moved.on, moved.action, route))
            default:
                // A launch or a change of who is signed in: moves of before need not hold.
                (moves, backed, tap, shown) = ([], nil, nil, view[event].kind == .launched ? nil : shown)
            }
        }
        return nil
    }

    /// For each Back tap (trace index, in order), the screen the user's own move brought them
    /// from to the screen they tapped it on, in this launch; nil if they did not come to it by a
    /// move of theirs (a launch's first screen, one Back revealed, one the app moved to).
    ///
    /// A move is the first change of screen after a tap (a tap's answer may come later), unless
    /// the tap was Back. A move to the screen the user came from (Use a different email, from the
    /// code screen to the email screen) goes back: it keeps where they came from to that one.
    static func cameFrom(at taps: [Int], in run: RunObservation) -> [Route?] {
        var cameFrom: [(route: Route, from: Route)] = []
        var answers: [Route?] = []
        var pending = taps[...]
        var shown: Route?
        var tappedOn: Route?
        func from(_ route: Route) -> Route? { cameFrom.first { $0.route == route }?.from }
        let view = run.events([.launched, .screen, .userAction])
        for event in view.places {
            while let tap = pending.first, tap < event.index {
                answers.append(shown.flatMap(from))
                pending = pending.dropFirst()
            }
            switch view[event] {
            case .userAction:
                tappedOn = run.role(ofTapAt: event) == .back ? nil : shown
            case .screen(let state):
                guard let route = state.route, route != shown else { continue }
                defer { shown = route; tappedOn = nil }
                guard let previous = shown, tappedOn == previous, route.isOnboardingOrAuth, previous.isOnboardingOrAuth,
                      from(previous) != route else { continue }
                cameFrom.removeAll { $0.route == route }
                cameFrom.append((route, previous))
            default:
                cameFrom.removeAll()
                shown = nil
                tappedOn = nil
            }
        }
        for _ in pending { answers.append(shown.flatMap(from)) }
        return answers
    }
}
