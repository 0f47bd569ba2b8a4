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
        // The first arrival on the content whose user's program was not active (a loop: lazy
        // closures over the observation copied it).
        var arrival: (index: Int, time: SimulationInstant, state: ScreenState)?
        var showedBefore = false
        for screen in run.screens {
            let shows = showsContent(screen.state)
            if shows, !showedBefore,
               run.signedInUser(atIndex: screen.index).map({ run.fixPlanJourney(of: $0, atIndex: screen.index)?.programStatus != .active }) ?? true {
                arrival = screen
                break
            }
            showedBefore = shows
        }
        guard let shown = arrival else { return [] }
        let user = run.signedInUser(atIndex: shown.index)
        let status = user.flatMap { run.fixPlanJourney(of: $0, atIndex: shown.index)?.programStatus.rawValue } ?? "unknown"
        return [Violation(oracle: name, at: shown.time,
                          message: "The success screen showed \"\(shown.state.workoutCard!)\" while the program was \(status). "
                            + "Reach success only after activation succeeded (seed 002 §3, §10).",
                          excerpt: run.excerpt(from: max(0, shown.index - 8), to: shown.index))]
    }
}
