import SimKernel
import OnboardingModel

/// Sign-out asks first (seed 004: "Sign Out … Confirmation alert (Cancel default, Sign Out
/// destructive)").
///
/// A tap on Sign Out never ends the session by itself: the session ends only after the user
/// confirms in the alert. (A session the backend refuses ends without asking: that is no tap.)
public struct SignOutConfirmed: Oracle {
    public let name = "signOutConfirmed"
    public let summary = "a tap on Sign Out ends the session only after the user confirms it"
    /// Seed 004's own rule: the fix plan's app has no Sign Out button of its own.
    public var apps: [AppID] { [.pickup] }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var lastTap: RunObservation.Event?
        for event in run.events([.userAction, .signedOut]) {
            guard case .signedOut = event.event else {
                lastTap = event
                continue
            }
            guard let tap = lastTap, case .userAction(.signOut, _) = tap.event, tap.time == event.time else { continue }
            return [Violation(oracle: name, at: event.time,
                              message: "The tap on Sign Out at \(tap.time) signed the user out at once, with no confirmation. "
                                + "Ask first, in an alert whose default is Cancel (seed 004).",
                              excerpt: run.lines([tap.index, event.index]))]
        }
        return []
    }
}
