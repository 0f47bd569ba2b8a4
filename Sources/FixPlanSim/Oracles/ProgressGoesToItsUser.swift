import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// A step reaches the backend as the step of the person who took it (seed 003: "Push to backend
/// after each onboarding step", "Cache is per-user (keyed by user ID)", "If user A logs out and
/// new user B logs in"; #64 item 2, whose work a queue carries).
///
/// Judged on the user's record: the screens each person saw on this phone, between one sign-out
/// and the next, and who was signed in then. When the backend stores a step for an account on a
/// push from this phone, that account reached the step here. A step further than any it reached
/// is another account's work: a person who signed out with steps still queued (offline, or
/// retried after failures) and handed the phone to the next, or whose account was deleted before
/// they signed up again; the account signed in now gets the step and jumps ahead of its user. (Progress made on another device,
/// 003's "start on iPad, finish on iPhone", is stored with no push from this phone: not judged.)
public struct ProgressGoesToItsUser: Oracle {
    public let name = "progressGoesToItsUser"
    public let summary = "a step reaches the backend as the step of the person who took it, never the next user's"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Most runs have one user and nobody signs out: every stored step is theirs.
        guard !run.events([.signedOut]).isEmpty else { return [] }
        // The furthest step shown since the last sign-out, and each account's furthest step over
        // the stretches it was signed in (a run has a user or two: a short array searched in order).
        var stretch: OnboardingPhase?
        var reached: [(user: String, phase: OnboardingPhase)] = []
        var lastSignOut: Int?
        // A step the backend just stored, judged when the push that stored it is answered.
        var stored: (user: String, phase: OnboardingPhase, event: RunObservation.Event)?
        func note(_ user: String?) {
            guard let user, let stretch else { return }
            if let position = reached.firstIndex(where: { $0.user == user }) {
                reached[position].phase = max(reached[position].phase, stretch)
            } else {
                reached.append((user, stretch))
            }
        }
        let view = run.events([.screen, .signedIn, .signedOut, .reinstalled, .progressStored, .backendHandled])
        for event in view.places {
            if let pending = stored, pending.event.time != event.time { stored = nil }
            switch view[event] {
            case .signedOut, .reinstalled:
                note(run.signedInUser(atIndex: event.index - 1))
                stretch = nil
                lastSignOut = event.index
            case .signedIn(let user):
                note(user)
            case .screen(let state):
                guard let route = state.route else { continue }
                guard let phase = route.kind == .main ? OnboardingPhase.complete : route.phase else { continue }
                stretch = max(stretch ?? phase, phase)
                note(run.signedInUser(atIndex: event.index))
            case .progressStored(let user, let step):
                stored = OnboardingPhase(step).map { (user, $0, view.recorded(event)) }
            case .backendHandled(_, let endpoint, _):
                defer { stored = nil }
                guard endpoint == .pushProgress, let (user, phase, storedEvent) = stored else { continue }
                let furthest = reached.first { $0.user == user }?.phase
                guard furthest.map({ $0 < phase }) ?? true else { continue }
                return [Violation(
                    oracle: name, at: event.time,
                    message: "At \(event.time) the backend stored the step \(phase.rawValue) for \(user) on a push from this phone, "
                        + "but \(user) reached \(furthest.map { "no further than \($0.rawValue)" } ?? "no step") here: a step "
                        + "taken under the account signed in before, still queued when it was signed out, went to the one signed "
                        + "in now. "
                        + "Queue each step with the user who took it and send it as theirs (seed 003: \"Cache is per-user "
                        + "(keyed by user ID)\").",
                    excerpt: run.lines((lastSignOut.map { [$0] } ?? []) + [storedEvent.index, event.index]))]
            default:
                continue
            }
        }
        return []
    }
}
