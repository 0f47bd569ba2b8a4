import Testing
import SimKernel
import AppVocabulary
import Oracles
import Scenarios
import ToolAppsForTests

/// A shared rule that is one seed's way of keeping a promise is a policy (#47 item 1): its
/// violations say which promise and the ways to meet it, and a plug-in that keeps the promise
/// another way opts out by name, with a reason; a promise every app makes cannot be opted out of.
@Suite struct PolicyOptOutTests {
    struct CheckedByTheBackend: AppPlugin {
        var id = AppID("checked-door")
        let summary = "the door app, whose backend checks the address"
        let routes = DoorApp().routes
        let actions = DoorApp().actions
        let endpoints = DoorApp().endpoints
        let catalogue: [Mutant.Entry] = []
        var policyOptOuts = [PolicyOptOut("validEmailAccepted", because: "the backend checks every address; its 400 is the check")]
        func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
    }

    init() { ToolApps.register() }

    @Test func aPluginOptsOutOfAPolicyWithItsReason() throws {
        try AppRegistry.register(CheckedByTheBackend())
        let names = AppRegistry.oracles(for: AppID("checked-door")).map(\.name)
        #expect(!names.contains("validEmailAccepted"))
        #expect(names.contains("noRouteFlash") && names.contains("noBlankWait"), "every other shared oracle still judges it")
        #expect(AppRegistry.oracles(for: .fixPlan).map(\.name).contains("validEmailAccepted"), "another app's list is its own")
    }

    @Test func aPromiseCannotBeOptedOutOfNorAPolicyWithoutAReason() {
        var promise = CheckedByTheBackend(id: AppID("promise-door"))
        promise.policyOptOuts = [PolicyOptOut("noRouteFlash", because: "we like flashes")]
        let refused = #expect(throws: AppRegistryError.self) { try AppRegistry.register(promise) }
        #expect(refused?.message.contains("a promise every app makes, not a policy") == true)
        promise.policyOptOuts = [PolicyOptOut("noSuchOracle", because: "a typo")]
        #expect(throws: AppRegistryError.self) { try AppRegistry.register(promise) }
        promise.policyOptOuts = [PolicyOptOut("noBlankWait", because: "  ")]
        let silent = #expect(throws: AppRegistryError.self) { try AppRegistry.register(promise) }
        #expect(silent?.message.contains("gives no reason") == true)
        #expect(AppRegistry.plugin(for: AppID("promise-door")) == nil)
    }

    @Test func aPolicysViolationSaysWhichPromiseItJudgesAndTheWaysToMeetIt() {
        var trace = Trace()
        var blank = ScreenState(route: .named(RouteName("hall", kind: .onboarding)))
        blank.actions = []
        var ready = blank
        ready.actions = [UserAction("open")]
        for (ms, event) in [(0, ModelEvent.launched(process: 1, cold: true)), (0, .screen(blank)), (3_000, .screen(ready))]
            as [(Int64, ModelEvent)] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        let run = RunObservation(trace: trace)
        let found = OracleCatalogue.check(run, oracles: [NoBlankWait()], settings: OracleSettings())
        #expect(found.count == 1)
        #expect(found.first?.message.contains("A policy, not a promise every app makes: seed 002 §1") == true, "\(found.map(\.message))")
        #expect(NoRouteFlash().policy == nil && NoBlankWait().policy != nil)
    }
}
