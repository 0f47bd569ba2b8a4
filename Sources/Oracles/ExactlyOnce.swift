import SimKernel
import AppVocabulary

/// Exactly once (seed 000 Pitfall 3: "Duplicate 'onboarding_started' analytics events").
///
/// `onboarding_started` and `onboarding_completed` reach the analytics sink at most once per user.
public struct ExactlyOnce: Oracle {
    public let name = "exactlyOnce"
    public let summary = "onboarding_started and onboarding_completed at most once per user"
    static let events = ["onboarding_started", "onboarding_completed"]

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var seen: [(user: String, event: String, indices: [Int], time: SimulationInstant)] = []
        for recorded in run.events([.analytics]) {
            guard case .analytics(let user, let event) = recorded.event, Self.events.contains(event) else { continue }
            if let position = seen.firstIndex(where: { $0.user == user && $0.event == event }) {
                seen[position].indices.append(recorded.index)
                seen[position].time = recorded.time
            } else {
                seen.append((user, event, [recorded.index], recorded.time))
            }
        }
        return seen.filter { $0.indices.count > 1 }.map { duplicate in
            Violation(oracle: name, at: duplicate.time,
                      message: "'\(duplicate.event)' was sent \(duplicate.indices.count) times for \(duplicate.user). "
                        + "Send it once, from the coordinator, behind a one-time guard.",
                      excerpt: run.lines(duplicate.indices))
        }
    }
}
