import Testing
import AppVocabulary
import Scenarios
import Exploration

/// The free user on a plug-in's list (#47 item 4; a team's trial found it never picked one): on a
/// screen that lists options with an action of role `.choice`, it picks one of them by its exact
/// text, once per visit, and goes on; before, it found nothing forward to do and gave up.
@Suite struct MenuFreeUserTests {
    init() throws { try AppRegistry.register(MenuApp()) }

    @Test func theFreeUserPicksAListedOptionByItsTextAndGoesOn() {
        let persona = ExplorationTarget.appPersona(MenuApp.app, MenuApp().personas[0])
        let runs = (0..<60 as Range<UInt64>).map { seed in
            Explorer.explore(ExplorationPlan(targets: [persona], seedCount: 60), seed: seed).result
        }
        let picks = runs.flatMap { $0.freeUserLogs.flatMap(\.choices) }.compactMap { choice -> String? in
            if case .tap(MenuApp.pick, let input) = choice.act { return input }
            return nil
        }
        #expect(Set(picks) == ["Tea", "Coffee"], "both drinks picked across the seeds, and nothing else: \(Set(picks))")
        let served = runs.filter { $0.simulation.trace.canonicalText.contains("route=served") }
        #expect(served.count > 40, "most users get their drink: \(served.count) of 60")
        #expect(runs.allSatisfy { $0.passed }, "\(runs.first { !$0.passed }.map { $0.violations.map(\.message) } ?? [])")
    }
}
