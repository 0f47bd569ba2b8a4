import Testing
import FixPlanSim
import AppVocabulary
import Oracles
import Scenarios
import Exploration
import Reports
import ToolAppsForTests

/// An app registered as a plug-in runs from scenario files like a bundled app: its own actions,
/// endpoints, routes and bugs, judged by the shared oracles.
@Suite struct AppPluginTests {
    init() throws { ToolApps.register(); try AppRegistry.register(DoorApp()) }

    static let opensTheDoor = """
        {"format": 1, "app": "door", "name": "The door opens after a failed try",
         "guards": ["door-silent-failure"],
         "faults": [{"kind": "error", "endpoint": "unlock", "nth": 1, "status": 503}],
         "steps": [{"launch": true}, {"action": "open"}, {"wait": "5s"},
                   {"expect": {"finalRoute": "hall", "errorShown": true}},
                   {"action": "open"}, {"wait": "5s"}],
         "expect": {"finalRoute": "room", "requests": {"unlock": 2}}}
        """

    func decoded(_ text: String) throws -> Scenario {
        try ScenarioDecoder.decode(text, file: "door.json").get()
    }

    @Test func aPluginsScenarioDecodesWithItsOwnNames() throws {
        let scenario = try decoded(Self.opensTheDoor)
        #expect(scenario.app == DoorApp.door)
        #expect(scenario.guards == ["door-silent-failure"])
        #expect(scenario.steps[1] == .action(UserAction("open"), input: nil))
    }

    @Test func theFixedPluginAppPassesItsScenario() throws {
        let result = ScenarioRunner.run(try decoded(Self.opensTheDoor))
        #expect(result.passed, "\(result.violations)")
    }

    @Test func itsTimelineHasTheLanesOfAnAppNotTheFixPlansActors() throws {
        let html = HTMLTimeline(result: ScenarioRunner.run(try decoded(Self.opensTheDoor)), title: "door").html
        #expect(html.contains(">app</text>") && html.contains(">route</text>"))
        #expect(!html.contains("sync queue") && !html.contains("OTP timer"), "lanes the door app has nothing in")
    }

    @Test func itsMutantIsCaughtByTheSharedOracles() throws {
        let result = ScenarioRunner.run(try decoded(Self.opensTheDoor), mutants: [DoorApp.silentFailure])
        #expect(!result.passed)
        #expect(result.violations.contains { $0.oracle == "noSilentDeadEnd" }, "\(result.violations.map(\.oracle))")
    }

    @Test func itsBackendFactsAreWhatExpectBackendJudges() throws {
        func run(unlocked: Bool) throws -> ScenarioResult {
            ScenarioRunner.run(try decoded(#"""
                {"format": 1, "app": "door", "name": "The lock took the unlock",
                 "steps": [{"launch": true}, {"action": "open"}, {"wait": "5s"}],
                 "expect": {"finalRoute": "room", "backend": {"unlocked": \#(unlocked)}}}
                """#))
        }
        #expect(try run(unlocked: true).passed)
        let wrong = try run(unlocked: false)
        #expect(wrong.violations.map(\.message).contains { $0.contains("the backend's lock's unlock was true, expected false") },
                "\(wrong.violations.map(\.message))")
        // A fact the door does not declare is refused where the file names it.
        let text = Self.opensTheDoor.replacingOccurrences(of: #""requests": {"unlock": 2}"#, with: #""backend": {"open": true}"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "door.json") else {
            Issue.record("decoded a fact the door does not declare")
            return
        }
        #expect(problems.errors.contains { $0.location.hasPrefix("$.expect.backend") }, "\(problems.errors)")
    }

    @Test func aWaitOnTheWallClockThatNoRunCanFollowFailsTheRunAndNamesTheFix() throws {
        let text = #"""
            {"format": 1, "app": "door", "name": "A door that waits on Dispatch", "device": {"waitsOnDispatch": true},
             "steps": [{"launch": true}, {"action": "open"}, {"wait": "5s"}]}
            """#
        let result = ScenarioRunner.run(try decoded(text))
        #expect(!result.passed)
        let kernel = try #require(result.violations.first { $0.oracle == "kernel" }, "\(result.violations.map(\.oracle))")
        for named in ["deadlock", "DispatchQueue.asyncAfter", "Task.sleep", "the clock the app was given"] {
            #expect(kernel.message.contains(named), "\(kernel.message)")
        }
    }

    @Test func regressCatchesThePluginsMutant() throws {
        let scenarios = [try decoded(Self.opensTheDoor)]
        #expect(RegressionSuite.guardedIDs(in: scenarios) == [DoorApp.silentFailure])
        let entries = RegressionSuite.run(scenarios, ids: RegressionSuite.guardedIDs(in: scenarios))
        #expect(entries.allSatisfy { $0.isClean }, "\(entries.map(\.problems))")
    }

    @Test func anotherAppsNamesAreRefusedWithTheDoorsOwnInTheMessage() {
        let text = Self.opensTheDoor.replacingOccurrences(of: #"{"action": "open"}, {"wait": "5s"}],"#,
                                                         with: #"{"action": "skip"}],"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "door.json") else {
            Issue.record("decoded a step of another app")
            return
        }
        #expect(problems.errors.contains { $0.location == "$.steps[4].action" && $0.message.contains("door") }, "\(problems.errors)")
    }

    @Test func thePluginChecksItsOwnSections() {
        let text = Self.opensTheDoor.replacingOccurrences(of: #""guards""#, with: #""device": {"doorbell": true}, "guards""#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "door.json") else {
            Issue.record("accepted a key the door's phone does not have")
            return
        }
        #expect(problems.errors.map(\.location) == ["$.device.doorbell"])
    }

    /// No app is built in: the bundled apps are registered as a team's are, so an id is any
    /// app's to take (again: a replacement), but a bug's id is its own app's.
    @Test func aPluginCannotTakeAnotherAppsBugIdOrListANameTwice() {
        struct Impostor: AppPlugin {
            var id = AppID("impostor")
            var summary = ""
            var routes = [RouteName("hall", kind: .main)]
            var actions: [UserAction] = []
            var endpoints: [Endpoint] = []
            var catalogue: [Mutant.Entry] = []
            var roles = AppRoles.none
            func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
        }
        var borrower = Impostor()
        borrower.catalogue = [Mutant.Entry(Mutant("fix-1"), app: borrower.id, summary: "", source: "")]
        let taken = #expect(throws: AppRegistryError.self) { try AppRegistry.register(borrower) }
        #expect(taken?.message == "the mutant \"fix-1\" has another app's id: give it one of the app's own")
        var twice = Impostor(id: AppID("twice"))
        twice.actions = [UserAction("open"), UserAction("open")]
        #expect(throws: AppRegistryError.self) { try AppRegistry.register(twice) }
        #expect(AppRegistry.plugin(for: AppID("twice")) == nil)
        // A role given to a name the app does not list is a typo: refused, naming it.
        var typo = Impostor(id: AppID("typo"))
        typo.actions = [UserAction("type-email")]
        typo.roles = AppRoles(actions: [(UserAction("type-mail"), .input(.email))])
        let refused = #expect(throws: AppRegistryError.self) { try AppRegistry.register(typo) }
        #expect(refused?.message == "the roles name the action \"type-mail\", which the app's actions do not list")
        typo.roles = AppRoles(requests: [(Endpoint("sign-in"), RequestRole(purpose: .signsIn))])
        #expect(throws: AppRegistryError.self) { try AppRegistry.register(typo) }
        typo.roles = AppRoles(actions: [(UserAction("type-email"), .input(.email))])
        #expect(throws: Never.self) { try AppRegistry.register(typo) }
        // So is a route the roles promise something of that the app does not list (#63's audit):
        // the promise would never be judged.
        typo.roles = AppRoles(stepOrder: [Route("hal", kind: .main)])
        let route = #expect(throws: AppRegistryError.self) { try AppRegistry.register(typo) }
        #expect(route?.message.contains("the roles name the route \"hal\"") == true, "\(String(describing: route))")
        typo.roles = AppRoles(signedInRoutes: [Route("hall", kind: .onboarding)])
        #expect(throws: AppRegistryError.self) { try AppRegistry.register(typo) }
        typo.roles = AppRoles(stepOrder: [Route("hall", kind: .main)])
        #expect(throws: Never.self) { try AppRegistry.register(typo) }
        // And a refresh sent when main appears, in an app with no main screen.
        var mainless = Impostor(id: AppID("mainless"))
        mainless.routes = [RouteName("hall", kind: .onboarding)]
        mainless.endpoints = [Endpoint("refresh")]
        mainless.roles = AppRoles(requests: [(Endpoint("refresh"), RequestRole(cause: .background, purpose: .refreshesSession,
                                                                               sentWhenMainAppears: true))])
        let noMain = #expect(throws: AppRegistryError.self) { try AppRegistry.register(mainless) }
        #expect(noMain?.message.contains("no route of the app is of kind .main") == true, "\(String(describing: noMain))")
    }

    @Test func theDefaultForwardActionsLeaveOutThoseWhoseRoleDoesNotMoveTheUserOn() {
        struct Form: AppPlugin {
            let id = AppID("form")
            let summary = ""
            let routes = [RouteName("form", kind: .auth)]
            let actions = ["type-email", "back", "send", "cancel", "retry"].map { UserAction($0) }
            let endpoints: [Endpoint] = []
            let catalogue: [Mutant.Entry] = []
            let roles = AppRoles(actions: [(UserAction("type-email"), .input(.email)), (UserAction("back"), .back),
                                           (UserAction("send"), .submit(.email)), (UserAction("cancel"), .cancel)])
            func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
        }
        #expect(Form().forwardActions == [UserAction("send"), UserAction("retry")])
    }
}

/// `explore` runs a plug-in app blind: its personas, a swarm of faults on its endpoints, and the
/// free user reading its screens.
@Suite struct AppPluginExplorationTests {
    init() throws { ToolApps.register(); try AppRegistry.register(DoorApp()) }

    static var persona: ExplorationTarget { .appPersona(DoorApp.door, DoorApp().personas[0]) }

    @Test func theFixedPluginAppIsCleanOverManySeeds() {
        let outcome = Explorer.explore(ExplorationPlan(targets: [Self.persona], seedCount: 500))
        #expect(outcome.summary.runs == 500)
        let coverage = outcome.summary.coverage
        #expect(coverage.apps == [DoorApp.door])
        #expect(coverage.runs(.taken, route: "hall", item: "open") > 0, "\(coverage.table)")
        #expect(coverage.runs(.offered, route: "room", item: "close") > 0)
        #expect(coverage.reached(.lifecycle).contains { $0.route == "hall" && $0.item == "kill" })
        #expect(coverage.possible(.taken) == 3 * 2, "none, hall and room × open and close")
        #expect(coverage.table.first == "coverage (pairs reached by at least one run):", "\(coverage.table)")
        let causes = outcome.summary.waitByCause(for: Self.persona.name).causes
        #expect(causes.contains { $0.cause == "unlock" && $0.ms > 0 }, "waits behind its own endpoint: \(causes)")
        let restored = try? ExplorationSummary(state: outcome.summary.state)
        #expect(restored?.coverage == coverage, "a shard file keeps a plug-in's coverage")
        #expect(restored?.waitByCause(for: Self.persona.name).causes.map(\.cause) == causes.map(\.cause), "and its causes")
        #expect(outcome.summary.metricNames.suffix(2) == ["waitMs.hall", "waitMs.room"], "its screens' waits are metrics")
        let hall = outcome.summary.percentiles(of: "waitMs.hall", for: Self.persona.name)
        #expect(hall != nil && restored?.percentiles(of: "waitMs.hall", for: Self.persona.name)?.p95 == hall?.p95, "and a shard keeps them")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(3).map { "\($0.seed): \($0.result.violations.map(\.message))" })")
    }

    @Test func aBudgetsFileNamesItsPersonasAndExploreJudgesThem() throws {
        let name = Self.persona.name
        let text = "{\"format\": 1, \"budgets\": {\"\(name)\": {\"waitMs\": {\"max\": 1}, \"waitMs.hall\": {\"max\": 1}}, "
            + "\"all\": {\"firstRouteMs\": 60000, \"waitMs.room\": 60000}}}"
        let budgets = try TimingBudgets.decode(fileBytes: Array(text.utf8), file: "budgets.json").get()
        var plan = ExplorationPlan(targets: [Self.persona], seedCount: 100)
        plan.budgets = budgets
        let summary = Explorer.explore(plan).summary
        let exceeded = budgets.exceeded(in: summary)
        #expect(exceeded.map { "\($0.target) \($0.metric)" } == ["\(name) waitMs", "\(name) waitMs.hall"], "its screens' waits too: \(exceeded)")
        // The watch counts the runs over a limit on its own screen, and the knobs they drew: its
        // endpoints' faults and its own knobs are features like the bundled apps'.
        #expect((summary.watch.runsOver(target: name, metric: "waitMs.hall", limit: 1)?.over ?? 0) > 0)
        func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
            guard case .object(let members)? = value else { return nil }
            return members.first { $0.key == key }?.value
        }
        guard case .object(let drawn)? = field(field(field(field(summary.state, "watch"), "populations"), name), "features") else {
            Issue.record("no features counted for \(name)"); return
        }
        #expect(drawn.contains { $0.key == "device.online: false" }, "its own knob: \(drawn.map(\.key))")
        #expect(drawn.contains { $0.key.hasSuffix(" on unlock") }, "a fault on its own endpoint: \(drawn.map(\.key))")
        let unknown = TimingBudgets.decode(fileBytes: Array("{\"format\": 1, \"budgets\": {\"door-nobody\": {}}}".utf8), file: "b.json")
        guard case .failure(let problems) = unknown else { Issue.record("an unknown persona was taken"); return }
        #expect(problems.errors.first?.message.contains(name) == true, "the personas it knows are listed: \(problems)")
    }

    @Test func aScenarioLimitsTheWaitOnItsOwnScreens() throws {
        func run(_ limit: Int) throws -> ScenarioResult {
            let text = #"{"format": 1, "app": "door", "name": "A budget on the hall", "steps": [{"launch": true}, {"action": "open"}, {"wait": "5s"}], "#
                + #""expect": {"finalRoute": "room", "budgets": {"waitMs.hall": \#(limit)}}}"#
            return ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "door.json").get())
        }
        let over = try run(0)
        #expect(over.violations.map(\.oracle) == ["budgets"], "the spinner on the hall waited: \(over.violations.map(\.message))")
        #expect(over.violations.first?.message.contains("the waiting on hall") == true)
        #expect(try run(60_000).passed)
        let misspelt = ScenarioDecoder.decode(#"{"format": 1, "app": "door", "name": "x", "steps": [{"launch": true}], "expect": {"budgets": {"waitMs.hal": 1}}}"#,
                                              file: "door.json")
        guard case .failure(let problems) = misspelt else { Issue.record("a screen the door does not have was taken"); return }
        #expect(problems.errors.first?.suggestion?.contains("waitMs.hall") == true, "\(problems)")
    }

    @Test func itsMutantIsFoundBlind() {
        let outcome = Explorer.explore(ExplorationPlan(targets: [Self.persona], seedCount: 200, mutants: [DoorApp.silentFailure]))
        #expect(!outcome.failures.isEmpty)
    }

    @Test func aSeedOfAPluginPersonaIsTheSameRunInAnyProcess() {
        let plan = ExplorationPlan(targets: [Self.persona], seedCount: 1)
        let first = Explorer.explore(plan, seed: 42), second = Explorer.explore(plan, seed: 42)
        #expect(first.result.traceHash == second.result.traceHash)
        #expect(first.result.simulation.trace.canonicalText.contains("user action open"), "\(first.result.simulation.trace.canonicalText)")
        #expect(first.swarm.lines.allSatisfy { !$0.contains("send-otp") }, "the swarm faults the door's own endpoints only")
    }
}
