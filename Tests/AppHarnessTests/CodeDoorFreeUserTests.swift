import Testing
import AppVocabulary
import Scenarios
import Exploration

/// The free user on a team's app with a code screen (#47 item 4): it reads the code the app's
/// backend mailed to its inbox and types it, mistypes it now and then, waits for Resend, and so
/// finds the code screen's bugs blind.
@Suite struct CodeDoorFreeUserTests {
    init() throws { try AppRegistry.register(CodeDoorApp()) }

    static let persona = ExplorationTarget.appPersona(CodeDoorApp.app, CodeDoorApp().personas[0])

    /// Every tap of the free user in `seeds` runs of the fixed door, with the run's final route.
    func drives(_ seeds: Range<UInt64>) -> [(taps: [(action: String, input: String?)], route: String?)] {
        let plan = ExplorationPlan(targets: [Self.persona], seedCount: seeds.count)
        return seeds.map { seed in
            let run = Explorer.explore(plan, seed: seed)
            let taps = run.result.freeUserLogs.flatMap(\.choices).compactMap { choice -> (action: String, input: String?)? in
                if case .tap(let action, let input) = choice.act { return (action.rawValue, input) }
                return nil
            }
            return (taps, run.result.simulation.trace.canonicalText.contains("route=room") ? "room" : nil)
        }
    }

    @Test func theFreeUserTypesTheMailedCodeMistypesItAndWaitsForResend() {
        let runs = drives(0..<200)
        let typedTheCode = runs.filter { $0.taps.contains { $0.action == "type-code" && $0.input == "123456" } }
        #expect(typedTheCode.count > 100, "the user types the code from the mail in most runs")
        #expect(runs.contains { $0.taps.contains { $0.action == "type-code" && $0.input == "000000" } }, "a mistyped code now and then")
        #expect(runs.contains { $0.taps.contains { $0.action == "resend" } }, "a user who waits for Resend")
        #expect(typedTheCode.contains { $0.route == "room" }, "and through the door")
    }

    @Test func exploreOfTheFixedDoorIsCleanAndFindsItsCodeBugsBlind() {
        let fixed = Explorer.explore(ExplorationPlan(targets: [Self.persona], seedCount: 500))
        #expect(fixed.failures.isEmpty, "\(fixed.failures.prefix(2).map { "\($0.seed): \($0.result.violations.map(\.message))" })")
        // The last four are the fixed door's own bugs that this user found first: kept as mutants.
        for mutant in [CodeDoorApp.firstCodeVerified, CodeDoorApp.earlyResend, CodeDoorApp.looseEmailCheck, CodeDoorApp.codeBlamed,
                       CodeDoorApp.sameError, CodeDoorApp.forgetsTheDoor] {
            let buggy = Explorer.explore(ExplorationPlan(targets: [Self.persona], seedCount: 500, mutants: [mutant]))
            #expect(!buggy.failures.isEmpty, "\(mutant) found blind in 500 seeds")
        }
    }
}
