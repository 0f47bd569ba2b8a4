import SimKernel
import OnboardingModel

/// Requests accepted (seed 002 §9: "The resend call uses `shouldCreateUser: true` which may
/// conflict with the original `shouldCreateUser: false` call").
///
/// The backend never rejects a request the app built: no 4xx answer that the scenario did not
/// inject, other than 401 for a code the user mistyped.
public struct RequestsAccepted: Oracle {
    public let name = "requestsAccepted"
    public let summary = "the backend never rejects a request the app built (no 4xx it was not told to send, except a wrong code)"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var injected: [Int] = []
        var violations: [Violation] = []
        for event in run.events([.faultApplied, .responseReceived]) {
            switch event.event {
            case .faultApplied(let id, _, _):
                injected.append(id)
            case .responseReceived(let id, let endpoint, let outcome):
                guard !injected.contains(id), let code = Self.status(outcome), (400...499).contains(code), code != 401 else { continue }
                let sent = run.events([.requestSent]).first { if case .requestSent(id, _, _) = $0.event { true } else { false } }
                violations.append(Violation(oracle: name, at: event.time,
                                            message: "The backend rejected \(endpoint.rawValue) #\(id) with \(outcome): the app "
                                                + "built a request the backend does not accept (seed 002 §9).",
                                            excerpt: run.lines((sent.map { [$0.index] } ?? []) + [event.index])))
            default:
                break
            }
        }
        return violations
    }

    static func status(_ outcome: String) -> Int? {
        guard outcome.hasPrefix("status ") else { return nil }
        return Int(outcome.dropFirst(7).prefix { $0.isNumber })
    }
}
