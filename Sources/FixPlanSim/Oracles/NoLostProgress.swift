import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// No lost progress (seed 003: "Push to backend after each onboarding step", "Offline
/// completion: Auto-sync when connection returns"; seed 000 Pitfall 6).
///
/// When the run ends with the app running, online and free of injected faults for the settle
/// window, every step a signed-in user completed has reached the backend; backend progress never
/// moves backward. Steps made with a session the backend later refused (an account loss) are
/// exempt: they cannot reach the backend, and seed 003 has the app clear them. So are steps whose
/// push had not arrived when the app was deleted with no 30 s of connection since: its queue went
/// with it.
public struct NoLostProgress: Oracle {
    public let name = "noLostProgress"
    public let summary = "every completed step reaches the backend once the network is up long enough; backend progress never moves backward"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        backwardMoves(run) + (run.endsSettled(window: settings.settle) ? missingSteps(run, settle: settings.settle) : [])
    }

    private func missingSteps(_ run: RunObservation, settle: Duration) -> [Violation] {
        // Per user: the furthest step completed and the furthest the backend stored (a run has a
        // user or two: a short array searched in order, no hashing).
        var users: [(user: String, latest: (phase: OnboardingPhase, index: Int, time: SimulationInstant)?, reached: OnboardingPhase?)] = []
        let view = run.events([.stepCompleted, .progressStored, .reinstalled])
        for event in view.places {
            let user: String
            switch view[event] {
            case .reinstalled:
                // The sync queue went with the app: a step with no lasting connection since is
                // forgotten, not lost (one with 30 s online, the app running, before the reinstall
                // was the app's to send).
                for position in users.indices {
                    guard let latest = users[position].latest,
                          !run.deliveryStretch(from: latest.time, to: event.time, atLeast: RunObservation.deliveryGrace) else { continue }
                    users[position].latest = nil
                }
                continue
            case .stepCompleted(let name, _), .progressStored(let name, _): user = name
            default: continue
            }
            let position: Int
            if let known = users.firstIndex(where: { $0.user == user }) {
                position = known
            } else {
                users.append((user, nil, nil))
                position = users.count - 1
            }
            switch view[event] {
            case .stepCompleted(_, let step):
                // The first of equally far steps, as `max(by:)` would pick.
                guard let phase = OnboardingPhase(step) else { continue }
                if users[position].latest.map({ $0.phase < phase }) ?? true {
                    users[position].latest = (phase, event.index, event.time)
                }
            case .progressStored(_, let step):
                guard let phase = OnboardingPhase(step) else { continue }
                users[position].reached = max(users[position].reached ?? phase, phase)
            default: break
            }
        }
        var violations: [Violation] = []
        for (user, latest, reached) in users.sorted(by: { $0.user < $1.user }) {
            guard let latest else { continue }
            guard reached.map({ $0 < latest.phase }) ?? true else { continue }
            // Seed 003's account loss: progress made with a session the backend refused, or still
            // queued when the account was lost, cannot reach it, and the app clears it on purpose.
            guard !run.queuedWorkRefused(user, queuedAt: latest.index) else { continue }
            violations.append(Violation(
                oracle: name, at: latest.time,
                message: "\(user) completed \(latest.phase.rawValue) at \(latest.time), but the backend still had "
                    + "\(reached?.rawValue ?? "nothing") after \(settle.totalMilliseconds)ms online at the end: progress lost. "
                    + "Keep the push queued and retry it until the backend accepts it.",
                excerpt: run.lines([latest.index] + run.events([.syncAbandoned]).filter {
                    if case .syncAbandoned(user, latest.phase.step) = $0.event { return true }
                    return false
                }.map(\.index))))
        }
        return violations
    }

    private func backwardMoves(_ run: RunObservation) -> [Violation] {
        var latest: [(user: String, phase: OnboardingPhase, index: Int)] = []
        let view = run.events([.progressStored])
        for event in view.places {
            guard case .progressStored(let user, let step) = view[event], let phase = OnboardingPhase(step) else { continue }
            if let previous = latest.first(where: { $0.user == user }), phase < previous.phase {
                return [Violation(oracle: name, at: event.time,
                                  message: "The backend's progress for \(user) moved back from \(previous.phase.rawValue) "
                                    + "to \(phase.rawValue): a push of an older step arrived after a newer one. Send each "
                                    + "user's pushes in order, one after another (seed 003: \"Use existing SyncQueue\").",
                                  excerpt: run.lines([previous.index, event.index]))]
            }
            latest.removeAll { $0.user == user }
            latest.append((user, phase, event.index))
        }
        return []
    }
}
