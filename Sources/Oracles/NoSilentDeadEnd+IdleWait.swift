import SimKernel
import AppVocabulary

/// A wait with nothing behind it ends within patience (mutation work: Trendy's wait for the
/// connection, a spinner with no request out, ran 40 s, or until the user turned the connection
/// back on, and a spinner that some later screen replaces counted as backed).
///
/// A spinner or loading screen in front of the user while no request of theirs is out (the app
/// waits on a timer, a retry delay or the connection) may stand for at most `patience`: then the
/// app must ask (a request, bounded by its timeout) or say what is wrong. Waits on a request are
/// judged by their timeouts; background requests (analytics, queued pushes) back no wait.
extension NoSilentDeadEnd {
    func idleWait(_ run: RunObservation, patience: Duration) -> Violation? {
        var open: [Int] = []
        var waiting = false, inFront = true
        var idleSince: (time: SimulationInstant, index: Int)?
        let view = run.events([.screen, .requestSent, .responseReceived, .killed, .launched, .backgrounded, .foregrounded])
        for event in view.places {
            if let since = idleSince, since.time.duration(to: event.time) > patience {
                return idleViolation(since, until: since.time.advanced(by: patience), in: run, patience: patience)
            }
            switch view[event] {
            case .screen(let state): waiting = state.route != nil && (state.spinner != nil || state.loadingScreen != nil)
            case .requestSent(let id, _, _) where !run.isBackground(at: event, id: id): open.append(id)
            case .responseReceived(let id, _, _): open.removeEvery(id)
            case .killed: open.removeAll(); waiting = false
            case .backgrounded: inFront = false
            case .launched, .foregrounded: inFront = true
            default: break
            }
            let idle = waiting && inFront && open.isEmpty
            if !idle { idleSince = nil } else if idleSince == nil { idleSince = (event.time, event.index) }
        }
        guard let since = idleSince, since.time.duration(to: run.end) > patience else { return nil }
        return idleViolation(since, until: since.time.advanced(by: patience), in: run, patience: patience)
    }

    private func idleViolation(_ since: (time: SimulationInstant, index: Int), until: SimulationInstant,
                               in run: RunObservation, patience: Duration) -> Violation {
        let shown = run.screen(atIndex: run.lastIndex(atOrBefore: until))
        let what = shown.map { "\($0.state.route.map(\.description) ?? "a screen") with \(waitName($0.state))" } ?? "a wait"
        return Violation(oracle: name, at: until,
                         message: "From \(since.time) the user saw \(what) for more than \(patience.totalMilliseconds)ms with no "
                            + "request out behind it: a wait on nothing. Bound it: ask, or say what is wrong and offer a retry.",
                         excerpt: run.excerpt(from: since.index, to: run.lastIndex(atOrBefore: until)))
    }

    private func waitName(_ state: ScreenState) -> String {
        if let loading = state.loadingScreen { return "the loading screen '\(loading)'" }
        return "the spinner '\(state.spinner ?? "")'"
    }
}
