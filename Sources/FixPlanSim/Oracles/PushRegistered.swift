import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Push registered (seed 002 §7: "The OS-level permission is granted, but the app never gets an
/// APNs token, so push notifications won't be delivered").
///
/// Permission granted ⇒ the user's push token reaches the backend; denied or never asked (the user
/// tapped "Not now", or never saw the prompt), and not granted before in this install ⇒ none does.
/// The first is judged when the run ends
/// settled (app running, online, no injected fault for the settle window), unless the session
/// that granted it was refused, or the account lost while the token was queued (seed 003's
/// account loss), or the app was deleted before the
/// token could arrive (no 30 s online with the app running between the grant and the reinstall:
/// the queue went with the app, and iOS forgets a deleted app's permission).
public struct PushRegistered: Oracle {
    public let name = "pushRegistered"
    public let summary = "a push token reaches the backend exactly when the user granted notification permission"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let answers = run.events([.permissionAnswered])
        if let unasked = registeredWithoutAGrant(run, answers: answers) { return [unasked] }
        guard !answers.isEmpty else { return [] }
        if let denied = registeredAfterDenial(run, answers: answers) { return [denied] }
        guard run.endsSettled(window: settings.settle) else { return [] }
        return answers.compactMap { event in
            guard case .permissionAnswered(granted: true) = event.event,
                  event.time.advanced(by: settings.settle) <= run.end,
                  let user = run.signedInUser(atIndex: event.index),
                  !run.queuedWorkRefused(user, queuedAt: event.index) else { return nil }
            let registered = run.events([.pushTokenRegistered]).contains {
                if case .pushTokenRegistered(user) = $0.event { return $0.index > event.index }
                return false
            }
            guard !registered else { return nil }
            // Deleted before the token could go: no lasting connection with the app running
            // between the grant and the reinstall.
            let deleted = run.events([.reinstalled]).between(after: event.index, before: .max).first
            if let deleted, !run.deliveryStretch(from: event.time, to: deleted.time, atLeast: RunObservation.deliveryGrace) { return nil }
            return Violation(oracle: name, at: event.time,
                             message: "\(user) granted notifications at \(event.time) but no push token reached the backend "
                                + "by the end of the run. Call registerForRemoteNotifications() when permission is granted.",
                             excerpt: run.lines([event.index]))
        }
    }

    /// A token that reached the backend with no grant on the phone before it (the user tapped
    /// "Not now", or never reached the prompt): 002 §7's fix registers only `if granted`, and the
    /// run holds every prompt the phone showed. The permission is the phone's, asked once per
    /// install (000 Pitfall 4): the last answer before the token is what the phone says, whoever
    /// signed in gave it, so a second person on the same phone is registered on the first one's
    /// grant without a prompt of their own.
    private func registeredWithoutAGrant(_ run: RunObservation, answers: RunObservation.EventsOfKinds) -> Violation? {
        let view = run.events([.pushTokenRegistered])
        for registered in view.places {
            guard case .pushTokenRegistered(let user) = view[registered] else { continue }
            // (A token sent before a reinstall may reach the backend after it: the answer before it counts.)
            let granted = answers.last { $0.index < registered.index }?.event == .permissionAnswered(granted: true)
            guard !granted else { continue }
            let declined = run.events([.userAction]).last {
                guard $0.index < registered.index, case .userAction(.notNow, _) = $0.event else { return false }
                return run.signedInUser(atIndex: $0.index) == user
            }
            let said = declined.map { "tapped \"Not now\" at \($0.time) and " } ?? ""
            return Violation(oracle: name, at: registered.time,
                             message: "\(user) \(said)never granted notifications, yet a push token for them reached the backend at "
                                + "\(registered.time). Register for remote notifications only when permission is granted (002 §7).",
                             excerpt: run.lines([declined?.index, registered.index].compactMap { $0 }))
        }
        return nil
    }

    /// A token that reached the backend for a user who answered the prompt "Don't Allow", with no
    /// grant of theirs in this install before it (002 §7's fix: `if granted {
    /// registerForRemoteNotifications() }`): the user said no, and the backend was told yes.
    private func registeredAfterDenial(_ run: RunObservation, answers: RunObservation.EventsOfKinds) -> Violation? {
        for denial in answers {
            guard case .permissionAnswered(granted: false) = denial.event, let user = run.signedInUser(atIndex: denial.index) else { continue }
            let installed = run.events([.reinstalled]).last { $0.index < denial.index }?.index ?? -1
            let grantedBefore = answers.contains {
                guard case .permissionAnswered(granted: true) = $0.event else { return false }
                return $0.index > installed && $0.index < denial.index && run.signedInUser(atIndex: $0.index) == user
            }
            guard !grantedBefore else { continue }
            let nextGrant = answers.first { $0.index > denial.index && $0.event == .permissionAnswered(granted: true) }?.index ?? .max
            let registered = run.events([.pushTokenRegistered]).first {
                guard case .pushTokenRegistered(user) = $0.event else { return false }
                return $0.index > denial.index && $0.index < nextGrant
            }
            guard let registered else { continue }
            return Violation(oracle: name, at: registered.time,
                             message: "\(user) answered the notification prompt \"Don't Allow\" at \(denial.time), and a push token for "
                                + "them reached the backend at \(registered.time). Register for remote notifications only when "
                                + "permission is granted (002 §7).",
                             excerpt: run.lines([denial.index, registered.index]))
        }
        return nil
    }
}
