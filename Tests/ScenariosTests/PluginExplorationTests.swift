import Testing
import FixPlanSim
import PickupSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios
import Exploration
import ToolAppsForTests

/// `explore` reaches every app's personas and swarm through its plug-in (`personas`,
/// `swarm(seed:)`, `scenario(of:seed:swarm:user:)`): the bundled apps' as a team's.
@Suite struct PluginExplorationTests {
    init() { ToolApps.register() }
    /// The door, with a swarm and a persona scenario of its own.
    struct OwnWaysDoor: AppPlugin {
        static let app = AppID("own-ways-door")
        let id = OwnWaysDoor.app
        let summary = "the door, explored its own way"
        let routes = DoorApp().routes
        let actions = DoorApp().actions
        let endpoints = DoorApp().endpoints
        let catalogue: [Mutant.Entry] = []
        var personas: [AppPersona] { [AppPersona(name: "own-ways-visitor", summary: "a visitor")] }

        /// Always the same slow network, whatever the seed.
        func swarm(seed: UInt64) -> Swarm {
            var swarm = Swarm()
            swarm.latencyMs = 900...900
            return swarm
        }

        func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
            var world = WorldConfiguration()
            swarm.apply(to: &world)
            var scenario = Scenario(file: "persona:\(persona.name)", name: "own way \(seed)", summary: persona.summary, seed: seed,
                                    strategy: .seeded, world: world, steps: [.launch, .action(UserAction("open"), input: nil)])
            scenario.app = id
            return scenario
        }

        func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
    }

    @Test func explorePlaysAPluginsOwnSwarmAndPersonaScenario() throws {
        try AppRegistry.register(OwnWaysDoor())
        let target = ExplorationTarget.appPersona(OwnWaysDoor.app, OwnWaysDoor().personas[0])
        let (scenario, swarm) = target.scenario(seed: 5)
        #expect(scenario.name == "own way 5" && scenario.steps.count == 2)
        #expect(swarm.latencyMs == 900...900 && scenario.world.faults.latencyMs == 900...900)
        let run = Explorer.explore(ExplorationPlan(targets: [target], seedCount: 3))
        #expect(run.summary.runs == 3 && run.failures.isEmpty)
    }

    @Test func theBundledAppsListTheirPersonasThroughTheirPlugins() throws {
        ToolApps.register()
        let expected: [AppID: [String]] = [.fixPlan: Persona.allCases.map(\.rawValue), .pickup: PickupPersona.allCases.map(\.rawValue)]
        for app in [AppID.fixPlan, .pickup] {
            let plugin = try #require(AppRegistry.plugin(for: app))
            #expect(plugin.personas.map(\.name) == expected[app])
            for persona in plugin.personas {
                var swarm = plugin.swarm(seed: 3)
                let built = plugin.scenario(of: persona, seed: 3, swarm: &swarm, user: .free)
                #expect(built.app == app && built.file == "persona:\(persona.name)")
            }
        }
    }

    @Test func aBundledPersonaThroughItsPluginIsTheScenarioItAlwaysWas() throws {
        let target = ExplorationTarget.persona(.userSwitch)
        var swarm = Swarm.draw(seed: 11, app: .fixPlan)
        let direct = Persona.userSwitch.scenario(seed: 11, swarm: &swarm, user: .free)
        let (throughPlugin, drawn) = target.scenario(seed: 11)
        #expect(drawn == swarm)
        #expect(ScenarioEncoder.encode(throughPlugin) == ScenarioEncoder.encode(direct))
    }
}
