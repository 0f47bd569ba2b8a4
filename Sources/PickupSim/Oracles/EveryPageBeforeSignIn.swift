import SimKernel
import AppVocabulary
import Oracles

/// Every onboarding page shows before sign-in unless the user skips them (seed 004: "3-screen
/// swipeable flow", "Next button for screens 1-2, Get Started on screen 3", and its success
/// criterion "First launch shows 3 onboarding screens before sign-in").
///
/// Judged by the screens the user saw, per launch: when onboarding ends (a page is followed by
/// a screen that is not a page) and the user did not tap Skip since the launch, each page from 1
/// to the last showed in that launch.
public struct EveryPageBeforeSignIn: Oracle {
    public let name = "everyPageBeforeSignIn"
    public let summary = "unless the user skips, every onboarding page shows before onboarding ends"
    /// How many pages the onboarding has (seed 004: three).
    let pages: Int

    public init(pages: Int = 3) { self.pages = pages }

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var seen: [Bool] = Array(repeating: false, count: pages + 1)
        var skipped = false
        var onPage = false
        let view = run.events([.launched, .screen, .userAction])
        for event in view.places {
            switch view[event] {
            case .launched:
                seen = Array(repeating: false, count: pages + 1)
                skipped = false
                onPage = false
            case .userAction(let action, _):
                if action == .skip { skipped = true }
            case .screen(let state):
                guard let route = state.route else { continue }
                if let number = route.pageNumber {
                    if (1...pages).contains(number) { seen[number] = true }
                    onPage = true
                    continue
                }
                defer { onPage = false }
                guard onPage, !skipped, let missed = (1...pages).first(where: { !seen[$0] }) else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "Onboarding ended at \(event.time) (\(route) showed) without page \(missed): the user "
                                    + "saw pages \((1...pages).filter { seen[$0] }.map(String.init).joined(separator: ", ")) and did not "
                                    + "skip. Next shows the next page, Get Started ends onboarding on the last (seed 004: "
                                    + "\"First launch shows 3 onboarding screens before sign-in\").",
                                  excerpt: run.lines([event.index]))]
            default:
                break
            }
        }
        return []
    }
}
