import SimKernel
import AppVocabulary

/// An error blames what failed (seed 002 §1's fix: "Couldn't connect. Please check your
/// connection and try again." for a call that failed; seed 004: "Sign in with Apple failed" is the
/// sheet's own failure, "Offline launch shows cached main view"; 000 Pitfall 3: errors the user
/// can act on).
///
/// Judged from the roles the app declares for its error texts (`AppRoles(errors:)`, by how each
/// starts) and the trace, never from the wording: when a declared error first shows, on a screen
/// in the foreground, what it blames happened since the user's last tap (or is the last answer
/// of its request in this launch: goals that failed while the app was away): the
/// connection (a request sent offline, unanswered or answered 5xx, or the device offline), being
/// offline (offline now, or within the flash window), a named request (one of them failed), the
/// user's input (a request refused it with a 4xx, a sign-in's 401 included, or none failed by the
/// connection or the server, or the user has just typed and no answer came since: the app's own
/// check of what was typed), the session (an account lost, or a signed-in request's 401), a
/// system sheet (no request of the user's
/// failed). An error that blames the wrong thing sends the user to fix what works: the activation
/// when the program check failed, the Apple sheet when the network failed, a failed load when the
/// phone is offline. Background requests (`RequestRole.cause`) are no one's failure to report.
public struct ErrorBlamesWhatFailed: Oracle {
    public let name = "errorBlamesWhatFailed"
    public let summary = "an error the app declares blames what failed: the connection, being offline, a request, the input, the session, a sheet"
    public var isShared: Bool { true }

    public init() {}

    /// A failed answer since the user's last tap, as the trace gives it.
    struct Failure {
        let endpoint: Endpoint
        let outcome: String
        /// A sign-in's or a code request's refusal (a wrong code is a 401 too) is of the input.
        let signsIn: Bool
        /// The HTTP status of a `status N …` outcome, read once.
        let status: Int?

        init(endpoint: Endpoint, outcome: String, signsIn: Bool) {
            (self.endpoint, self.outcome, self.signsIn) = (endpoint, outcome, signsIn)
            status = TextSearch.status(ofOutcome: outcome)
        }
        /// A 4xx the backend judged the request by: what the user entered (a wrong code, an
        /// address refused), unless it is a 401 for a signed-in session.
        var refusesInput: Bool { status.map { (400..<500).contains($0) && ($0 != 401 || signsIn) } ?? false }
        var refusesSession: Bool { status == 401 && !signsIn }
        var isConnection: Bool { outcome == "offline" || outcome == "timeout" || isServer }
        var isServer: Bool { status.map { $0 >= 500 } ?? false }
    }

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Most runs show no declared error: one look at the screens first.
        guard !run.roles.errorBlames.isEmpty, run.screens.contains(where: { screen in
            screen.state.errorText.map { run.roles.blame(ofError: $0) != nil } ?? false
        }) else { return [] }
        // Failures since the user's last tap, and each endpoint's last answer in this launch (an
        // error may report a failure from before the tap: goals that failed in the background).
        var failures: [Failure] = []
        var latest: [(endpoint: Endpoint, failure: Failure?)] = []
        var online = true, offlineInWindow = false
        var lastOnlineAt: SimulationInstant?
        var sessionLost = false
        var shownError: String?
        var windowStart = 0
        /// The user's last action typed into a field (`ActionRole.input`): an error about the input
        /// with no answer since is the app's check of what was typed (an address it cannot send).
        var justTyped = false
        let view = run.events([.screen, .responseReceived, .userAction, .launched, .killed, .connectivity, .accountLost])
        for event in view.places {
            switch view[event] {
            case .userAction, .launched, .killed:
                (failures, offlineInWindow, windowStart) = ([], !online, event.index)
                justTyped = false
                if case .userAction = view[event] {
                    if case .input = run.role(ofTapAt: event) { justTyped = true }
                } else {
                    (shownError, latest) = (nil, [])
                }
            case .connectivity(let now):
                online = now
                if now { lastOnlineAt = event.time } else { offlineInWindow = true }
            case .accountLost:
                sessionLost = true
            case .responseReceived(let id, let endpoint, let outcome):
                guard outcome != "cancelled" else { continue }
                // A refused session is the session's, whatever request learned it: a refresh in
                // the background refused with 401 (004's refresh on MainTabView appear).
                if TextSearch.hasPrefix(outcome, "status 401"), run.endpoint(at: event, is: .refreshesSession) { sessionLost = true }
                // A refresh awaited after a 401 is the user's wait's (`isBackground(_:id:)`).
                guard !run.isBackground(at: event, id: id) else { continue }
                let failure = outcome == "ok" ? nil : Failure(endpoint: endpoint, outcome: outcome,
                                                              signsIn: run.endpoint(at: event, is: .signsIn)
                                                                || run.endpoint(at: event, is: .sendsCode))
                if let at = latest.firstIndex(where: { $0.endpoint == endpoint }) { latest[at].failure = failure } else { latest.append((endpoint, failure)) }
                guard let failure else { continue }
                if failure.refusesSession { sessionLost = true }
                failures.append(failure)
            case .screen(let state):
                // In the background the user sees nothing; the error they saw last is still theirs.
                guard state.foreground else { continue }
                let text = state.errorText.flatMap { TextSearch.isBlank($0) ? nil : $0 }
                defer { shownError = text }
                guard let text, text != shownError, let blame = run.roles.blame(ofError: text) else { continue }
                let recentlyOffline = !online || lastOnlineAt.map { $0.advanced(by: settings.flashWindow) >= event.time } == true
                let failing = failures + latest.compactMap(\.failure)
                let ownWords = online && !offlineInWindow && Self.ownWordsWanted(for: failing, roles: run.roles)
                let holds: Bool = switch blame {
                case .connection: (failing.contains(where: \.isConnection) || offlineInWindow || !online) && !ownWords
                case .offline: recentlyOffline
                case .request(let endpoints): failing.contains { endpoints.contains($0.endpoint) }
                case .input: failing.contains(where: \.refusesInput) || !failing.contains(where: \.isConnection) || (justTyped && failures.isEmpty)
                case .session: sessionLost
                case .systemSheet: failures.isEmpty
                }
                if !holds {
                    return [violation(text, blame: blame, failures: failing, online: online, ownWords: ownWords && blame == .connection,
                                      since: windowStart, at: view.recorded(event), in: run)]
                }
            default:
                break
            }
        }
        return []
    }

    /// Whether every failure is the server's (a 5xx, the phone online) on a request the app has
    /// words of its own for (an error it declares as that request's): then those words are the
    /// ones to show, not the connection's (002 §8: a failed save shows "the goal store's own
    /// error"). Where the app has none (002 §1's journey check), "Couldn't connect" is its answer
    /// to any failed call.
    static func ownWordsWanted(for failures: [Failure], roles: AppRoles) -> Bool {
        !failures.isEmpty && failures.allSatisfy { failure in
            failure.isServer && roles.errorBlames.contains { declared in
                if case .request(let endpoints) = declared.blame { endpoints.contains(failure.endpoint) } else { false }
            }
        }
    }

    private func violation(_ text: String, blame: ErrorBlame, failures: [Failure], online: Bool, ownWords: Bool = false, since start: Int,
                           at screen: RunObservation.Event, in run: RunObservation) -> Violation {
        let blamed: String = switch blame {
        case .connection: "the connection"
        case .offline: "being offline"
        case .request(let endpoints): "a failed " + endpoints.map(\.rawValue).joined(separator: " or ")
        case .input: "what the user entered"
        case .session: "the session"
        case .systemSheet: "a system sheet"
        }
        let what = failures.isEmpty ? "no request failed" : "what had failed was " + failures.map { "\($0.endpoint.rawValue) (\($0.outcome))" }.joined(separator: ", ")
        return Violation(oracle: name, at: screen.time,
                         message: "At \(screen.time) the error \"\(text)\" blamed \(blamed), but since the user's last tap \(what), "
                            + "with the device \(online ? "online" : "offline"): the user is sent to fix what works. Say what "
                            + "failed (seed 002 §1: \"Couldn't connect\" for a call that failed; 004: the sheet's failure is the sheet's)"
                            + (ownWords ? "; the server failed a request the app has its own words for: show those (002 §8)." : "."),
                         excerpt: run.lines([start, screen.index]))
    }
}
