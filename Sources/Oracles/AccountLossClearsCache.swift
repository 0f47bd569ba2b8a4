import SimKernel
import OnboardingModel

/// Account loss clears the cache (seed 003: "Account loss (deletion/password reset): Clear local
/// onboarding cache").
///
/// Once the backend has lost an account (deleted, or every session revoked), until the user
/// signs in again:
/// - the user is never left on the main app or on a spinner for it once a 401 for the session
///   reaches the app (within the flash window); nor on the main app a patience window after any
///   launch, foreground or action of theirs when the network was healthy all that time (online,
///   no injected fault), unless the user left the app first;
/// - when the app signs them out, the first screen after says why (an error text);
/// - from then on, no launch finds the account's onboarding cache on the device.
public struct AccountLossClearsCache: Oracle {
    public let name = "accountLossClearsCache"
    public let summary = "a lost account's user is never left on main or a spinner, is told why, and its cache is gone"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        for loss in run.events([.accountLost]) {
            guard case .accountLost(let user, let deleted) = loss.event else { continue }
            let what = deleted ? "the account of \(user) was deleted" : "every session of \(user) was revoked"
            // Until the user signs in again, with a new session.
            let until = run.sessionRestored(user, after: loss)
            let answers = refusedAnswers(to: user, after: loss, until: until, in: run)
            if let ignored = ignoredRefusal(user, answers: answers, loss: loss, what: what, in: run, window: settings.flashWindow) {
                violations.append(ignored)
            } else if let stranded = stranded(user, after: loss, until: until, what: what, in: run, patience: settings.patience) {
                violations.append(stranded)
            }
            violations += signOuts(of: user, answeringAny: answers.map(\.event.time), after: loss, until: until, what: what, in: run)
        }
        return violations
    }

    /// How the backend marks a request it refused because of an account loss (`fault …` in the
    /// trace; the first two name the user).
    static let refusals = ["account-deleted", "session-revoked", "account-lost"]

    static func isRefusal(_ fault: String) -> Bool { refusals.contains { fault.hasPrefix($0) } }

    /// The 401 answers to requests the backend refused because `user`'s session was lost.
    private func refusedAnswers(to user: String, after loss: RunObservation.Event, until: Int,
                                in run: RunObservation) -> [(event: RunObservation.Event, id: Int, endpoint: Endpoint)] {
        let marks = ["account-deleted user=\(user)", "session-revoked user=\(user)"]
        var refused: [Int] = []
        var answers: [(event: RunObservation.Event, id: Int, endpoint: Endpoint)] = []
        for event in run.events([.faultApplied, .responseReceived]).between(after: loss.index, before: until) {
            switch event.event {
            case .faultApplied(let id, _, let fault) where marks.contains(fault):
                refused.append(id)
            case .responseReceived(let id, let endpoint, let outcome) where refused.contains(id) && outcome.hasPrefix("status 401"):
                answers.append((event, id, endpoint))
            default:
                break
            }
        }
        return answers
    }

    /// The first 401 for the lost session that reached the app while the user was signed in and
    /// left them on main or a spinner a flash window later.
    private func ignoredRefusal(_ user: String, answers: [(event: RunObservation.Event, id: Int, endpoint: Endpoint)],
                                loss: RunObservation.Event, what: String, in run: RunObservation, window: Duration) -> Violation? {
        for (event, id, endpoint) in answers where run.signedInUser(atIndex: event.index) == user {
            let deadline = min(event.time.advanced(by: window), run.end)
            let end = run.lastIndex(atOrBefore: deadline)
            guard let seen = strandedScreen(user, atIndex: end, in: run) else { return nil }
            return strandedViolation(at: deadline, what: what, loss: loss,
                                     detail: "; the app got 401 for \(endpoint.rawValue) #\(id) at \(event.time) and still showed "
                                        + "\(seen) as \(user) \(event.time.duration(to: deadline).totalMilliseconds)ms later",
                                     excerpt: run.lines([loss.index, event.index, end]))
        }
        return nil
    }

    /// What the user sees at `index` if it is the lost user's main app (or, with `spinners`, a
    /// spinner), in the foreground.
    private func strandedScreen(_ user: String, atIndex index: Int, in run: RunObservation, spinners: Bool = true) -> String? {
        guard run.signedInUser(atIndex: index) == user, let shown = run.screen(atIndex: index),
              shown.state.foreground, let route = shown.state.route else { return nil }
        if route == .main { return "the main app" }
        if spinners && (shown.state.spinner != nil || shown.state.loadingScreen != nil) { return "\(route) with a spinner" }
        return nil
    }

    /// True when the device was online and no request met an injected fault (other than the
    /// account loss's refusals) from trace index `first` through `last`: the app could learn.
    private func healthy(from first: Int, through last: Int, in run: RunObservation) -> Bool {
        let before = run.events([.connectivity]).between(after: -1, before: first + 1).last
        if case .connectivity(online: false)? = before?.event { return false }
        for event in run.events([.connectivity, .faultApplied]).between(after: first, before: last + 1) {
            switch event.event {
            case .connectivity(online: false): return false
            case .faultApplied(_, _, let fault) where !Self.isRefusal(fault): return false
            default: continue
            }
        }
        return true
    }

    /// The first checkpoint after the loss whose healthy window ends with the lost user on main or a spinner.
    private func stranded(_ user: String, after loss: RunObservation.Event, until: Int, what: String, in run: RunObservation,
                          patience: Duration) -> Violation? {
        let stops = run.events([.launched, .foregrounded, .userAction, .killed, .backgrounded]).between(after: loss.index, before: until)
        for (position, checkpoint) in stops.enumerated() {
            if isLeaving(checkpoint) { continue }
            let deadline = min(checkpoint.time.advanced(by: patience), run.end)
            // The user leaves the app before the deadline: nothing to judge for this checkpoint.
            let next = stops.dropFirst(position + 1).first
            if let next, next.time <= deadline, isLeaving(next) { continue }
            let end = max(checkpoint.index, run.lastIndex(atOrBefore: deadline))
            // A spinner here waits on a sign-in request, not on the account: only the main app counts.
            guard end < until, let seen = strandedScreen(user, atIndex: end, in: run, spinners: false),
                  healthy(from: checkpoint.index, through: end, in: run) else { continue }
            return strandedViolation(at: deadline, what: what, loss: loss,
                                     detail: ", but \(checkpoint.time.duration(to: deadline).totalMilliseconds)ms after "
                                        + "\(describe(checkpoint)) at \(checkpoint.time) the user still saw \(seen) as \(user)",
                                     excerpt: run.lines([loss.index, checkpoint.index, end]))
        }
        return nil
    }

    /// "<What happened> at <time><detail>. Treat a 401 …": the user left on main or a spinner.
    private func strandedViolation(at time: SimulationInstant, what: String, loss: RunObservation.Event, detail: String,
                                   excerpt: [String]) -> Violation {
        Violation(oracle: name, at: time,
                  message: what.prefix(1).uppercased() + what.dropFirst() + " at \(loss.time)" + detail
                    + ". Treat a 401 for the session as account loss: sign out, clear the cache, say why (seed 003).",
                  excerpt: excerpt)
    }

    private func isLeaving(_ event: RunObservation.Event) -> Bool {
        switch event.event {
        case .killed, .backgrounded: true
        default: false
        }
    }

    private func describe(_ checkpoint: RunObservation.Event) -> String {
        switch checkpoint.event {
        case .launched: "a launch"
        case .foregrounded: "a return to the foreground"
        case .userAction(let action, _): "'\(action.rawValue)'"
        default: "\(checkpoint.event.kind)"
        }
    }

    /// The app's sign-out of the lost user (one in the instant a refused request's 401 came
    /// back; a sign-out of the user's own keeps the cache, seed 003 "On logout"): the screen the
    /// user sees after it (at the end of its instant) says why, and no later launch finds its cache.
    private func signOuts(of user: String, answeringAny answered: [SimulationInstant], after loss: RunObservation.Event,
                          until: Int, what: String, in run: RunObservation) -> [Violation] {
        var violations: [Violation] = []
        for signOut in run.events([.signedOut]).between(after: loss.index, before: until)
        where run.signedInUser(atIndex: signOut.index - 1) == user && answered.contains(signOut.time) {
            if let next = run.screen(atTime: signOut.time), next.index > signOut.index, next.state.route != nil,
               next.state.errorText == nil {
                violations.append(Violation(oracle: name, at: next.time,
                                            message: "The app signed \(user) out after \(what), but \(next.state.route.map(\.description) ?? "the screen") "
                                                + "showed no word why. Tell the user they were signed out and what to do.",
                                            excerpt: run.lines([loss.index, signOut.index, next.index])))
            }
            for stored in run.events([.storedCaches]).between(after: signOut.index, before: until) {
                guard case .storedCaches(let keys) = stored.event, keys.contains(user) else { continue }
                violations.append(Violation(oracle: name, at: stored.time,
                                            message: "After \(what) the app signed them out, but a later launch "
                                                + "found their onboarding cache on the device: clear it on account loss (seed 003).",
                                            excerpt: run.lines([loss.index, signOut.index, stored.index])))
                break
            }
            break
        }
        return violations
    }
}
