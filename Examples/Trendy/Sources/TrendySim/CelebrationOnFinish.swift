import SimKernel
import AppVocabulary
import Oracles
import TrendyOnboarding

/// Trendy's finish screen celebrates (001 §3, "Celebration Animation Pattern (Finish Screen)":
/// the checkmark's keyframe celebration), unless Reduce Motion is on (000 Pitfall 8, judged by the
/// shared `reduceMotion`): with motion allowed, every finish screen the user sees plays the
/// confetti, and no other screen plays it.
struct CelebrationOnFinish: Oracle {
    let name = "celebrationOnFinish"
    let summary = "the finish screen, and only it, plays the celebration when Reduce Motion is off"
    var apps: [AppID] { [TrendyApp.app] }
    static let finish = TrendyScreen.route(of: .finish)

    func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let reduceMotion = run.events([.deviceSettings]).contains {
            if case .deviceSettings(reduceMotion: true, _) = $0.event { return true }
            return false
        }
        for screen in run.screens where screen.state.foreground {
            guard let route = screen.state.route else { continue }
            let celebrates = screen.state.motionEffects.contains("confetti")
            if route == Self.finish, !reduceMotion, !celebrates {
                return [violation(at: screen, "the finish screen showed at \(screen.time) without its celebration, with Reduce Motion off")]
            }
            if route != Self.finish, celebrates {
                return [violation(at: screen, "\(route) played the finish screen's confetti at \(screen.time)")]
            }
        }
        return []
    }

    private func violation(at screen: (index: Int, time: SimulationInstant, state: ScreenState), _ what: String) -> Violation {
        Violation(oracle: name, at: screen.time,
                  message: "The celebration is the finish screen's (seed 001 §3), but \(what).", excerpt: [])
    }
}
