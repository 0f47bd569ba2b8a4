import SimKernel
import AppVocabulary

/// An error belongs to the screen it happened on (seed 002: `setPhase(_:)` starts each screen
/// with `errorMessage = nil`; §1: "Stay on current phase" and show the error there).
///
/// When the route changes, the new screen does not open with the error the old one showed: that
/// error was about an attempt on the old screen, and on the new one it tells the user something
/// failed here. An error the app gives the new screen itself (a sign-out's "You've been signed
/// out") shows after the screen appears, and is not the old screen's.
public struct ErrorStaysOnItsScreen: Oracle {
    public let name = "errorStaysOnItsScreen"
    public let summary = "a new screen never opens with the error the last screen showed"
    /// A promise of any app's screens (routes and errors are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var previous: (index: Int, time: SimulationInstant, state: ScreenState)?
        for screen in run.screens {
            defer { previous = screen }
            guard let last = previous, let error = last.state.errorText, let route = screen.state.route,
                  let lastRoute = last.state.route, route != lastRoute, screen.state.errorText == error else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "At \(screen.time) \(route) opened with the error \"\(error)\" that \(lastRoute) showed: "
                                + "the user reads it as a failure of the new screen. Clear the error when the screen changes "
                                + "(seed 002: setPhase sets errorMessage = nil).",
                              excerpt: run.lines([last.index, screen.index]))]
        }
        return []
    }
}
