import SimKernel
import AppVocabulary

/// An error blames the connection only when the connection failed (seed 002 §1's fix: "Couldn't
/// connect. Please check your connection and try again." for a call that failed; seed 004:
/// "Sign in with Apple failed" is the sheet's own failure, and the offline banner follows
/// `NWPathMonitor`).
///
/// Judged from the user's own record and the network's: an error that names the connection
/// ("connect", "offline", "network", "internet") appears, on a screen in the foreground, only if
/// since the user's last tap (or the launch) a request failed without the backend judging it
/// (dropped, timed out, sent offline, a 5xx) or the device was offline. An error that says there
/// is no connection *now* ("No connection", "No internet", "Not connected", "offline") needs the
/// device offline when it shows, give or take the flash window, unless a request went unanswered
/// (dropped, timed out, sent offline): an offline spell that ended long before is no excuse (an
/// app that read the connection once before a long wait says "No connection" on a phone back
/// online), nor is a server error, which the backend answered over a connection that works (an
/// app that words every failed call as "No connection"). Told to check a
/// connection that works, the user toggles Wi-Fi and tries again into the same failure, when the
/// app knew the fault was elsewhere (a sheet that failed, an answer it refused).
public struct ConnectionBlamedOnlyWhenItFailed: Oracle {
    public let name = "connectionBlamedOnlyWhenItFailed"
    public let summary = "an error blames the connection only after a network failure or while offline"
    /// A promise of any app's screens (errors, connectivity, requests and their answers are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var online = true
        var backOnlineAt = SimulationInstant.zero
        var offlineSinceTap = false
        var failedSinceTap = false
        // A request that got no answer at all: the only failure that says the connection is down.
        var unansweredSinceTap = false
        var serverError: String?
        var shown: String?
        let view = run.events([.connectivity, .userAction, .responseReceived, .screen])
        for event in view.places {
            switch view[event] {
            case .connectivity(let isOnline):
                if isOnline && !online { backOnlineAt = event.time }
                online = isOnline
                if !isOnline { offlineSinceTap = true }
            case .userAction:
                offlineSinceTap = !online
                failedSinceTap = false
                unansweredSinceTap = false
                serverError = nil
            case .responseReceived(_, _, let outcome):
                if !InputBlamedOnlyWhenRejected.judgedByTheBackend(outcome) { failedSinceTap = true }
                if TextSearch.hasPrefix(outcome, "status ") { serverError = serverError ?? outcome } else if outcome != "ok" && outcome != "cancelled" {
                    unansweredSinceTap = true
                }
            case .screen(let state):
                defer { shown = state.errorText }
                guard let error = state.errorText, error != shown, state.foreground, Self.namesTheConnection(error) else { continue }
                let offlineOfLate = !online || backOnlineAt.duration(to: event.time) <= settings.flashWindow
                let excused = Self.claimsNoConnectionNow(error) ? offlineOfLate || unansweredSinceTap : offlineSinceTap || failedSinceTap
                if excused { continue }
                let since = serverError.map { " and the backend had answered (\($0)) since the user's last tap, over a connection that works: " }
                    ?? " and no request had failed on the network since the user's last tap: "
                return [Violation(oracle: name, at: event.time,
                                  message: "\(state.route.map(\.description) ?? "The screen") said \"\(error)\" while the "
                                    + "device was online" + (offlineSinceTap ? " (again since \(backOnlineAt))" : "") + since
                                    + "the user is sent to check a connection that works. Say what failed (seed 004: \"Sign "
                                    + "in with Apple failed\"; 002 §1 keeps \"Couldn't connect\" for a call that failed).",
                                  excerpt: run.lines([event.index]))]
            default:
                break
            }
        }
        return []
    }

    /// Words that say the connection is down at this moment, not that an attempt failed.
    static let noConnectionNow = ["no connection", "no internet", "not connected", "offline"]

    static func claimsNoConnectionNow(_ error: String) -> Bool {
        noConnectionNow.contains { TextSearch.contains(error, $0, ignoringASCIICase: true) }
    }

    static func namesTheConnection(_ error: String) -> Bool {
        InputBlamedOnlyWhenRejected.connection.contains { TextSearch.contains(error, $0, ignoringASCIICase: true) }
    }
}
