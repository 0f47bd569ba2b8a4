import Testing
import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios
import FixPlanSim
import ToolAppsForTests

/// The fix plan's plug-in glue (#46): its own steps survive being written and read back, each one
/// acts on the phone, and its personas and explored files carry every knob the seed's swarm drew.
/// (A mutation sample of `FixPlanStep` and `FixPlanPlugin+Scenario` found these unchecked.)
@Suite struct FixPlanPluginGlueTests {
    init() { ToolApps.register() }

    @Test func everyStepOfTheFixPlanReadsBackAsItWasBuilt() throws {
        let steps: [FixPlanStep] = [.corruptCache, .signOut, .enterCode(email: nil), .enterCode(email: "ada@example.com"),
                                    .userPolicy(email: "ada@example.com", returning: true, until: .goalReview),
                                    .userPolicy(email: "bo@example.com", returning: false, until: nil)]
        for step in steps {
            let built = Scenario(file: "glue.json", name: "glue", steps: [.launch, .app(step.appStep)])
            let read = try ScenarioDecoder.decode(ScenarioEncoder.encode(built), file: "glue.json").get()
            #expect(read.steps == built.steps, "\(step)")
        }
        #expect(ScenarioStep.userPolicy(email: "a@b.co", returning: true, until: nil)
                == .app(AppStep("policy", .object([("email", .string("a@b.co")), ("returning", .bool(true))]))))
    }

    @Test func aCorruptCacheStepCorruptsTheCache() {
        let scenario = Scenario(file: "corrupt.json", name: "corrupt", steps: [.launch, .wait(.seconds(2)), .kill, .corruptCache, .launch])
        let result = ScenarioRunner.run(scenario)
        #expect(result.simulation.trace.entries.contains { ($0.record as? ModelEvent) == .cacheCorrupted }, "\(result.simulation.trace.canonicalText)")
    }

    @Test func aPersonasScenarioCarriesEveryKnobTheSwarmDrew() {
        let plugin = FixPlanPlugin()
        var checked = (faults: 0, motion: 0, denied: 0, strict: 0)
        for seed in UInt64(1)...60 {
            for persona in plugin.personas {
                var swarm = plugin.swarm(seed: seed)
                let scenario = plugin.scenario(of: persona, seed: seed, swarm: &swarm, user: .free)
                let world = scenario.world
                #expect(world.faults.latencyMs == swarm.latencyMs)
                #expect(swarm.rules.allSatisfy(world.faults.rules.contains), "\(persona.name) seed \(seed)")
                #expect(swarm.offlineWindows.allSatisfy(world.faults.offlineWindows.contains))
                if !swarm.rules.isEmpty || !swarm.offlineWindows.isEmpty { checked.faults += 1 }
                let denies = swarm.setting(.device, "grantsNotifications") == .bool(false)
                if swarm.setting(.device, "reduceMotion") == .bool(true) { #expect(world.settings.reduceMotion); checked.motion += 1 }
                if denies { #expect(!world.settings.grantsNotifications); checked.denied += 1 }
                if !denies && persona.name == "new-user" { #expect(world.settings.grantsNotifications) }
                if swarm.setting(.backend, "strictCreateUser") == .bool(true) { #expect(world.backend.strictCreateUser); checked.strict += 1 }
            }
        }
        #expect(checked.faults > 0 && checked.motion > 0 && checked.denied > 0 && checked.strict > 0, "\(checked)")
    }

    @Test func anExploredFileCarriesTheSwarmsSettingsAndFaults() {
        let plugin = FixPlanPlugin()
        let file = Scenario(file: "file.json", name: "file", steps: [.launch])
        let swarm = (UInt64(1)...200).lazy.map(plugin.swarm(seed:))
            .first { $0.settings.count == 3 && !$0.rules.isEmpty }
        guard let swarm else { Issue.record("no seed in 200 drew every setting"); return }
        let explored = plugin.explored(file, seed: 7, swarm: swarm).world
        #expect(explored.settings.reduceMotion && !explored.settings.grantsNotifications && explored.backend.strictCreateUser)
        #expect(explored.faults.rules == swarm.rules)
    }
}
