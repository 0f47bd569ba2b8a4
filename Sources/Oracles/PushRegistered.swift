import SimKernel
import AppVocabulary

/// Push registered (seed 002 §7: "The OS-level permission is granted, but the app never gets an
/// APNs token, so push notifications won't be delivered").
///
/// Permission granted ⇒ the user's push token reaches the backend, judged when the run ends
/// settled (app running, online, no injected fault for the settle window), unless the session
/// that granted it was refused, or the account lost while the token was queued (seed 003's
/// account loss), or the app was deleted before the
/// token could arrive (no 30 s online with the app running between the grant and the reinstall:
/// the queue went with the app, and iOS forgets a deleted app's permission).
public struct PushRegistered: Oracle {
    public let name = "pushRegistered"
    public let summary = "notification permission granted implies a push token registered at the backend"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard run.endsSettled(window: settings.settle) else { return [] }
        return run.events([.permissionAnswered]).compactMap { event in
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
}
