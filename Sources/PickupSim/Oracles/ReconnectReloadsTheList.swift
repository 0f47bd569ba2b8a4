import SimKernel
import AppVocabulary
import PickupModel
import Oracles

/// Back online, the list the phone kept is loaded again (seed 004: "Offline launch shows cached
/// main view with offline banner", "Banner auto-shows/hides"; 003: "Auto-sync when connection
/// returns").
///
/// When the connection returns while the main tab is in front showing a list the backend has not
/// answered in this launch (the phone's copy, shown offline) and no request for it is still out,
/// the app asks for the list again within a few seconds, unless the user moves first (a tap,
/// leaving the tab or the app): the
/// banner goes, and a list left as it was would be last session's, passed off as today's. Judged
/// from the wire and the screens, not from the app's flag for a kept list. The pickup app's rule.
public struct ReconnectReloadsTheList: Oracle {
    public let name = "reconnectReloadsTheList"
    public let summary = "back online, the list kept from before is loaded again"
    /// How soon after the connection returns the request for the list must leave.
    static let within = Duration.seconds(5)

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var answeredThisLaunch = false
        var inFlight: [Int] = []
        var shown: ScreenState?
        var waiting: RunObservation.Event?
        let view = run.events([.screen, .connectivity, .requestSent, .responseReceived, .launched, .killed, .userAction, .backgrounded])
        for event in view.places {
            if let since = waiting, since.time.advanced(by: Self.within) < event.time { return [violation(since, in: run)] }
            switch view[event] {
            case .launched, .killed:
                (answeredThisLaunch, waiting, inFlight) = (false, nil, [])
            case .responseReceived(let id, .bookings, let outcome):
                inFlight.removeAll { $0 == id }
                if outcome == "ok" { answeredThisLaunch = true }
            case .requestSent(let id, _, .bookings):
                inFlight.append(id)
                waiting = nil
            case .userAction, .backgrounded:
                waiting = nil
            case .connectivity(let online):
                // A load still out when the connection returns answers for it (or fails and says so).
                guard online, inFlight.isEmpty, let screen = shown, screen.route == .mainTab, screen.foreground,
                      screen.contentOwner != nil, !answeredThisLaunch else { waiting = nil; continue }
                waiting = view.recorded(event)
            case .screen(let state):
                shown = state
                if state.route != .mainTab || !state.foreground { waiting = nil }
            default:
                break
            }
        }
        if let since = waiting, since.time.advanced(by: Self.within) < run.end { return [violation(since, in: run)] }
        return []
    }

    private func violation(_ back: RunObservation.Event, in run: RunObservation) -> Violation {
        Violation(oracle: name, at: back.time,
                  message: "The connection came back at \(back.time) with the main tab showing the list kept on the phone, and in "
                    + "\(Self.within.components.seconds) s the app did not ask for it again: the banner went and the list stayed as it "
                    + "was when the user last saw it (seed 004: the banner auto-hides; 003: \"Auto-sync when connection returns\").",
                  excerpt: run.lines([back.index]))
    }
}
