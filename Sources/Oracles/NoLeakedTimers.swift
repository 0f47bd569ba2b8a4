import SimKernel
import AppVocabulary

/// No leaked timers (seed 002 §5: "This timer runs forever — even after the view is removed").
///
/// A promise of every app, judged on its screens (and on its timers where its app code records
/// them): the resend countdown (`ScreenState.countdown`) falls by exactly one per virtual second,
/// and shows on a code screen only (a screen that offers typing or sending a code,
/// `AppRoles.codeActions`); no timer ticks after the screen that owns it disappeared (or the app
/// was killed). The screen is judged as the user saw it, not only by the app's own record of it:
/// a timer also ends when the route it started on is left. A timer left running when its screen
/// went shows as a countdown that falls two a second once the screen starts another, or one that
/// follows the user to another screen.
public struct NoLeakedTimers: Oracle {
    public let name = "noLeakedTimers"
    public let summary = "no timer outlives its screen; the resend countdown falls exactly one per second"
    /// A promise of any app that shows a countdown.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        leakedTicks(run) + irregularCountdowns(run) + strayCountdowns(run)
    }

    /// A countdown on any screen but a code screen: the code screen's timer outlived it. (An app
    /// that declares no code actions shows its countdown where it likes.)
    private func strayCountdowns(_ run: RunObservation) -> [Violation] {
        let codeActions = run.roles.codeActions
        guard !codeActions.isEmpty else { return [] }
        // One pass: the code screens (routes that offer a code action somewhere in the run), and
        // the first screen of each other route that showed a countdown before it was seen as one,
        // in front of the user (a screen in the background offers no actions: it cannot tell).
        var codeRoutes: [Route] = []
        var candidates: [(index: Int, time: SimulationInstant, state: ScreenState)] = []
        for screen in run.screens {
            guard let route = screen.state.route, !codeRoutes.contains(route) else { continue }
            if screen.state.actions.contains(where: codeActions.contains) {
                codeRoutes.append(route)
            } else if screen.state.countdown != nil, screen.state.foreground, !candidates.contains(where: { $0.state.route == route }) {
                candidates.append(screen)
            }
        }
        guard let stray = candidates.first(where: { candidate in !codeRoutes.contains { $0 == candidate.state.route } }) else { return [] }
        return [Violation(oracle: name, at: stray.time,
                          message: "At \(stray.time) \(stray.state.route!) showed the resend countdown (\(stray.state.countdown!)): "
                            + "it belongs to the code screen and ends with it (seed 002 §5).",
                          excerpt: run.lines([stray.index]))]
    }

    /// One pass over the timer events. A timer is live from its start until its owner's screen
    /// disappears or the app is killed, then gone; each timer moves once, so the pass is linear
    /// in the length of the run. (Dictionaries are looked up, never iterated for output.)
    private func leakedTicks(_ run: RunObservation) -> [Violation] {
        // A run starts a few timers: lists searched in place, not dictionaries allocated and
        // hashed for every run.
        // The live timers, in the order started, each with the route it started on, as the screen
        // showed it at the end of that instant: a tick while the user sees another route is a
        // tick after its screen went.
        var live: [(id: Int, owner: String, started: Int, route: Route?)] = []
        var gone: [(id: Int, owner: String, started: Int, goneAt: Int)] = []
        var reported: [Int] = []
        var violations: [Violation] = []
        func retire(at position: Int, at index: Int) {
            let timer = live.remove(at: position)
            gone.removeEvery { $0.id == timer.id }
            gone.append((timer.id, timer.owner, timer.started, index))
        }
        let view = run.events([.timerStarted, .screenDisappeared, .killed, .timerTick])
        for event in view.places {
            switch view[event] {
            case .timerStarted(let id, let owner):
                gone.removeEvery { $0.id == id }
                live.removeEvery { $0.id == id }
                live.append((id, owner, event.index, run.screen(atIndex: run.lastIndex(atOrBefore: event.time))?.state.route))
            case .screenDisappeared(let owner):
                while let position = live.firstIndex(where: { $0.owner == owner }) { retire(at: position, at: event.index) }
            case .killed:
                while !live.isEmpty { retire(at: live.count - 1, at: event.index) }
            case .timerTick(let id, _):
                if let position = live.firstIndex(where: { $0.id == id }), let shown = run.screen(atIndex: event.index),
                   shown.state.route != live[position].route {
                    retire(at: position, at: shown.index)
                }
                guard let timer = gone.first(where: { $0.id == id }), !reported.contains(id) else { continue }
                reported.append(id)
                violations.append(Violation(
                    oracle: name, at: event.time,
                    message: "Timer \(id) of \(timer.owner) ticked at \(event.time), after its screen went away. "
                        + "Cancel the timer in onDisappear (seed 002 §5).",
                    excerpt: run.lines([timer.started, timer.goneAt, event.index])))
            default:
                break
            }
        }
        return violations
    }

    private func irregularCountdowns(_ run: RunObservation) -> [Violation] {
        var last: (value: Int, index: Int, time: SimulationInstant)?
        for screen in run.screens {
            guard let value = screen.state.countdown else { last = nil; continue }
            guard let previous = last else { last = (value, screen.index, screen.time); continue }
            guard value != previous.value else { continue }
            last = (value, screen.index, screen.time)
            guard value < previous.value else { continue }
            let elapsed = previous.time.duration(to: screen.time)
            if previous.value - value != 1 || elapsed < .seconds(1) {
                return [Violation(
                    oracle: name, at: screen.time,
                    message: "The resend countdown went from \(previous.value) to \(value) in \(elapsed.totalMilliseconds)ms; "
                        + "it must fall by exactly one per second. Two timers are counting down.",
                    excerpt: run.lines([previous.index, screen.index]))]
            }
        }
        return []
    }
}
