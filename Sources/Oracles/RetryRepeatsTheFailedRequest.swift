import SimKernel
import AppVocabulary

/// What the app sends by itself after a failure is the request that failed (#64 item 6; seed 002
/// §2: goal generation's "single automatic retry"; 003: "Offline completion: Auto-sync when
/// connection returns").
///
/// Judged on the wire and the user's record, for every app: when a request the user waits on (a
/// tap's, or the app's own step of the flow) fails, the next such request the app sends with
/// nothing of the user's in between (no tap or typing, no launch or kill, no return to the front,
/// no sign-out) is a retry of the one that failed: the same endpoint, carrying the same input the
/// user gave. Another request in its place does what the user never asked (an activation sent when
/// the goal save failed), or what they asked with something they never entered. A refresh of the
/// session (`RequestRole.Purpose.refreshesSession`) on the way to the retry, and requests no user
/// waits on (analytics, a step sync), are not judged.
public struct RetryRepeatsTheFailedRequest: Oracle {
    public let name = "retryRepeatsTheFailedRequest"
    public let summary = "after a request the user waits on fails, what the app sends by itself is that request again, with the same input"
    /// A promise of every app's requests (their causes and purposes are roles).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Most runs have no failed answer: nothing to judge.
        let answers = run.events([.responseReceived])
        guard answers.contains(where: { if case .responseReceived(_, _, let outcome) = $0.event { Self.failed(outcome) } else { false } })
        else { return [] }
        // The last request the user waits on that failed, with what it carried.
        var failure: (endpoint: Endpoint, index: Int, time: SimulationInstant, carried: [CarriedValue])?
        // An automatic retry to the failed endpoint just sent: what it carries is the next event.
        var retry: (id: Int, index: Int)?
        let view = run.events([.requestSent, .requestCarries, .responseReceived, .userAction, .launched, .killed,
                                 .foregrounded, .signedOut, .reinstalled])
        for event in view.places {
            if let pending = retry, let failed = failure {
                retry = nil
                failure = nil
                if case .requestCarries(pending.id, let request) = view[event] {
                    if !failed.carried.isEmpty, request.carried != failed.carried {
                        return [violation("\(Self.describe(failed.endpoint)) failed at \(failed.time); the app sent it again by "
                                          + "itself carrying \(Self.describe(request.carried)) where the user had entered "
                                          + "\(Self.describe(failed.carried))", failed.index, pending.index, run)]
                    }
                    continue
                }
            }
            switch view[event] {
            case .userAction, .launched, .killed, .foregrounded, .signedOut, .reinstalled:
                failure = nil
            case .requestSent(let id, _, let endpoint):
                guard let failed = failure, !run.isBackground(at: event, id: id),
                      !run.endpoint(at: event, is: .refreshesSession) else { continue }
                if endpoint == failed.endpoint {
                    retry = (id, event.index)
                    continue
                }
                return [violation("\(Self.describe(failed.endpoint)) failed at \(failed.time), and with nothing of the user's "
                                  + "since, the app sent \(Self.describe(endpoint)) by itself at \(event.time) in its place",
                                  failed.index, event.index, run)]
            case .responseReceived(let id, let endpoint, let outcome):
                guard Self.failed(outcome), !run.isBackground(at: event, id: id),
                      !run.endpoint(at: event, is: .refreshesSession) else { continue }
                failure = (endpoint, event.index, event.time, Self.carried(by: id, run: run, before: event.index))
            default:
                continue
            }
        }
        return []
    }

    private func violation(_ what: String, _ failed: Int, _ sent: Int, _ run: RunObservation) -> Violation {
        Violation(oracle: name, at: run.events[sent].time,
                  message: what + ". After a failure, send again only the request that failed, with what the user "
                    + "entered (seed 002 §2: a \"single automatic retry\"), or leave the next step to the user.",
                  excerpt: run.lines([failed, sent]))
    }

    /// Whether an answer is a failure (a cancelled request is the app's own choice).
    static func failed(_ outcome: String) -> Bool { outcome != "ok" && outcome != "cancelled" }

    /// What request `id` carried, searched back from its answer (sent long before).
    private static func carried(by id: Int, run: RunObservation, before index: Int) -> [CarriedValue] {
        for event in run.events([.requestCarries]).between(after: -1, before: index).reversed() {
            if case .requestCarries(id, let request) = event.event { return request.carried }
        }
        return []
    }

    private static func describe(_ endpoint: Endpoint) -> String { "'\(endpoint.rawValue)'" }

    private static func describe(_ carried: [CarriedValue]) -> String {
        // A password is named, never repeated.
        carried.map { $0.input == .password ? "a password" : "\($0.input) \"\($0.value)\"" }.joined(separator: ", ")
    }
}
