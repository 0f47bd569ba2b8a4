import SimKernel
import AppVocabulary

/// The main screen refreshes the session when it appears (seed 004: "Token refresh triggered on
/// MainTabView appear: `Task { await authManager.refreshTokenIfNeeded() }`"), for an app that
/// promises it: a `.refreshesSession` request declared `sentWhenMainAppears` (an app that
/// refreshes only after a 401 declares none, and is not judged).
///
/// Whenever the main screen (a route of kind `.main`) appears for a session that was not issued in this launch (a keychain
/// token from before is the one that may need it), the app asks the backend to refresh it while
/// the main screen is up: at once, or as soon as the device is online (a request sent into the offline
/// does not count: it never reached the backend). A session fresh from a sign-in in
/// this launch needs no refresh ("if needed"). Judged on the wire and by the backend's record of
/// the sessions it issued.
public struct MainAppearanceRefreshesToken: Oracle {
    public let name = "mainAppearanceRefreshesToken"
    public let summary = "the main screen refreshes a session from before this launch when it appears, or once online"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard run.roles.refreshesWhenMainAppears else { return [] }
        var lastRoute: Route?
        var issuedThisLaunch = false
        let view = run.events([.launched, .sessionIssued, .killed])
        var marks = view.places.makeIterator()
        var mark = marks.next()
        for screen in run.screens {
            while let event = mark, event.index < screen.index {
                switch view[event] {
                case .launched, .killed: issuedThisLaunch = false; lastRoute = nil
                case .sessionIssued: issuedThisLaunch = true
                default: break
                }
                mark = marks.next()
            }
            defer { lastRoute = screen.state.route }
            guard screen.state.route?.kind == .main, lastRoute?.kind != .main, !issuedThisLaunch else { continue }
            let ends = mainEnd(after: screen.index, in: run)
            guard !refreshed(from: screen.index, to: ends.index, in: run),
                  wasOnline(from: (screen.index, screen.time), to: ends, in: run) else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "The main screen (\(screen.state.route!)) appeared at \(screen.time) with a session from before this launch and "
                                + "stayed until \(ends.time) while online, but no request to refresh the session reached the backend "
                                + "(seed 004: \"Token refresh triggered on MainTabView appear\").",
                              excerpt: run.lines([screen.index]))]
        }
        return []
    }

    /// Where the main screen's stay ends: the next screen off it, a kill, or the end of the run.
    private func mainEnd(after index: Int, in run: RunObservation) -> (index: Int, time: SimulationInstant) {
        let leaves = run.screens(after: index, through: Int.max).first { $0.state.route?.kind != .main }
        let kill = run.events([.killed]).between(after: index, before: leaves?.index ?? Int.max).first
        if let kill { return (kill.index, kill.time) }
        if let leaves { return (leaves.index, leaves.time) }
        return (Int.max, run.end)
    }

    /// A refresh asked for during the stay that reached the backend: one answered "offline" (sent
    /// into the offline, or as the connection went, before the path monitor said so) never did,
    /// and is not the refresh the main screen owes.
    private func refreshed(from start: Int, to end: Int, in run: RunObservation) -> Bool {
        var sent: [Int] = []
        let view = run.events([.requestSent, .responseReceived])
        for event in view.places {
            guard event.index < end || !sent.isEmpty else { break }
            switch view[event] {
            case .requestSent(let id, _, let endpoint) where event.index >= start && event.index < end
                && run.roles.endpoint(endpoint, is: .refreshesSession):
                sent.append(id)
            case .responseReceived(let id, _, let outcome) where sent.contains(id):
                if outcome != "offline" { return true }
                sent.removeEvery(id)
            default: break
            }
        }
        // Still in flight when the run ended: it was on its way to the backend.
        return !sent.isEmpty
    }

    /// Whether the device was online for some time during the stay (a refresh offline waits): a
    /// connection back at the very instant the main screen goes (a kill as the device comes online) left
    /// the app no time to ask. Seed 1987028 of pickup-offline-launch, 10⁷ seeds.
    private func wasOnline(from start: (index: Int, time: SimulationInstant), to end: (index: Int, time: SimulationInstant),
                           in run: RunObservation) -> Bool {
        // Online from `since` on, while `online`: a stretch counts if it lasted any time at all
        // (gone again in the instant it came, as the refresh left, it did not).
        var online = true
        var since = start.time
        let view = run.events([.connectivity])
        for event in view.places {
            guard case .connectivity(let isOnline) = view[event] else { continue }
            if event.index <= start.index { online = isOnline; continue }
            if event.index >= end.index || event.time >= end.time { break }
            if online && event.time > since { return true }
            online = isOnline
            since = event.time
        }
        return online && since < end.time
    }
}
