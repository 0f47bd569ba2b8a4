import Testing
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import Scenarios
@testable import Exploration

/// Coverage counts what runs reached, adds up across workers and shards, and shows the blind
/// spots: what screens offered and no run took.
@Suite struct CoverageTests {
    static let personas = Persona.of(.fixPlan).map(ExplorationTarget.persona)

    @Test func aRunsCoverageHoldsItsTapsAndWhatItsScreensOffered() {
        let scenario = Scenario(file: "taps.json", name: "taps", steps: [.launch, .wait(.seconds(1)), .action(.getStarted, input: nil),
                                                                        .wait(.seconds(1)), .background, .wait(.seconds(1)), .foreground])
        let coverage = ScenarioRunner.run(scenario).coverage
        let intro = RunCoverage.routeIndex(.onboarding(.intro))!, intake = RunCoverage.routeIndex(.onboarding(.intake))!
        let actions = UserAction.allCases
        #expect(coverage.contains(.taken, route: intro, item: actions.firstIndex(of: .getStarted)!))
        #expect(!coverage.contains(.taken, route: intro, item: actions.firstIndex(of: .logIn)!))
        #expect(coverage.contains(.offered, route: intro, item: actions.firstIndex(of: .logIn)!))
        #expect(coverage.contains(.lifecycle, route: intake, item: RunCoverage.lifecycleNames.firstIndex(of: "background")!))
        #expect(coverage.contains(.lifecycle, route: RunCoverage.routeIndex(nil)!, item: RunCoverage.lifecycleNames.firstIndex(of: "launch")!))
        var counts = CoverageCounts()
        counts.add(coverage)
        #expect(counts.neverTaken.contains { $0.route == "intro" && $0.action == "log-in" })
        #expect(counts.runs(.taken, route: "intro", item: "get-started") == 1)
    }

    @Test func theCompletePhaseCountsAsTheMainApp() {
        #expect(RunCoverage.routeIndex(.onboarding(.complete)) == RunCoverage.routeIndex(.main))
        #expect(RunCoverage.routeNames.count == Set(RunCoverage.routeNames).count)
        #expect(RunCoverage.routeIndex(.onboarding(.success)) == RunCoverage.routeNames.firstIndex(of: "success"))
    }

    @Test func shardsAndWorkersAddUpToTheSameCoverage() {
        let whole = Explorer.explore(ExplorationPlan(targets: Self.personas, seedCount: 60), jobs: 2).summary.coverage
        var merged = CoverageCounts()
        for index in 1...3 {
            merged.merge(Explorer.explore(ExplorationPlan(targets: Self.personas, seedCount: 60, shard: (index, 3))).summary.coverage)
        }
        #expect(merged == whole)
    }

    @Test func theFreeUserTakesWhatTheScriptedUserLeavesUntouched() {
        let free = Explorer.explore(ExplorationPlan(targets: Self.personas, seedCount: 800, user: .free), jobs: 2).summary.coverage
        let scripted = Explorer.explore(ExplorationPlan(targets: Self.personas, seedCount: 800, user: .scripted), jobs: 2).summary.coverage
        for (route, action) in [("intake", "back"), ("auth", "open-terms"), ("authVerification", "back"), ("notificationPermission", "not-now")] {
            #expect(scripted.runs(.taken, route: route, item: action) == 0, "the scripted user never takes \(route)·\(action)")
            #expect(free.runs(.taken, route: route, item: action) > 0, "the free user takes \(route)·\(action)")
        }
        #expect(free.neverTaken.count < scripted.neverTaken.count, "free: \(free.neverTaken), scripted: \(scripted.neverTaken)")
        #expect(free.reached(.taken).count > scripted.reached(.taken).count)
        #expect(free.table.first == "coverage (pairs reached by at least one run):")
    }
}
