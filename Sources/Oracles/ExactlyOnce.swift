import SimKernel
import AppVocabulary

/// Exactly once (seed 000 Pitfall 3: "Duplicate 'onboarding_started' analytics events").
///
/// `onboarding_started` and `onboarding_completed` reach the analytics sink at most once per user,
/// and `onboarding_completed` at least once for a user who finished onboarding (Start on the
/// success screen, then the main app), judged when the run ends settled.
public struct ExactlyOnce: Oracle {
    public let name = "exactlyOnce"
    public let summary = "onboarding_started and onboarding_completed at most once per user; completed once for a user who finished"
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
        let duplicates = seen.filter { $0.indices.count > 1 }.map { duplicate in
            Violation(oracle: name, at: duplicate.time,
                      message: "'\(duplicate.event)' was sent \(duplicate.indices.count) times for \(duplicate.user). "
                        + "Send it once, from the coordinator, behind a one-time guard.",
                      excerpt: run.lines(duplicate.indices))
        }
        if !duplicates.isEmpty { return duplicates }
        return neverCompleted(run, settings: settings, sent: seen.filter { $0.event == "onboarding_completed" }.map(\.user)).map { [$0] } ?? []
    }

    /// A user who finished onboarding (Start on the success screen, then the main app) whose
    /// `onboarding_completed` never reached the backend, judged when the run ends settled, unless
    /// their account was lost while it was queued or the app was deleted before it could go.
    private func neverCompleted(_ run: RunObservation, settings: OracleSettings, sent: [String]) -> Violation? {
        guard run.endsSettled(window: settings.settle) else { return nil }
        for tap in run.events([.userAction]) {
            guard case .userAction(.start, _) = tap.event, run.screen(atIndex: tap.index)?.state.route == .onboarding(.success),
                  let user = run.signedInUser(atIndex: tap.index), !sent.contains(user),
                  tap.time.advanced(by: settings.settle) <= run.end,
                  let main = run.screens.first(where: { $0.index > tap.index && $0.state.route != .onboarding(.success) }),
                  main.state.route == .main, !run.queuedWorkRefused(user, queuedAt: tap.index) else { continue }
            let deleted = run.events([.reinstalled]).between(after: tap.index, before: .max).first
            if let deleted, !run.deliveryStretch(from: tap.time, to: deleted.time, atLeast: RunObservation.deliveryGrace) { continue }
            return Violation(oracle: name, at: main.time,
                             message: "\(user) finished onboarding at \(main.time) (Start, then the main app) but 'onboarding_completed' "
                                + "never reached the backend. Send it once when onboarding completes.",
                             excerpt: run.lines([tap.index, main.index]))
        }
        return nil
    }
}
