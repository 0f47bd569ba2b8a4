import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Exactly once (seed 000 Pitfall 3: "Duplicate 'onboarding_started' analytics events").
///
/// `onboarding_started` and `onboarding_completed` reach the analytics sink at most once per user,
/// `onboarding_completed` at least once for a user who finished onboarding (Start on the
/// success screen, then the main app), judged when the run ends settled, and `onboarding_started`
/// logged for a user who started the intake anonymously (Get started on the intro, then the
/// intake) on an install whose whole history the run holds (`noLostEvents` sees that it arrives).
public struct ExactlyOnce: Oracle {
    public let name = "exactlyOnce"
    public let summary = "onboarding_started and onboarding_completed at most once per user; started for a user who started, completed for a user who finished"
    static let events = ["onboarding_started", "onboarding_completed"]

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var seen: [(user: String, event: String, indices: [Int], time: SimulationInstant)] = []
        let view = run.events([.analytics])
        for recorded in view.places {
            guard case .analytics(let user, let event) = view[recorded], Self.events.contains(event) else { continue }
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
        let completed = neverCompleted(run, settings: settings, sent: seen.filter { $0.event == "onboarding_completed" }.map(\.user))
        return (completed ?? neverStarted(run)).map { [$0] } ?? []
    }

    /// A user who tapped Get started on the intro while signed in to no account and saw the
    /// intake next, on an install for which no `onboarding_started` was logged or taken at all.
    /// An install's history starts with the run when its first launch finds no stored cache, and
    /// afresh at a reinstall or a corrupted storage (a new anonymous identity); a cache the run
    /// started with is history the run does not hold (the flag may have gone out long ago).
    private func neverStarted(_ run: RunObservation) -> Violation? {
        var historyKnown: Bool?
        var started = false
        var tap: (index: Int, time: SimulationInstant)?
        let view = run.events([.storedCaches, .reinstalled, .cacheCorrupted, .eventLogged, .analytics, .userAction])
        for event in view.places {
            switch view[event] {
            case .storedCaches(let keys):
                if historyKnown == nil { historyKnown = keys.isEmpty }
            case .reinstalled, .cacheCorrupted:
                if let tap, !started, historyKnown == true { return neverStartedViolation(run, tap: tap) }
                (historyKnown, started, tap) = (true, false, nil)
            case .eventLogged(_, "onboarding_started"), .analytics(_, "onboarding_started"):
                started = true
            case .userAction(.getStarted, _):
                if tap == nil, startedTheIntake(run, at: event.index) { tap = (event.index, event.time) }
            default:
                break
            }
        }
        if let tap, !started, historyKnown == true { return neverStartedViolation(run, tap: tap) }
        return nil
    }

    private func startedTheIntake(_ run: RunObservation, at index: Int) -> Bool {
        guard run.signedInUser(atIndex: index) == nil, run.screen(atIndex: index)?.state.route == .onboarding(.intro) else { return false }
        return run.screens(after: index, through: .max).first?.state.route == .onboarding(.intake)
    }

    private func neverStartedViolation(_ run: RunObservation, tap: (index: Int, time: SimulationInstant)) -> Violation {
        Violation(oracle: name, at: tap.time,
                  message: "The user tapped Get started at \(tap.time) and saw the intake, not signed in, but 'onboarding_started' "
                    + "was never logged for this install. Send it once when onboarding starts, guarded by a flag that only "
                    + "the event itself sets.",
                  excerpt: run.lines([tap.index]))
    }

    /// A user who finished onboarding (Start on the success screen, then the main app) whose
    /// `onboarding_completed` never reached the backend, judged when the run ends settled, unless
    /// their account was lost while it was queued or the app was deleted before it could go.
    private func neverCompleted(_ run: RunObservation, settings: OracleSettings, sent: [String]) -> Violation? {
        guard run.endsSettled(window: settings.settle) else { return nil }
        let view = run.events([.userAction])
        for tap in view.places {
            guard case .userAction(.start, _) = view[tap], run.screen(atIndex: tap.index)?.state.route == .onboarding(.success),
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
