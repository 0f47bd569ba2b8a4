import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// No lost events (seed 003: "Offline completion: Auto-sync when connection returns (use
/// existing SyncQueue)"; "Use existing SyncQueue for onboarding status (same pattern as
/// events/event types)").
///
/// Every analytics event the app logged reaches the backend exactly once, judged when the run
/// ends settled (app running, online, no injected fault for the settle window): one logged while
/// offline (`onboarding_completed` at the end of onboarding) arrives once the connection is back.
/// Events logged before a reinstall that had not arrived by then are exempt (the app's storage
/// went with it): they need not arrive, and one already on its way may still arrive once.
public struct NoLostEvents: Oracle {
    public let name = "noLostEvents"
    public let summary = "every analytics event the app logged reaches the backend exactly once (judged when the run ends settled)"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard run.endsSettled(window: settings.settle) else { return [] }
        var waiting: [(user: String, event: String, index: Int, time: SimulationInstant)] = []
        var exempt: [(user: String, event: String, index: Int, time: SimulationInstant)] = []
        var violations: [Violation] = []
        let view = run.events([.eventLogged, .analytics, .reinstalled])
        for event in view.places {
            switch view[event] {
            case .reinstalled:
                // What had not arrived went with the app's storage (a request on the wire may still land).
                exempt += waiting
                waiting.removeAll()
            case .eventLogged(let user, let logged):
                waiting.append((user, logged, event.index, event.time))
            case .analytics(let user, let taken):
                if let position = waiting.firstIndex(where: { $0.user == user && $0.event == taken }) {
                    waiting.remove(at: position)
                } else if let position = exempt.firstIndex(where: { $0.user == user && $0.event == taken }) {
                    exempt.remove(at: position)
                } else {
                    violations.append(Violation(oracle: name, at: event.time,
                                                message: "The backend took '\(taken)' for \(user) more times than the app logged it: "
                                                    + "a retried event must count once (give each event an id).",
                                                excerpt: run.lines([event.index])))
                }
            default:
                break
            }
        }
        for lost in waiting {
            violations.append(Violation(oracle: name, at: lost.time,
                                        message: "The app logged '\(lost.event)' for \(lost.user) at \(lost.time), and it never reached "
                                            + "the backend although the run ended online for \(settings.settle.totalMilliseconds)ms. Queue "
                                            + "analytics like progress and send them when the connection returns (seed 003).",
                                        excerpt: run.lines([lost.index])))
        }
        return violations
    }
}
