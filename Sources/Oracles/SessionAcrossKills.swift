import SimKernel
import AppVocabulary

/// The user's session as the wire and their taps show it across kills, for the rules that judge
/// what a relaunch owes a signed-in user (`sessionSurvivesAKill`, `resumeNeedsNoConnection`).
///
/// A sign-in answered `ok` (a request of purpose `.signsIn`; one sent before the last account
/// loss is no session), whether the app then showed a screen past it (of kind `.onboarding` or
/// `.main`), and the first kill after that; all forgotten at the user's Sign out (`.signOut`,
/// `.confirmSignOut`), an account loss, a reinstall, or a refresh token the backend refused as
/// reused after a rotation whose answer never reached the app (the backend ended the session).
struct SessionAcrossKills {
    /// The kinds of event it reads: walk them (with any an oracle adds) and hand each to `take`.
    static let kinds: ModelEvent.Kinds = [.requestSent, .responseReceived, .screen, .userAction, .killed, .reinstalled, .accountLost,
                                          .faultApplied]

    /// The sign-in the user is in, if any.
    private(set) var signedIn: RunObservation.Event?
    /// Whether the app showed a screen past that sign-in before the kill.
    private(set) var inside = false
    /// The first kill after the user was in.
    private(set) var killed: RunObservation.Event?
    private var signInsOut: [(id: Int, index: Int)] = []
    private var lastLoss = -1
    /// The requests answered `ok` so far, of those that refresh the session, while the app that
    /// sent them was running (an answer after a kill never reached it); and those out now.
    private var refreshesAnswered: [Int] = []
    private var refreshesOut: [Int] = []

    /// The run's tap roles, by position (`RunObservation.role(ofTapAt:)`).
    private let tapRoles: [ActionRole]

    /// The run's request facts, by position (`RunObservation.endpoint(at:is:)`).
    private let requestFacts: [RequestFacts]

    init(_ run: RunObservation) { (tapRoles, requestFacts) = (run.actionRoles, run.requestFacts) }

    /// Takes in the event at `event` of `view`: an oracle hands it every event of `kinds` before it
    /// judges the event (read in place: the two it keeps are copied, a sign-in and a kill).
    mutating func take(_ event: EventPlace, of view: RunObservation.EventsOfKinds) {
        switch view[event] {
        case .requestSent(let id, _, _) where requestFacts[event.position].purpose == .signsIn:
            signInsOut.append((id, event.index))
        case .responseReceived(let id, _, "ok") where requestFacts[event.position].purpose == .signsIn:
            let sent = signInsOut.first { $0.id == id }?.index ?? event.index
            signInsOut.removeEvery { $0.id == id }
            (signedIn, inside, killed) = sent > lastLoss ? (view.recorded(event), false, nil) : (nil, false, nil)
        case .screen(let state):
            guard killed == nil, signedIn != nil, let route = state.route else { return }
            if route.kind == .onboarding || route.kind == .main { inside = true }
        case .userAction:
            let role = tapRoles[event.position]
            if role == .signOut || role == .confirmSignOut { forget() }
        case .killed:
            if signedIn != nil, inside, killed == nil { killed = view.recorded(event) }
            refreshesOut.removeAll()
        case .requestSent(let id, _, _) where requestFacts[event.position].purpose == .refreshesSession:
            refreshesOut.append(id)
        case .responseReceived(let id, _, "ok") where requestFacts[event.position].purpose == .refreshesSession:
            if refreshesOut.contains(id) { refreshesAnswered.append(id) }
            refreshesOut.removeEvery(id)
        case .faultApplied(_, _, let fault):
            // Rotated by an answer the app never got: the backend ended the session.
            guard let reuse = RefreshTokenReuse.parse(fault) else { return }
            if !refreshesAnswered.contains(reuse.rotatedBy) {
                lastLoss = event.index
                forget()
            }
        case .accountLost:
            lastLoss = event.index
            forget()
        case .reinstalled:
            forget()
        default: break
        }
    }

    private mutating func forget() { (signedIn, inside, killed) = (nil, false, nil) }
}
