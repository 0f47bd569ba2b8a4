import SimKernel
import AppVocabulary
import Oracles
import TrendyOnboarding

/// Trendy's own promise (the view model's "Welcome, sign-up, then the permission cards in 001's
/// order ('Notifications (FIRST) … Location') … then the finish screen"): onboarding shows its
/// steps in that order and skips none, whatever the user answered on a card (Not Now and Don't
/// Allow move on to the next card, as Enable does).
///
/// Judged on the screens: after one onboarding step, the next different one the user sees is the
/// step that follows it. A launch may open on the step the user had reached (that is
/// `resumesWhereTheUserWas`'s), and a reinstall starts over.
struct EveryCardInOrder: Oracle {
    let name = "everyCardInOrder"
    let summary = "onboarding shows welcome, sign-up, notifications, location and finish in order, skipping none"
    var apps: [AppID] { [TrendyApp.app] }

    static let order = OnboardingViewModel.Step.allCases.map(\.rawValue)

    func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var last: (step: Int, index: Int)?
        for event in run.events([.screen, .launched, .reinstalled]) {
            switch event.event {
            case .launched, .reinstalled:
                last = nil
            case .screen(let state):
                guard let route = state.route, route.kind != .launch else { continue }
                guard let step = Self.order.firstIndex(of: route.description) else {
                    last = nil
                    continue
                }
                defer { last = (step, event.index) }
                guard let was = last, step != was.step, step != was.step + 1 else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "Onboarding went from \(Self.order[was.step]) to \(route) at \(event.time): "
                                    + (step > was.step ? "\(Self.order[(was.step + 1)..<step].joined(separator: ", ")) never showed. "
                                        : "back to an earlier step. ")
                                    + "Show every step in order (seed 001: notifications first, then location, then finish).",
                                  excerpt: run.lines([was.index, event.index]))]
            default:
                continue
            }
        }
        return []
    }
}
