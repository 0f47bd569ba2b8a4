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
        let table = coverage.table
        let intro = table.routeIndex(.onboarding(.intro))!, intake = table.routeIndex(.onboarding(.intake))!
        #expect(coverage.contains(.taken, route: intro, item: table.actions.position(of: .getStarted)!))
        #expect(!coverage.contains(.taken, route: intro, item: table.actions.position(of: .logIn)!))
        #expect(coverage.contains(.offered, route: intro, item: table.actions.position(of: .logIn)!))
        #expect(coverage.contains(.lifecycle, route: intake, item: RunCoverage.lifecycleNames.firstIndex(of: "background")!))
        #expect(coverage.contains(.lifecycle, route: table.routeIndex(nil)!, item: RunCoverage.lifecycleNames.firstIndex(of: "launch")!))
        var counts = CoverageCounts()
        counts.add(coverage)
        #expect(counts.neverTaken.contains { $0.route == "intro" && $0.action == "log-in" })
        #expect(counts.runs(.taken, route: "intro", item: "get-started") == 1)
    }

    /// A plug-in's names are numbered once, as it registers, into the same bit tables as the
    /// bundled apps' (#46): its pairs are named by its own screens and survive a shard file.
    @Test func aPluginAppsPairsAreNumberedByItsOwnTableAndSurviveAShardFile() throws {
        try AppRegistry.register(DoorAppForCoverage())
        var trace = Trace()
        let hall = Route.named(RouteName("hall", kind: .onboarding))
        var state = ScreenState(route: hall)
        state.actions = [UserAction("open")]
        for (ms, event) in [(0, ModelEvent.launched(process: 1, cold: true)), (0, .screen(state)),
                            (500, .userAction(UserAction("open"), detail: "")), (700, .killed(process: 1))] as [(Int64, ModelEvent)] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        let table = AppRegistry.coverageTable(of: DoorAppForCoverage.hallApp)
        #expect(table.routeNames == ["none", "hall", "room"])
        let coverage = RunCoverage.of(RunObservation(trace: trace, roles: .none), table: table)
        var counts = CoverageCounts()
        counts.add(coverage)
        counts.add(coverage)
        #expect(counts.reached(.taken).map { "\($0.route) \($0.item) \($0.runs)" } == ["hall open 2"])
        #expect(counts.reached(.offered).map { "\($0.route) \($0.item)" } == ["hall open"])
        #expect(counts.reached(.lifecycle).map { "\($0.route) \($0.item)" } == ["none launch", "hall kill"])
        #expect(counts.possible(.taken) == 3 && counts.possible(.faults) == 15, "3 screens with none, 1 action, 5 faults")
        #expect(counts.apps == [DoorAppForCoverage.hallApp])
        #expect(try CoverageCounts(state: counts.state) == counts, "a shard file keeps a plug-in's pairs")
        // Counted together with a bundled app's runs, each app keeps its own table, in the order the apps registered.
        var both = counts
        both.add(ScenarioRunner.run(Scenario(file: "a.json", name: "a", steps: [.launch])).coverage)
        #expect(both.apps == [.fixPlan, DoorAppForCoverage.hallApp])
        #expect(try CoverageCounts(state: both.state) == both)
    }

    @Test func theCompletePhaseCountsAsTheMainApp() {
        let table = AppRegistry.coverageTable(of: .fixPlan)
        #expect(table.routeIndex(.onboarding(.complete)) == table.routeIndex(.main))
        #expect(table.routeNames.count == Set(table.routeNames).count)
        #expect(table.routeIndex(.onboarding(.success)) == table.routeNames.firstIndex(of: "success"))
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

/// A hall and a room, for coverage's tables.
struct DoorAppForCoverage: AppPlugin {
    static let hallApp = AppID("hall-app")
    let id = DoorAppForCoverage.hallApp
    let summary = "a hall and a room"
    let routes = [RouteName("hall", kind: .onboarding), RouteName("room", kind: .main)]
    let actions = [UserAction("open")]
    let endpoints: [Endpoint] = []
    let catalogue: [Mutant.Entry] = []
    /// Never run: the tests read its table only.
    func makeWorld(_ start: AppStart) -> any AppWorld { FixPlanPlugin().makeWorld(start) }
}
