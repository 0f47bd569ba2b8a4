import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Launch readiness (seed 002 §14: "Legal document URLs are placeholders … Flag this as a
/// pre-launch requirement").
public struct LaunchReadinessOracle: Oracle {
    public let name = "launchReadiness"
    public let summary = "the shipped legal URLs are real, not placeholder hosts"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard let shipped = run.events([.appConfiguration]).first, case .appConfiguration(let terms, let privacy) = shipped.event else { return [] }
        let problems = LaunchReadiness.problems(termsURL: terms, privacyURL: privacy)
        guard !problems.isEmpty else { return [] }
        return [Violation(oracle: name, at: shipped.time,
                          message: "Not ready to launch: " + problems.joined(separator: "; ") + ".",
                          excerpt: run.lines([shipped.index]))]
    }
}
