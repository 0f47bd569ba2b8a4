import SimKernel
import AppVocabulary

/// One transient failure stays invisible (seed 002 §2: "add a single automatic retry with 2s
/// delay before surfacing the error").
///
/// When goal generation fails once and the next attempt succeeds, the user never sees "Couldn't
/// load goal options" in between.
public struct TransientFailureHidden: Oracle {
    public let name = "transientFailureHidden"
    public let summary = "a single failed goal generation is retried without the user seeing an error"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let answers = run.events([.responseReceived]).compactMap { event -> (index: Int, ok: Bool)? in
            guard case .responseReceived(_, .generateGoals, let outcome) = event.event, outcome != "cancelled" else { return nil }
            return (event.index, outcome == "ok")
        }
        var violations: [Violation] = []
        for (position, answer) in answers.enumerated() where !answer.ok {
            // A lone failure: the answer before it (if any) succeeded and the next one succeeds.
            let previousFailed = position > 0 && !answers[position - 1].ok
            guard !previousFailed, position + 1 < answers.count, answers[position + 1].ok else { continue }
            let success = answers[position + 1].index
            guard let shown = run.screens(after: answer.index, through: success - 1).first(where: {
                $0.state.errorText == "Couldn't load goal options"
            }) else { continue }
            violations.append(Violation(oracle: name, at: shown.time,
                                        message: "Goal generation failed once and the next attempt succeeded, but the user "
                                            + "saw \"Couldn't load goal options\" in between. Retry once before showing an error.",
                                        excerpt: run.lines([answer.index, shown.index, success])))
        }
        return violations
    }
}
