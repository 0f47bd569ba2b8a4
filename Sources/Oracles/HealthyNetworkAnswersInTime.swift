import SimKernel
import AppVocabulary

/// On a healthy network a request is answered, not timed out (#64 item 5: "a request that times
/// out on a healthy network is the app's failure, whatever its error says").
///
/// Judged on the wire, for every app: a request that timed out although no fault touched it
/// (no `faultApplied` for its id) and the device stayed online from its send to its timeout, with
/// a timeout shorter than a healthy network's slowest round trip (`healthyRoundTrip`, 2 s: the
/// swarm's slowest latency is about 1.7 s), failed only because the app gave it no time: a bound
/// read in the wrong unit (10 ms for 10 s) fails every sign-in on a healthy network, and an error
/// that blames the connection is then true by the wire, so no rule about errors objects. A longer
/// timeout that a slow backend outlasts is a budget's question, not this rule's.
public struct HealthyNetworkAnswersInTime: Oracle {
    public let name = "healthyNetworkAnswersInTime"
    public let summary = "no request times out with no fault on a healthy network because its timeout is shorter than a round trip"
    public var isShared: Bool { true }

    /// The slowest round trip a healthy network gives a request (latency both ways).
    public static let healthyRoundTrip = Duration.seconds(2)

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let bound = Self.healthyRoundTrip.totalMilliseconds
        var sent: [(id: Int, index: Int, timeoutMs: Int64)] = []
        var faulted: [Int] = []
        var online = true, wentOffline = -1
        let view = run.events([.requestSent, .faultApplied, .connectivity, .responseReceived])
        for event in view.places {
            switch view[event] {
            case .requestSent(let id, let timeoutMs?, _) where timeoutMs < bound && online:
                sent.append((id, event.index, timeoutMs))
            case .faultApplied(let id, _, _):
                faulted.append(id)
            case .connectivity(let isOnline):
                online = isOnline
                if !isOnline { wentOffline = event.index }
            case .responseReceived(let id, let endpoint, "timeout"):
                guard let request = sent.first(where: { $0.id == id }), !faulted.contains(id), wentOffline < request.index
                else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The \(endpoint.rawValue) request timed out at \(event.time) after \(request.timeoutMs)ms "
                                    + "with no fault on it and the device online: its timeout is shorter than a healthy network's "
                                    + "round trip (up to \(Self.healthyRoundTrip.totalMilliseconds / 1000) s), so it fails on any "
                                    + "network, whatever its error says (a bound read in the wrong unit?).",
                                  excerpt: run.lines([request.index, event.index]))]
            default:
                break
            }
        }
        return []
    }
}
