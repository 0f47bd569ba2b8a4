import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import Scenarios
@testable import Exploration
import ToolAppsForTests

/// Coverage counts what runs reached, adds up across workers and shards, and shows the blind
/// spots: what screens offered and no run took.
@Suite struct CoverageTests {
    init() { ToolApps.register() }
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

    @Test func aPluginAppsPairsAreNamedByItsScreensAndSurviveAShardFile() throws {
        var trace = Trace()
        let hall = Route.named(RouteName("hall", kind: .onboarding))
        var state = ScreenState(route: hall)
        state.actions = [UserAction("open")]
        for (ms, event) in [(0, ModelEvent.launched(process: 1, cold: true)), (0, .screen(state)),
                            (500, .userAction(UserAction("open"), detail: "")), (700, .killed(process: 1))] as [(Int64, ModelEvent)] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        let coverage = RunCoverage.of(RunObservation(trace: trace, roles: FixPlanRoles.roles), app: AppID("hall-app"))
        #expect(coverage.namedPairs.compactMap(RunCoverage.namedPair).map { "\($0.pairs) \($0.route) \($0.item)" }
                == ["taken hall open", "offered hall open", "lifecycle hall kill", "lifecycle none launch"])
        var counts = CoverageCounts()
        counts.add(coverage)
        counts.add(coverage)
        #expect(counts.runs(.taken, route: "hall", item: "open") == 2)
        #expect(counts.apps == [AppID("hall-app")])
        #expect(try CoverageCounts(state: counts.state) == counts, "a shard file keeps a plug-in's pairs")
        var bundledOnly = CoverageCounts()
        bundledOnly.add(ScenarioRunner.run(Scenario(file: "a.json", name: "a", steps: [.launch])).coverage)
        guard case .array(let kinds) = bundledOnly.state else { Issue.record("not an array"); return }
        #expect(kinds.count == RunCoverage.Pairs.allCases.count + 1, "the bundled apps' shard files are as before")
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
