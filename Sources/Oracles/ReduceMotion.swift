import SimKernel
import AppVocabulary

/// Reduce Motion respected (seed 002 §11: "Users with vestibular disorders or motion sensitivity
/// will experience discomfort").
public struct ReduceMotion: Oracle {
    public let name = "reduceMotion"
    public let summary = "no motion effect plays while Reduce Motion is on"
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let reduceMotion = run.events([.deviceSettings]).contains {
            if case .deviceSettings(reduceMotion: true, _) = $0.event { return true }
            return false
        }
        guard reduceMotion, let moving = run.screens.first(where: { !$0.state.motionEffects.isEmpty }) else { return [] }
        return [Violation(oracle: name, at: moving.time,
                          message: "\(moving.state.motionEffects.joined(separator: ", ")) played on "
                            + "\(moving.state.route.map(\.description) ?? "no screen") while Reduce Motion was on. "
                            + "Check accessibilityReduceMotion before animating.",
                          excerpt: run.lines([moving.index]))]
    }
}
