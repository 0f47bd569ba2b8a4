import SimKernel
import AppVocabulary

/// A spinner ends when its answer comes (seed 002: every attempt in the fix plan ends by showing
/// its outcome: `isLoading = false` with the result or the error; seed 000 Pitfall 7: a state change
/// that reaches the screen late, or never, leaves the user watching a spinner for nothing).
///
/// When an answer arrives while the user watches a spinner or a loading screen, by the end of
/// that instant the screen shows something new (the next step, an error, another spinner), or the
/// app is still waiting on another request, or it asks again by itself before the screen changes
/// (002 §2's silent retry of goal generation, which may keep its spinner up to the 2 s delay it
/// promises). Otherwise the spinner stands with nothing behind it: the answer came
/// and the user was not shown it. A refresh of the session the app awaits after a 401 is the
/// screen's work whatever its declared cause (`RunObservation.isBackground(_:id:)`): the same
/// refresh goes out in the background when the main screen appears and is awaited after a 401
/// (004), and the spinner waits for it.
public struct SpinnerEndsWithItsAnswer: Oracle {
    public let name = "spinnerEndsWithItsAnswer"
    public let summary = "when an answer arrives under a spinner, the screen shows it at once, or the app is still at work"
    /// A promise of any app's screens (spinners and requests are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let network = run.events([.requestSent, .responseReceived, .killed])
        // The screen's requests out (background ones never hold a spinner up).
        var open: [Int] = []
        let places = network.places
        for position in places.indices {
            let event = places[position]
            switch network[event] {
            case .requestSent(let id, _, _) where !run.isBackground(at: event, id: id): open.append(id)
            case .killed: open.removeAll()
            case .responseReceived(let id, let endpoint, let outcome):
                guard let at = open.firstIndex(of: id) else { continue }
                open.remove(at: at)
                guard outcome != "cancelled" else { continue }
                if let violation = judge(answer: event, id: id, endpoint: endpoint, outcome: outcome, open: open,
                                         later: network[(position + 1)...], notice: settings.flashWindow, in: run) {
                    return [violation]
                }
            default: break
            }
        }
        return []
    }

    private func judge(answer: some TracePoint, id: Int, endpoint: Endpoint, outcome: String, open: [Int],
                       later: Slice<RunObservation.EventsOfKinds>, notice: Duration, in run: RunObservation) -> Violation? {
        guard let before = run.screen(atIndex: answer.index), before.state.foreground, before.state.route != nil,
              before.state.spinner != nil || before.state.loadingScreen != nil else { return nil }
        let endOfInstant = run.lastIndex(atOrBefore: answer.time)
        guard let after = run.screen(atIndex: endOfInstant), Self.sameWait(after.state, before.state) else { return nil }
        // Still at work at the end of the instant: another request of the screen's is out.
        var stillOpen = open  // copied only if the instant sends or answers more
        for event in later {
            guard event.index <= endOfInstant else { break }
            switch event.event {
            case .requestSent(let id, _, let endpoint) where !run.isBackground(endpoint, id: id):
                stillOpen.append(id)
            case .responseReceived(let id, _, _): stillOpen.removeEvery(id)
            default: break
            }
        }
        guard stillOpen.isEmpty else { return nil }
        // Or it asks again by itself before the wait ends.
        let change = run.screens(after: endOfInstant, through: Int.max).first { !Self.sameWait($0.state, before.state) }
        var asksAgain = false
        for event in later where event.index > endOfInstant {
            if let change, event.index >= change.index { break }
            if case .requestSent(let id, _, let endpoint) = event.event, !run.isBackground(endpoint, id: id) {
                asksAgain = true
                break
            }
        }
        guard !asksAgain else { return nil }
        // Or the phone is offline at the end of the instant: the app may hold the spinner and wait
        // for the connection to send the tap's next request (003: "Never block user from continuing
        // onboarding due to network"; sent offline it would fail at once). The wait is the
        // connection's until it comes back, and a moment more for the app to notice (a path
        // monitor's callback, a poll: the flash window; a team's trial killed 85 ms after the
        // return; a return shorter than that is none); from then on the app owes a request or
        // the outcome.
        if let back = Self.offlineUntil(after: endOfInstant, in: run, lasting: notice) {
            let noticed = back == SimulationInstant(nanoseconds: .max) ? back : back.advanced(by: notice)
            if change.map({ $0.time <= noticed }) ?? true { return nil }
        }
        // A request the app retries on its own after a pause (its role's `retryPause`; 002 §2
        // promises goal generation "a single automatic retry with 2s delay"): a failure's spinner
        // may stand that long before the retry goes out (or a kill, a sign-out, the end of the run
        // comes first).
        let waitEnds = change?.time ?? run.end
        if let pause = run.roles.role(of: endpoint).retryPause, outcome != "ok", answer.time.duration(to: waitEnds) <= pause { return nil }
        let spinner = before.state.loadingScreen.map { "the loading screen '\($0)'" } ?? "the spinner '\(before.state.spinner ?? "")'"
        let until = change.map { "until \($0.time)" } ?? "to the end of the run"
        return Violation(oracle: name, at: answer.time,
                         message: "At \(answer.time) the answer to request \(id) (\(endpoint.rawValue)) arrived while the user "
                            + "watched \(spinner) on \(before.state.route?.description ?? "no screen"), nothing else was pending, "
                            + "and the spinner stayed \(until): show the outcome when it comes (seed 002).",
                         excerpt: run.lines([before.index, answer.index, change?.index].compactMap { $0 }))
    }

    /// When the connection came back to stay at least `notice`, if the phone was offline at
    /// trace index `index` (`.max`: not before the run ended); nil if it was online. A return the
    /// connection takes back within `notice` is none: the app had no time to see it (a team's
    /// trial polled every 250 ms and missed a return of 62 ms, scripted seed 11562 at 20,000 seeds).
    static func offlineUntil(after index: Int, in run: RunObservation, lasting notice: Duration = .zero) -> SimulationInstant? {
        var online = true
        var judged = false
        var back: SimulationInstant?
        let view = run.events([.connectivity])
        for event in view.places {
            guard case .connectivity(let up) = view[event] else { continue }
            guard event.index > index else {
                online = up
                continue
            }
            if !judged {
                judged = true
                if online { return nil }
            }
            if up {
                if back == nil { back = event.time }
            } else if let returned = back {
                if returned.duration(to: event.time) >= notice { return returned }
                back = nil
            }
        }
        guard judged else { return online ? nil : SimulationInstant(nanoseconds: .max) }
        return back ?? SimulationInstant(nanoseconds: .max)
    }

    /// The same wait on screen: route, spinner, loading screen and error (a countdown's tick or a
    /// trip to the background is no answer).
    static func sameWait(_ one: ScreenState, _ other: ScreenState) -> Bool {
        one.route == other.route && one.spinner == other.spinner && one.loadingScreen == other.loadingScreen
            && one.errorText == other.errorText
    }
}
