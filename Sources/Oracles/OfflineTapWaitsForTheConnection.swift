import SimKernel
import AppVocabulary

/// An offline tap waits for the connection as long as the app promises (#64 item 4: "a wait for
/// the connection" judged to the second; 003: "Offline-first: Never block user from continuing
/// onboarding due to network").
///
/// Judged for an app that declares the wait (`AppRoles.offlineWait`: the fix plan's 20 s behind
/// the spinner): after a tap (not typing, picking or a link), made or waiting while the device is
/// offline, with no request of the user's out as it was made or sent online since, an error that blames the connection
/// or a request (as the app declares its errors) shows no sooner than that wait, less a tick,
/// after the wait began: the later of the tap and the moment the connection went. One sooner fails
/// at once although the connection may be back a second later (a bound read in the wrong unit:
/// 20 ms for 20 s). The other way: when the
/// connection comes back within the wait (and stays), the spinner still up and the request of a
/// tap made offline not yet gone, it goes within a tick (a path monitor polled every 500 s, not
/// every 500 ms, keeps the user waiting).
public struct OfflineTapWaitsForTheConnection: Oracle {
    public let name = "offlineTapWaitsForTheConnection"
    public let summary = "offline, a tap's request waits for the connection as long as the app promises (the fix plan: 20 s) before it fails"
    public var isShared: Bool { true }

    /// How much sooner than the promised wait a request may go: one tick of a second.
    static let tick = Duration.seconds(1)

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard let wait = run.roles.offlineWait else { return [] }
        let roles = run.roles
        var online = true
        var wentOffline = SimulationInstant.zero
        // The user's last tap that may start a wait, the error on screen then, and whether a
        // request of theirs left online since (its failure is its own, not the wait's).
        // The tap's wait shows as a spinner first, and ends if the connection comes back meanwhile.
        var tap: (index: Int, time: SimulationInstant, errorBefore: String?, sentOnline: Bool, judged: Bool,
                  spinnerSeen: Bool, sawOnline: Bool, madeOffline: Bool)?
        // The connection back within the wait, the tap's request not yet gone.
        var back: (index: Int, time: SimulationInstant)?
        var sentSinceTap = false
        // The user's requests out now: a tap made while one is out waits for it, not for the connection.
        var inFlight: [Int] = []
        let retried = roles.retriedRequests
        var failedAt: [SimulationInstant?] = retried.map { _ in nil }
        let view = run.events([.launched, .killed, .userAction, .connectivity, .requestSent, .responseReceived, .screen])
        for event in view.places {
            switch view[event] {
            case .launched, .killed:
                tap = nil
                back = nil
                inFlight.removeAll()
            case .responseReceived(let id, let endpoint, let outcome):
                inFlight.removeEvery(id)
                if let position = retried.firstIndex(where: { $0.endpoint == endpoint }) {
                    failedAt[position] = outcome == "ok" || outcome == "cancelled" ? nil : event.time
                }
            case .userAction:
                // Typing, picking or a link starts no wait.
                guard !run.role(ofTapAt: event).isEntry else { continue }
                guard inFlight.isEmpty else {
                    tap = nil
                    back = nil
                    continue
                }
                tap = (event.index, event.time, run.screen(atIndex: event.index)?.state.errorText, false, false, false, false, !online)
                sentSinceTap = false
                back = nil
            case .connectivity(let isOnline):
                online = isOnline
                if !isOnline {
                    wentOffline = event.time
                    // Gone again before the tap's request went: its wait goes on (a poll may miss a blink).
                    back = nil
                } else {
                    tap?.sawOnline = true
                }
                if isOnline, let waiting = tap, !sentSinceTap, waiting.madeOffline,
                          waiting.time.duration(to: event.time) < wait, run.screen(atIndex: event.index)?.state.spinner != nil {
                    back = (event.index, event.time)
                }
            case .requestSent(let id, _, let endpoint):
                guard !run.isBackground(at: event, id: id) else { continue }
                // The app's own retry of a failure from before (`RequestRole.retryPause`): the
                // error it may bring is that failure's, not the tap's.
                if let position = retried.firstIndex(where: { $0.endpoint == endpoint }),
                   let failed = failedAt[position], failed.advanced(by: retried[position].pause) == event.time {
                    tap = nil
                    back = nil
                }
                inFlight.append(id)
                sentSinceTap = true
                if online { tap?.sentOnline = true }
                guard let waiting = tap, let returned = back else { continue }
                back = nil
                let late = returned.time.duration(to: event.time)
                guard late > Self.tick else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The tap at \(waiting.time) waited offline for the connection, which came back at "
                                    + "\(returned.time), but its \(endpoint.rawValue) request went only at \(event.time), "
                                    + "\(late.totalMilliseconds)ms later: a wait for the connection ends when it comes back, "
                                    + "within a tick.",
                                  excerpt: run.lines([waiting.index, returned.index, event.index]))]
            case .screen(let state):
                // The spinner gone with no request of the tap's: nothing waits for the connection now.
                if state.spinner == nil { back = nil }
                guard let waiting = tap, !waiting.judged else { continue }
                if state.spinner != nil { tap?.spinnerSeen = true }
                guard let error = state.errorText, error != waiting.errorBefore else { continue }
                tap?.judged = true
                guard !online, waiting.spinnerSeen, !waiting.sawOnline, !waiting.sentOnline, Self.blamesTheNetwork(roles.blame(ofError: error)) else { continue }
                let began = max(waiting.time, wentOffline)
                let waited = began.duration(to: event.time)
                guard waited + Self.tick < wait else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "Offline since \(wentOffline), the tap at \(waiting.time) failed with \"\(error)\" at "
                                    + "\(event.time), after \(waited.totalMilliseconds)ms: an offline tap waits up to "
                                    + "\(wait.totalMilliseconds / 1000) s for the connection behind its spinner (003: \"Never block "
                                    + "user from continuing onboarding due to network\"), not fail at once.",
                                  excerpt: run.lines([waiting.index, event.index]))]
            default:
                break
            }
        }
        return []
    }

    /// Whether an error so declared blames the network or a request (not the input or the session).
    static func blamesTheNetwork(_ blame: ErrorBlame?) -> Bool {
        switch blame {
        case .connection?, .offline?, .request?: true
        default: false
        }
    }
}
