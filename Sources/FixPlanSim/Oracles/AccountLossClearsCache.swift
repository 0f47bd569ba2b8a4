import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Account loss clears the cache (seed 003: "Account loss (deletion/password reset): Clear local
/// onboarding cache").
///
/// Once the backend has lost an account (deleted, or every session revoked), until the user
/// signs in again:
/// - the user is not on the main app a patience window after any launch, foreground or action
///   of theirs when the network was healthy all that time (online, no injected fault), unless the
///   user left the app first: the fix plan's app checks its session then (a 401 that reaches
///   the app and is ignored is `refusedSessionEnds`'s, for every app);
/// - once the app signs them out, no launch finds the account's onboarding cache on the device.
public struct AccountLossClearsCache: Oracle {
    public let name = "accountLossClearsCache"
    public let summary = "a lost account's user is not left on main while the app could know, and its cache is gone"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        for lost in run.sessionLosses() {
            let (loss, user, what, until, answers) = (lost.event, lost.user, lost.what, lost.until, lost.answers)
            // An ignored 401 is `refusedSessionEnds`'s: judged here only when none reached the app.
            if RefusedSessionEnds.ignoredRefusal(user, answers: answers, in: run, window: settings.flashWindow) == nil,
               let stranded = stranded(user, after: loss, until: until, what: what, in: run, patience: settings.patience) {
                violations.append(stranded)
            }
            violations += cacheKept(of: user, answeringAny: answers.map(\.event.time), after: loss, until: until, what: what, in: run)
        }
        return violations
    }

    /// True when the device was online and no request met an injected fault (other than the
    /// account loss's refusals) from trace index `first` through `last`: the app could learn.
    private func healthy(from first: Int, through last: Int, in run: RunObservation) -> Bool {
        let before = run.events([.connectivity]).between(after: -1, before: first + 1).last
        if case .connectivity(online: false)? = before?.event { return false }
        let view = run.events([.connectivity, .faultApplied]).between(after: first, before: last + 1)
        for event in view.places {
            switch view[event] {
            case .connectivity(online: false): return false
            case .faultApplied(_, _, let fault) where !RunObservation.isRefusal(fault): return false
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
            // What the app can learn in the window includes the answers to requests already out
            // at the checkpoint: a fault on one of those (a dropped refresh that times out inside
            // the window) tells the app nothing, so the network is judged from its sending on.
            let from = run.requestsOut(atIndex: checkpoint.index).lazy.map(\.sentIndex).min() ?? checkpoint.index
            guard end < until, let seen = RefusedSessionEnds.strandedScreen(user, atIndex: end, in: run, spinners: false),
                  healthy(from: min(from, checkpoint.index), through: end, in: run) else { continue }
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
    /// back; a sign-out of the user's own keeps the cache, seed 003 "On logout"): no later
    /// launch finds its cache.
    private func cacheKept(of user: String, answeringAny answered: [SimulationInstant], after loss: RunObservation.Event,
                           until: Int, what: String, in run: RunObservation) -> [Violation] {
        guard let signOut = run.events([.signedOut]).between(after: loss.index, before: until).first(where: {
            run.signedInUser(atIndex: $0.index - 1) == user && answered.contains($0.time)
        }) else { return [] }
        let view = run.events([.storedCaches]).between(after: signOut.index, before: until)
        for stored in view.places {
            guard case .storedCaches(let keys) = view[stored], keys.contains(user) else { continue }
            return [Violation(oracle: name, at: stored.time,
                              message: "After \(what) the app signed them out, but a later launch "
                                + "found their onboarding cache on the device: clear it on account loss (seed 003).",
                              excerpt: run.lines([loss.index, signOut.index, stored.index]))]
        }
        return []
    }
}
