import SimKernel
import AppVocabulary

/// Offline, a relaunch still resumes where the user was (seed 003: "Force-quit mid-onboarding:
/// Resume from where they left off (cached step)"; "Mid-onboarding network drop: Allow offline
/// continuation"; even a fresh install with no cache "assume[s] new user if offline").
///
/// Once the user's sign-in was answered `ok` (a request of purpose `.signsIn`) and the app showed
/// them a screen past it (of kind `.onboarding` or `.main`), the step they reached is the app's to
/// keep on the phone: a launch after a kill, made while the device is offline, does not leave them
/// at the launch screen with an error while the connection stays down (a launch that waits on the
/// backend for where the user is, and gives up, has forgotten what the user already reached).
/// Until they sign out (`.signOut`, `.confirmSignOut`), their account is lost or the app is
/// reinstalled. Judged by the wire, the device's connection and the screens, for every app that
/// declares a sign-in: a team's trial whose launch read its step cache under the wrong key passed
/// every other rule (every launch waited on the splash; offline, a finished user never got in).
public struct ResumeNeedsNoConnection: Oracle {
    public let name = "resumeNeedsNoConnection"
    public let summary = "offline, a relaunch resumes the step a signed-in user reached instead of an error on the launch screen"
    /// A promise of any app with a sign-in (a request whose purpose is `.signsIn`).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard run.roles.declares(.signsIn), run.launches.count > 1, Self.someRelaunchOffline(run) else { return [] }
        var session = SessionAcrossKills(run)
        // The device's connection, and the launch after the kill while it has been down since.
        var online = true
        var offlineLaunch: RunObservation.Event?
        var kinds = SessionAcrossKills.kinds
        kinds.insert(.launched)
        kinds.insert(.connectivity)
        let view = run.events(kinds)
        for event in view.places {
            session.take(event, of: view)
            switch view[event] {
            case .connectivity(let up):
                online = up
                if up { offlineLaunch = nil }
            case .launched:
                offlineLaunch = session.killed != nil && !online ? view.recorded(event) : nil
            case .killed:
                offlineLaunch = nil
            case .screen(let state):
                guard let launch = offlineLaunch, let kill = session.killed, let route = state.route, route.kind == .launch,
                      let error = state.errorText else { continue }
                return [violation(error: error, on: route, at: view.recorded(event), launch: launch, kill: kill, in: run)]
            default: break
            }
        }
        return []
    }

    /// Whether the device was offline when some launch after the first began: most runs have
    /// none, and are done with before the walk over nine kinds of event.
    private static func someRelaunchOffline(_ run: RunObservation) -> Bool {
        let changes = run.events([.connectivity])
        guard !changes.isEmpty else { return false }
        var online = true
        var next = changes.places.makeIterator()
        var change = next.next()
        for launch in run.launches.dropFirst() {
            while let event = change, event.index < launch.startIndex {
                if case .connectivity(let up) = changes[event] { online = up }
                change = next.next()
            }
            if !online { return true }
        }
        return false
    }

    private func violation(error: String, on route: Route, at screen: RunObservation.Event, launch: RunObservation.Event,
                           kill: RunObservation.Event, in run: RunObservation) -> Violation {
        Violation(oracle: name, at: screen.time,
                  message: "The user had reached their steps before the kill at \(kill.time); the launch at \(launch.time), made "
                    + "offline, showed \(route) with \"\(error)\" at \(screen.time) while the connection was still down, instead of "
                    + "the step they reached. Decide the first route from what the phone keeps (seed 003: \"Force-quit "
                    + "mid-onboarding: Resume from where they left off (cached step)\"; \"Allow offline continuation\").",
                  excerpt: run.lines([kill.index, launch.index, screen.index]))
    }
}
