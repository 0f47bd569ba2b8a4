import SimKernel
import AppVocabulary

/// A cancel holds (issue #50; seed 004: the Apple sheet's close is the user's "canceled", "their
/// choice"; 000 Pitfall 12: Back is the user's way out of a step).
///
/// Judged from the user's own record: an attempt is what the user's last tap that moves them on
/// (Continue, Sign in, Retry) started; when they cancel it (a tap of role `cancel` or `back`, with
/// no other tap between: a Cancel after Sign Out answers the alert, not the attempt) while a request
/// it sent is in flight, that request's answer, whenever it comes, completes nothing: in the
/// instant it arrives, no one is signed in by it and the app does not move to another screen. A
/// new attempt before the answer comes makes the answer indistinguishable from the new attempt's,
/// and is not judged; nor is a request no tap caused (its role's cause is the app's or background),
/// nor one a kill or a relaunch ended.
public struct CancelHolds: Oracle {
    public let name = "cancelHolds"
    public let summary = "an attempt the user cancelled (Cancel, Back) while its request was in flight completes nothing when the answer comes"
    /// A promise of any app: judged by the roles of the user's taps and of the requests.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Most runs cancel nothing: one pass over the taps, and no walk of the rest.
        let cancels = run.events([.userAction]).places.contains { tap in
            let role = run.role(ofTapAt: tap)
            return role == .cancel || role == .back
        }
        guard cancels else { return [] }
        // The requests the current attempt sent that are in flight (nil: no attempt open).
        var attempt: [(id: Int, endpoint: Endpoint)]?
        // Requests in flight when the user cancelled, with the cancelling tap's index.
        var cancelled: [(id: Int, endpoint: Endpoint, tap: Int)] = []
        // The answer of a cancelled request, during the instant it arrived.
        var answered: (endpoint: Endpoint, tap: Int, at: SimulationInstant, index: Int, route: Route?)?
        var shown: Route?
        let view = run.events([.launched, .killed, .userAction, .requestSent, .responseReceived, .signedIn, .screen])
        for event in view.places {
            if let answer = answered, event.time != answer.at { answered = nil }
            switch view[event] {
            case .launched, .killed:
                (attempt, cancelled, answered) = (nil, [], nil)
                if case .launched = view[event] { shown = nil }
            case .userAction:
                switch run.role(ofTapAt: event) {
                case .cancel, .back:
                    cancelled += (attempt ?? []).map { ($0.id, $0.endpoint, event.index) }
                    attempt = nil
                case .forward, .decline, .submit, .start, .retry:
                    // A new attempt: an older one's answer is no longer told apart from its.
                    (attempt, cancelled) = ([], [])
                case .resend, .startOver, .signOut, .confirmSignOut:
                    // The user leaves another way, or opens a question a Cancel would answer.
                    (attempt, cancelled) = (nil, [])
                case .input, .choice, .link:
                    break
                }
            case .requestSent(let id, _, let endpoint) where run.roles.role(of: endpoint).cause == .tap:
                attempt?.append((id, endpoint))
            case .responseReceived(let id, _, _):
                attempt?.removeEvery { $0.id == id }
                if let position = cancelled.firstIndex(where: { $0.id == id }) {
                    let request = cancelled.remove(at: position)
                    answered = (request.endpoint, request.tap, event.time, event.index, shown)
                }
            case .signedIn(let user):
                if let answer = answered {
                    return [violation(answer, run: run, at: view.recorded(event), what: "signed \(user) in")]
                }
            case .screen(let state):
                guard let route = state.route else { continue }
                defer { shown = route }
                if let answer = answered, let before = answer.route, route != before {
                    return [violation(answer, run: run, at: view.recorded(event), what: "moved from \(before) to \(route)")]
                }
            default:
                break
            }
        }
        return []
    }

    private func violation(_ answer: (endpoint: Endpoint, tap: Int, at: SimulationInstant, index: Int, route: Route?),
                           run: RunObservation, at event: RunObservation.Event, what: String) -> Violation {
        Violation(oracle: name, at: event.time,
                  message: "The user cancelled while \(answer.endpoint.rawValue) was in flight, yet when its answer came at "
                    + "\(answer.at) the app \(what): a cancelled attempt completes nothing. Ignore the answer of an attempt "
                    + "the user cancelled (seed 004: closing the sheet is the user's choice).",
                  excerpt: run.lines([answer.tap, answer.index, event.index]))
    }
}
