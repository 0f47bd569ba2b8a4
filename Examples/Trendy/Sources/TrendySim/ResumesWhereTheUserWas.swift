import SimKernel
import AppVocabulary
import Oracles

/// Trendy keeps the user's place (001: "`onboarding_current_step` - Step persistence"): after a
/// kill mid-onboarding, the next launch opens on the onboarding screen the user was last on,
/// never an earlier one and never another. A reinstall starts over; a user who had reached home
/// is judged by `onboardingOncePerInstall`.
struct ResumesWhereTheUserWas: Oracle {
    let name = "resumesWhereTheUserWas"
    let summary = "after a kill mid-onboarding, the next launch opens on the screen the user was on"
    var apps: [AppID] { [TrendyApp.app] }

    func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var lastSeen: (route: Route, time: SimulationInstant)?
        var resuming: (route: Route, time: SimulationInstant)?
        for event in run.events([.screen, .killed, .launched, .reinstalled]) {
            switch event.event {
            case .killed: resuming = lastSeen
            case .reinstalled: resuming = nil; lastSeen = nil
            case .screen(let state):
                guard let route = state.route, route.kind != .launch else { continue }
                if let was = resuming {
                    resuming = nil
                    if route != was.route {
                        return [Violation(oracle: name, at: event.time,
                                          message: "The user was on \(was.route) when the app was killed at \(was.time); the next launch "
                                            + "opened on \(route) at \(event.time). Keep the step and resume there (seed 001: "
                                            + "onboarding_current_step).",
                                          excerpt: run.lines([event.index]))]
                    }
                }
                lastSeen = route.kind == .main ? nil : (route, event.time)
            default:
                continue
            }
        }
        return []
    }
}
