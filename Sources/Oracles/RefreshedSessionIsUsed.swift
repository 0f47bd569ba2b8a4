import SimKernel
import AppVocabulary

/// Once the app has refreshed its session, its requests carry the fresh token (#64 item 6: "what
/// the app sends by itself repeats the request the user made that failed": the same request, with
/// the session it now holds).
///
/// Judged on the wire, for every app whose backend puts an access token's expiry on record
/// (`AccessTokenExpiry`, as `MockAuth` does): when a refresh of the session (a request of purpose
/// `.refreshesSession`) sent after the tokens last expired is answered `ok`, the app holds a fresh
/// token; a request it sends after that answer, before a sign-out or a new expiry, that the
/// backend refuses for an expired token was sent with the old one: a retry after a 401 that
/// re-sends what was refused fails again, and the user sees the load fail although the refresh
/// worked. Judged within one launch. (A token that runs out its own lifetime is not on record: a
/// backend with a lifetime of minutes could make a fresh token expire and be read as the old.)
public struct RefreshedSessionIsUsed: Oracle {
    public let name = "refreshedSessionIsUsed"
    public let summary = "after a refresh answered ok, no request carries the expired token it replaced"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let roles = run.roles
        guard roles.declares(.refreshesSession) else { return [] }
        var lastExpiry = -1
        var refreshes: [(id: Int, index: Int)] = []
        var fresh: (index: Int, time: SimulationInstant)?
        var sentFresh: [(id: Int, index: Int)] = []
        let view = run.events([.note, .signedOut, .killed, .launched, .requestSent, .responseReceived, .faultApplied])
        for event in view.places {
            switch view[event] {
            case .note(let text) where text.hasPrefix(AccessTokenExpiry.note):
                lastExpiry = event.index
                fresh = nil
            case .signedOut, .killed, .launched:
                // A kill may come before the app stored the fresh token: judge within one launch.
                fresh = nil
            case .requestSent(let id, _, let endpoint):
                if roles.endpoint(endpoint, is: .refreshesSession) {
                    refreshes.append((id, event.index))
                } else if fresh != nil {
                    sentFresh.append((id, event.index))
                }
            case .responseReceived(let id, _, "ok"):
                guard let refresh = refreshes.first(where: { $0.id == id }), refresh.index > lastExpiry else { continue }
                fresh = (event.index, event.time)
            case .faultApplied(let id, let endpoint, let fault) where fault.hasPrefix(AccessTokenExpiry.refusal):
                guard let sent = sentFresh.first(where: { $0.id == id }), sent.index > lastExpiry,
                      let refreshed = fresh, refreshed.index < sent.index else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The session was refreshed at \(refreshed.time), yet the \(endpoint.rawValue) request sent "
                                    + "after it carried the expired token and was refused: after a refresh, the app's requests "
                                    + "(a retry of the one refused first) carry the fresh token.",
                                  excerpt: run.lines([refreshed.index, sent.index, event.index]))]
            default:
                break
            }
        }
        return []
    }
}
