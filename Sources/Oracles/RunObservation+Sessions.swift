import SimKernel
import AppVocabulary

/// Sessions the backend stopped accepting (seed 003's account loss), as oracles ask about them.
extension RunObservation {
    /// The account losses of `user` (`accountLost` events), in order.
    public func losses(of user: String) -> [Event] {
        events([.accountLost]).filter { if case .accountLost(user, _) = $0.event { true } else { false } }
    }

    /// The backend's refusals of `user`'s refresh token as reused after its reuse window
    /// (`MockAuth`: `refresh-token-reused user=u1 rotated-by=7`) whose rotating answer never
    /// reached the app as `ok` (a kill, a timeout or a drop took it): the backend ended that
    /// session, not the app. A refusal after the app got the new token is the app's own doing
    /// (it threw the new token away) and is not among them.
    public func rotationLosses(of user: String) -> [Event] {
        events([.faultApplied]).filter { event in
            guard case .faultApplied(_, _, let fault) = event.event, let reuse = RefreshTokenReuse.parse(fault),
                  reuse.user == user else { return false }
            let rotatedBy = reuse.rotatedBy
            guard rotatedBy >= 0 else { return true }
            guard let answer = events([.responseReceived]).between(after: -1, before: event.index).first(where: { answer in
                if case .responseReceived(rotatedBy, _, "ok") = answer.event { true } else { false }
            }) else { return true }
            // An answer that came after the app that asked was killed never reached it either.
            let sent = events([.requestSent]).between(after: -1, before: answer.index).last { sent in
                if case .requestSent(rotatedBy, _, _) = sent.event { true } else { false }
            }
            return events([.killed]).between(after: sent?.index ?? -1, before: answer.index).first != nil
        }
    }

    /// True when the session `user` had at trace index `index` was refused by the backend, before
    /// or after `index`: an account loss came after the last sign-in verified before `index`.
    /// Work done with that session (a queued push, a push token) can never reach the backend.
    public func sessionRefused(_ user: String, liveAt index: Int) -> Bool {
        let losses = losses(of: user)
        guard !losses.isEmpty else { return false }
        let issues = events([.sessionIssued]).filter { if case .sessionIssued(user) = $0.event { true } else { false } }
        // The session live at `index` began at the last sign-in before it and ended at the next one.
        let began = issues.last { $0.index < index }?.index ?? -1
        let ended = issues.first { $0.index > index }?.index ?? .max
        return losses.contains { $0.index > began && $0.index < ended }
    }

    /// True when work `user` queued at trace index `index` can never reach the backend: the
    /// session live then was refused, or the account was lost after it while the work was still
    /// queued (the queue sends with the session of the moment; seed 003: on a 401 the app clears
    /// the queue on purpose, and a deleted account stores nothing).
    public func queuedWorkRefused(_ user: String, queuedAt index: Int) -> Bool {
        sessionRefused(user, liveAt: index) || losses(of: user).contains { $0.index > index }
    }

    /// The trace index at which `user` next got a working session after `loss` (a new sign-in),
    /// or `Int.max`: the loss applies from its event up to there.
    public func sessionRestored(_ user: String, after loss: Event) -> Int {
        events([.sessionIssued]).between(after: loss.index, before: .max).first { event in
            if case .sessionIssued(user) = event.event { true } else { false }
        }?.index ?? .max
    }

    /// The sign-ins by the user: a `signed-in` whose last answer before it was a sign-in
    /// request's `ok` (`RequestRole.Purpose.signsIn`: a verified code, not a launch restoring a
    /// session), with the signed-in user and that answer.
    public func signInsByCode() -> [(event: Event, user: String, verified: Event)] {
        let responses = events([.responseReceived])
        return events([.signedIn]).compactMap { event in
            guard case .signedIn(let user) = event.event, let verified = responses.between(after: -1, before: event.index).last,
                  case .responseReceived(_, let endpoint, "ok") = verified.event, roles.endpoint(endpoint, is: .signsIn)
            else { return nil }
            return (event, user, verified)
        }
    }

    /// Whether a refresh of the session (a request of purpose `.refreshesSession`, whatever its
    /// cause) was out when the answer at trace index `index` came back, or went out within
    /// `window` after it: after a 401 the app is then working out whether the session is gone
    /// (004: the same refresh goes out in the background when main appears and is awaited after
    /// a 401; an app that joins the one in flight waits for it).
    public func refreshPending(at index: Int, time: SimulationInstant, within window: Duration) -> Bool {
        let deadline = time.advanced(by: window)
        var out: [Int] = []
        let view = events([.requestSent, .responseReceived])
        for event in view.places {
            if event.index > index {
                if !out.isEmpty { return true }
                if event.time > deadline { return false }
                if case .requestSent(_, _, let endpoint) = view[event], roles.endpoint(endpoint, is: .refreshesSession) { return true }
                continue
            }
            switch view[event] {
            case .requestSent(let id, _, let endpoint) where roles.endpoint(endpoint, is: .refreshesSession): out.append(id)
            case .responseReceived(let id, _, _): out.removeEvery(id)
            default: break
            }
        }
        return !out.isEmpty
    }

    /// Whether the 401 answer to request `id` of `endpoint` at trace index `index` was for a
    /// session the app had already replaced, and the app asked again with the new one within
    /// `window`: the request went out before a refresh of the session answered ok, and the 401
    /// came after that answer (the token it carried was superseded), and the same endpoint is
    /// called again within the window. What the app concludes is then judged by that request's answer.
    public func sentAgainWithARefreshedSession(id: Int, endpoint: Endpoint, at index: Int, time: SimulationInstant,
                                               within window: Duration) -> Bool {
        let deadline = time.advanced(by: window)
        var sent = false, refreshedSince = false
        let view = events([.requestSent, .responseReceived])
        for event in view.places {
            if event.index > index {
                guard refreshedSince, event.time <= deadline else { return false }
                if case .requestSent(_, _, endpoint) = view[event] { return true }
                continue
            }
            switch view[event] {
            case .requestSent(id, _, _): sent = true
            case .responseReceived(_, let answered, "ok") where sent && roles.endpoint(answered, is: .refreshesSession):
                refreshedSince = true
            default: break
            }
        }
        return false
    }

    /// Whether no user waits on requests to `endpoint` (the app's role for it: analytics, queued
    /// pushes and tokens, a token refresh). A spinner is never backed by them, and several in
    /// flight are separate intents.
    public func isBackground(_ endpoint: Endpoint) -> Bool { roles.isBackground(endpoint) }

    /// Whether no user waits on request `id` to `endpoint`: its role's cause, unless it is a
    /// background refresh a user's request awaited after its 401 (the cause chosen per call).
    public func isBackground(_ endpoint: Endpoint, id: Int) -> Bool {
        roles.isBackground(endpoint) && (awaitedRefreshes.isEmpty || !awaitedRefreshes.contains(id))
    }

    /// Whether `launch` fell back to onboarding: it restored a session without a cache and its
    /// journey check got no answer. Seed 003 decides "Timeout fallback: Show onboarding if backend
    /// check fails or times out": such a launch starts at the intro, as if nobody were signed in.
    public func fellBack(_ launch: Launch) -> Bool {
        guard launch.sessionUser != nil, !launch.cacheHit else { return false }
        let check = events([.responseReceived]).between(after: launch.startIndex, before: launch.endIndex).first {
            if case .responseReceived(_, let endpoint, _) = $0.event { roles.endpoint(endpoint, is: .journey) } else { false }
        }
        guard case .responseReceived(_, _, let outcome)? = check?.event else { return false }
        return outcome != "ok"
    }

    /// Whether trace index `index` lies in a launch that fell back to onboarding (`fellBack`),
    /// before the user signs in by code in it (from then on the app knows them again).
    public func inFallbackLaunch(_ index: Int) -> Bool {
        guard let position = Self.lastPosition(in: launches.count, { launches[$0].startIndex <= index }) else { return false }
        let launch = launches[position]
        guard index <= launch.endIndex, fellBack(launch) else { return false }
        return !signInsByCode().contains { $0.event.index > launch.startIndex && $0.event.index < index }
    }

    /// How long a connection must stand, with the app running, for queued work to reach the
    /// backend (a few tries with timeouts and backoff): work lost to a reinstall after such a
    /// stretch was the app's to send.
    public static let deliveryGrace = Duration.seconds(30)

    /// Whether the app had a chance to send queued work between `start` and `end`: it was running
    /// and the device online, without a break, for at least `length` (a queue sends nothing while
    /// the app is not running, however long the connection stands).
    public func deliveryStretch(from start: SimulationInstant, to end: SimulationInstant, atLeast length: Duration) -> Bool {
        launches.contains { launch in
            launch.end > start && launch.start < end
                && onlineStretch(from: max(start, launch.start), to: min(end, launch.end), atLeast: length)
        }
    }

    /// Whether the device was online without a break for at least `length` somewhere between
    /// `start` and `end` (it starts online; `connectivity` events change that).
    public func onlineStretch(from start: SimulationInstant, to end: SimulationInstant, atLeast length: Duration) -> Bool {
        var online = true
        var since = SimulationInstant.zero
        let view = events([.connectivity])
        for event in view.places {
            guard case .connectivity(let up) = view[event], up != online else { continue }
            if online, max(since, start).duration(to: min(event.time, end)) >= length { return true }
            online = up
            since = event.time
            if event.time >= end { return false }
        }
        return online && max(since, start).duration(to: end) >= length
    }
}

/// The backend's refusals of a lost session (401s), as the session oracles read them.
extension RunObservation {
    /// A 401 answer to a request the backend refused because the session was lost.
    public typealias RefusedAnswer = (event: Event, id: Int, endpoint: Endpoint)

    /// How a backend marks a request it refused because of an account loss (`fault …` in the
    /// trace; the first two name the user).
    static let refusals = ["account-deleted", "session-revoked", "account-lost"]

    public static func isRefusal(_ fault: String) -> Bool { refusals.contains { fault.hasPrefix($0) } }

    /// One account loss as the session oracles judge it: whose, in words, until when it holds
    /// (the user's next sign-in), and the 401s the app got for it.
    public struct SessionLoss {
        public let event: Event
        public let user: String
        /// "the account of u1 was deleted", "every session of u1 was revoked".
        public let what: String
        /// The trace index of the user's next session, or `Int.max`.
        public let until: Int
        public let answers: [RefusedAnswer]
    }

    /// Every account loss of the run, in order, with its refusals.
    public func sessionLosses() -> [SessionLoss] {
        events([.accountLost]).compactMap { loss in
            guard case .accountLost(let user, let deleted) = loss.event else { return nil }
            let until = sessionRestored(user, after: loss)
            return SessionLoss(event: loss, user: user,
                               what: deleted ? "the account of \(user) was deleted" : "every session of \(user) was revoked",
                               until: until, answers: refusedAnswers(to: user, after: loss, until: until))
        }
    }

    /// The 401 answers to requests the backend refused because `user`'s session was lost, after
    /// `loss` and before trace index `until`.
    public func refusedAnswers(to user: String, after loss: Event, until: Int) -> [RefusedAnswer] {
        let marks = ["account-deleted user=\(user)", "session-revoked user=\(user)"]
        var refused: [Int] = []
        var answers: [RefusedAnswer] = []
        let view = events([.faultApplied, .responseReceived]).between(after: loss.index, before: until)
        for event in view.places {
            switch view[event] {
            case .faultApplied(let id, _, let fault) where marks.contains(fault):
                refused.append(id)
            case .responseReceived(let id, let endpoint, let outcome) where refused.contains(id) && TextSearch.hasPrefix(outcome, "status 401"):
                answers.append((view.recorded(event), id, endpoint))
            default:
                break
            }
        }
        return answers
    }
}
