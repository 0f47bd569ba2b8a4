import SimKernel
import AppVocabulary

/// The launch screen belongs to the launch (seed 003: "App launch routing that reads cached state
/// synchronously"; "Loading screen matches Launch Screen aesthetic (seamless transition)": the
/// route state `loading` is the one the app starts in, before it knows where the user is).
///
/// Once a launch has shown the user a screen of another kind (the flow, a sign-in, the main app),
/// no screen of kind `.launch` shows again in that launch: the app knows where the user is, and a
/// trip back to the launch screen throws that away in front of them (a team's trial whose Retry
/// after a failed check on the code screen ran the launch's own check from the splash). A new
/// launch (after a kill) starts on it again, as it should.
public struct LaunchScreenOnlyAtLaunch: Oracle {
    public let name = "launchScreenOnlyAtLaunch"
    public let summary = "the launch screen shows only at the start of a launch, never after the app showed where the user is"
    /// A promise of any app with a launch screen (a route of kind `.launch`).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        for launch in run.launches {
            var shownOther: (index: Int, time: SimulationInstant, state: ScreenState)?
            for screen in run.screens(during: launch) {
                guard let route = screen.state.route else { continue }
                if route.kind != .launch {
                    if shownOther == nil { shownOther = screen }
                } else if let other = shownOther {
                    return [Violation(oracle: name, at: screen.time,
                                      message: "At \(screen.time) the app went back to the launch screen (\(route)), though this launch "
                                        + "had shown \(other.state.route?.description ?? "") at \(other.time): the launch screen is for "
                                        + "the start of a launch, before the app knows where the user is (seed 003). Stay on the "
                                        + "user's screen, with a spinner or an error there.",
                                      excerpt: run.lines([other.index, screen.index]))]
                }
            }
        }
        return []
    }
}
