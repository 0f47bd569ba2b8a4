import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Success implies an active program (seed 002 §10: "Success screen shows workout card even if
/// program wasn't activated").
///
/// Whenever the success screen shows its content, the signed-in user's program is active (judged
/// as the content appears: a program reset from another device while it is up is for the next
/// appearance to check).
public struct SuccessImpliesActive: Oracle {
    public let name = "successImpliesActive"
    public let summary = "the success screen shows only with an active program"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        func showsContent(_ state: ScreenState) -> Bool { state.route == .onboarding(.success) && state.workoutCard != nil }
        guard let shown = run.screens.indices.lazy.filter({ position in
            showsContent(run.screens[position].state) && (position == 0 || !showsContent(run.screens[position - 1].state))
        }).map({ run.screens[$0] }).first(where: { screen in
            guard let user = run.signedInUser(atIndex: screen.index) else { return true }
            return run.fixPlanJourney(of: user, atIndex: screen.index)?.programStatus != .active
        }) else { return [] }
        let user = run.signedInUser(atIndex: shown.index)
        let status = user.flatMap { run.fixPlanJourney(of: $0, atIndex: shown.index)?.programStatus.rawValue } ?? "unknown"
        return [Violation(oracle: name, at: shown.time,
                          message: "The success screen showed \"\(shown.state.workoutCard!)\" while the program was \(status). "
                            + "Reach success only after activation succeeded (seed 002 §3, §10).",
                          excerpt: run.excerpt(from: max(0, shown.index - 8), to: shown.index))]
    }
}
