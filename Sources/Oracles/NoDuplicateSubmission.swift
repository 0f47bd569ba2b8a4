import SimKernel
import OnboardingModel

/// No duplicate submission (seed 000 Pitfall 10: "User taps Continue or Sign Up but nothing
/// visibly happens during async operations. User taps again, causing duplicate submissions.").
///
/// One user intent sends at most one request of its kind while one is in flight: the app never
/// sends a request to an endpoint while an earlier request to that endpoint is still waiting for
/// its answer. Analytics events and sync-queue pushes are separate intents each and are not judged.
public struct NoDuplicateSubmission: Oracle {
    public let name = "noDuplicateSubmission"
    public let summary = "no request is sent while one of its kind is still in flight (two taps, one submission)"
    /// Endpoints a queue or a fire-and-forget event sends, where several in flight are separate intents.
    static let notJudged: [Endpoint] = [.analytics, .pushProgress, .registerPush]

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var inFlight: [(id: Int, endpoint: Endpoint, index: Int)] = []
        var violations: [Violation] = []
        for event in run.events([.requestSent, .responseReceived]) {
            switch event.event {
            case .requestSent(let id, _, let endpoint):
                guard !Self.notJudged.contains(endpoint) else { continue }
                if let earlier = inFlight.first(where: { $0.endpoint == endpoint }) {
                    violations.append(Violation(
                        oracle: name, at: event.time,
                        message: "The app sent \(endpoint.rawValue) #\(id) while #\(earlier.id) was still waiting for its answer: "
                            + "one intent, two submissions (000 Pitfall 10). Guard the action on its own busy state and disable "
                            + "the button while it runs.",
                        excerpt: run.lines((Self.taps(before: event.index, in: run) + [earlier.index, event.index]).sorted())))
                }
                inFlight.append((id, endpoint, event.index))
            case .responseReceived(let id, _, _):
                inFlight.removeAll { $0.id == id }
            default:
                break
            }
        }
        return violations
    }

    /// The last two taps before trace index `index`: usually the two that sent the requests.
    static func taps(before index: Int, in run: RunObservation) -> [Int] {
        let taps = run.events([.userAction]).between(after: -1, before: index)
        return taps.suffix(2).map(\.index)
    }
}
