import SimKernel
import AppVocabulary

/// A refused session ends (seed 003: "Account loss (deletion/password reset): Clear local
/// onboarding cache"; seed 004: "Auth wall: user must sign in before accessing any app content",
/// "Token refresh triggered on MainTabView appear").
///
/// Once the backend refuses the signed-in user's session (401, after the account was deleted or
/// its sessions revoked), the app does not carry on as if nothing happened:
/// - a flash window after the first such 401 reaches the app, the user is not on the main app or
///   on a spinner as that user;
/// - nor does it keep the session: a flash window after it, the user is signed out (unless the
///   app was killed meanwhile);
/// - the screen the app signs them out to says why (an error text).
/// A 401 the app answers at once (within the window) with a request to refresh the session, or
/// that comes while one is out (the app waits for it), is first a reason to refresh, as for an access token that expired: the refresh's own refusal is
/// judged instead, and a refresh the network loses leaves the app nothing to conclude. So is a
/// 401 to a request that left before a refresh answered ok (it carried the token the refresh
/// replaced) when the app asks again at once: that request's answer is judged instead. An answer
/// that comes back after the app that asked was killed reaches nobody and is not judged.
/// Every app: what a 401 means, and that a user is owed a word, is the same on every screen.
public struct RefusedSessionEnds: Oracle {
    public let name = "refusedSessionEnds"
    public let summary = "a session the backend refused (401) ends: no main app or spinner after it, and the user is told why"
    /// A promise of any app's screens (route kinds, spinners, errors, session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        for lost in run.sessionLosses() {
            let (loss, user, what, until, answers) = (lost.event, lost.user, lost.what, lost.until, lost.answers)
            if let ignored = Self.ignoredRefusal(user, answers: answers, in: run, window: settings.flashWindow) {
                let (answer, deadline, end, seen) = ignored
                violations.append(carriedOn(lost, answer: answer, deadline: deadline, end: end,
                                            doing: "still showed \(seen) as \(user)", in: run))
            } else if let kept = Self.keptSession(user, answers: answers, in: run, window: settings.flashWindow) {
                let (answer, deadline, end) = kept
                let seen = run.screen(atIndex: end)?.state.route.map(\.description) ?? "no screen"
                violations.append(carriedOn(lost, answer: answer, deadline: deadline, end: end,
                                            doing: "still held \(user)'s session, on \(seen), without signing out", in: run))
            }
            violations += silentSignOut(of: user, answeringAny: answers.map(\.event.time), after: loss, until: until,
                                        what: what, in: run)
        }
        return violations
    }

    /// The app carried on after a 401 for the lost session: what it was `doing` a flash window later.
    private func carriedOn(_ lost: RunObservation.SessionLoss, answer: RunObservation.RefusedAnswer, deadline: SimulationInstant,
                           end: Int, doing: String, in run: RunObservation) -> Violation {
        Violation(oracle: name, at: deadline,
                  message: lost.what.prefix(1).uppercased() + lost.what.dropFirst() + " at \(lost.event.time); the app got 401 for "
                    + "\(answer.endpoint.rawValue) #\(answer.id) at \(answer.event.time) and \(doing) "
                    + "\(answer.event.time.duration(to: deadline).totalMilliseconds)ms later. Treat a 401 for the session as "
                    + "its end: sign out, clear what the account left on the device, say why (seeds 003, 004).",
                  excerpt: run.lines([lost.event.index, answer.event.index, end]))
    }

    /// The first 401 for the lost session that reached the app while `user` was signed in and
    /// left them on main or a spinner a flash window later: the answer, when and what was judged.
    public static func ignoredRefusal(_ user: String, answers: [RunObservation.RefusedAnswer], in run: RunObservation,
                               window: Duration) -> (RunObservation.RefusedAnswer, SimulationInstant, Int, String)? {
        for answer in answers where run.signedInUser(atIndex: answer.event.index) == user
            && reachedTheApp(answer, in: run) && !answeredWithARefresh(answer, in: run, window: window) {
            let deadline = min(answer.event.time.advanced(by: window), run.end)
            let end = run.lastIndex(atOrBefore: deadline)
            guard let seen = strandedScreen(user, atIndex: end, in: run) else { return nil }
            return (answer, deadline, end, seen)
        }
        return nil
    }

    /// The first 401 for the lost session that reached the app while `user` was signed in, if
    /// the app still held the session a flash window later, on any screen (a launch that took the
    /// 401 of its check for a timeout and fell back to the intro, keeping the dead session).
    static func keptSession(_ user: String, answers: [RunObservation.RefusedAnswer], in run: RunObservation,
                            window: Duration) -> (RunObservation.RefusedAnswer, SimulationInstant, Int)? {
        guard let answer = answers.first(where: {
            run.signedInUser(atIndex: $0.event.index) == user && reachedTheApp($0, in: run)
                && !answeredWithARefresh($0, in: run, window: window)
        }) else { return nil }
        let deadline = min(answer.event.time.advanced(by: window), run.end)
        let end = run.lastIndex(atOrBefore: deadline)
        guard run.signedInUser(atIndex: end) == user,
              run.events([.killed]).between(after: answer.event.index, before: end + 1).first == nil else { return nil }
        return (answer, deadline, end)
    }

    /// Whether the app that sent the refused request was still running when its 401 came back: an
    /// answer to a process killed meanwhile reaches nobody (the next launch finds out for itself).
    static func reachedTheApp(_ answer: RunObservation.RefusedAnswer, in run: RunObservation) -> Bool {
        guard let sent = run.events([.requestSent]).between(after: -1, before: answer.event.index).last(where: {
            if case .requestSent(answer.id, _, _) = $0.event { true } else { false }
        }) else { return true }
        return run.events([.killed]).between(after: sent.index, before: answer.event.index).first == nil
    }

    /// Whether the app answered the 401 `answer` with a refresh of the session: one out when it
    /// came, or sent within `window` (a refused refresh is final: it is never answered so).
    static func answeredWithARefresh(_ answer: RunObservation.RefusedAnswer, in run: RunObservation, window: Duration) -> Bool {
        guard !run.roles.endpoint(answer.endpoint, is: .refreshesSession) else { return false }
        return run.refreshPending(at: answer.event.index, time: answer.event.time, within: window)
            || run.sentAgainWithARefreshedSession(id: answer.id, endpoint: answer.endpoint, at: answer.event.index,
                                                  time: answer.event.time, within: window)
    }

    /// What the user sees at `index` if it is `user`'s main app (or, with `spinners`, a
    /// spinner), in the foreground.
    public static func strandedScreen(_ user: String, atIndex index: Int, in run: RunObservation, spinners: Bool = true) -> String? {
        guard run.signedInUser(atIndex: index) == user, let shown = run.screen(atIndex: index),
              shown.state.foreground, let route = shown.state.route else { return nil }
        if route.kind == .main { return "the main app" }
        if spinners && (shown.state.spinner != nil || shown.state.loadingScreen != nil) { return "\(route) with a spinner" }
        return nil
    }

    /// The app's sign-out of the lost user in the instant a refused request's 401 came back: the
    /// screen the user sees after it (at the end of its instant) says why.
    private func silentSignOut(of user: String, answeringAny answered: [SimulationInstant], after loss: RunObservation.Event,
                               until: Int, what: String, in run: RunObservation) -> [Violation] {
        guard let signOut = run.events([.signedOut]).between(after: loss.index, before: until).first(where: {
            run.signedInUser(atIndex: $0.index - 1) == user && answered.contains($0.time)
        }), let next = run.screen(atTime: signOut.time), next.index > signOut.index, next.state.route != nil,
              next.state.errorText == nil else { return [] }
        return [Violation(oracle: name, at: next.time,
                          message: "The app signed \(user) out after \(what), but \(next.state.route.map(\.description) ?? "the screen") "
                            + "showed no word why. Tell the user they were signed out and what to do.",
                          excerpt: run.lines([loss.index, signOut.index, next.index]))]
    }
}
