import SimKernel
import AppVocabulary

/// A new attempt starts with the old error gone (seed 002: every attempt in the fix plan opens
/// with `errorMessage = nil` before it spins: `completeLogin()`, `fetchGoalOptions()`; §3's
/// "Check if approve failed" reads the error of this attempt, not of the last one).
///
/// No screen shows a spinner and an error text at once: the spinner says "trying again", the
/// error says "it failed", and a user who sees both cannot tell whether the new attempt failed.
/// Judged on what the user saw, so an app that clears its error but forgets to show the cleared
/// screen before it spins is caught as well as one that never clears it.
public struct ErrorClearsOnNewAttempt: Oracle {
    public let name = "errorClearsOnNewAttempt"
    public let summary = "no screen shows an error beside the spinner of a new attempt"
    /// A promise of any app's screens (spinners and errors are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard let both = run.screens.first(where: { $0.state.spinner != nil && $0.state.errorText != nil }) else { return [] }
        let tap = run.events([.userAction]).between(after: -1, before: both.index).last
        let since = tap.map { " after '\(Self.action(of: $0.event))' at \($0.time)" } ?? ""
        return [Violation(oracle: name, at: both.time,
                          message: "At \(both.time) the user saw the \(both.state.spinner!) spinner\(since) together with "
                            + "the error \"\(both.state.errorText!)\" on \(both.state.route.map(\.description) ?? "no screen"): "
                            + "clear the last attempt's error (errorMessage = nil) and show it cleared before the new "
                            + "attempt spins (seed 002 §1, §2).",
                          excerpt: run.lines([tap?.index, both.index].compactMap { $0 }))]
    }

    private static func action(of event: ModelEvent) -> String {
        if case .userAction(let action, _) = event { return action.rawValue }
        return "?"
    }
}
