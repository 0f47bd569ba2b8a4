import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import Scenarios
@testable import Exploration
import ToolAppsForTests

/// A plug-in's own swarm knobs (`AppPlugin.swarmKnobs`): drawn per seed, set in its sections,
/// named in the seed's lines, never over what a scenario wrote, and shrunk away like a fault.
@Suite struct SwarmKnobTests {
    init() throws { ToolApps.register(); try AppRegistry.register(DoorApp()) }

    static var persona: ExplorationTarget { .appPersona(DoorApp.door, DoorApp().personas[0]) }

    @Test func aKnobIsDrawnOnSomeSeedsSetInTheDeviceAndNamedInTheSeedsLines() {
        let drawn = (0..<40).map { seed in Self.persona.scenario(seed: UInt64(seed)) }
        let offline = drawn.filter { $0.1.lines.contains("device.online: false") }
        #expect(!offline.isEmpty && offline.count < drawn.count, "a coin of 0.25 over 40 seeds: \(offline.count)")
        for (scenario, _) in offline {
            #expect(scenario.setup.device == .object([(key: "online", value: .bool(false))]))
            #expect(scenario.startsOffline, "the phone starts offline, as a file's \"online\": false does")
        }
        for (scenario, swarm) in drawn where !swarm.lines.contains("device.online: false") {
            #expect(scenario.setup.device == nil && !scenario.startsOffline)
        }
    }

    @Test func theSameSeedDrawsTheSameKnobs() {
        #expect(Self.persona.scenario(seed: 7).1 == Self.persona.scenario(seed: 7).1)
    }

    @Test func aScenarioFilesOwnSettingStays() throws {
        let text = """
            {"format": 1, "app": "door", "name": "online", "device": {"online": true},
             "steps": [{"launch": true}, {"action": "open"}, {"wait": "5s"}]}
            """
        let target = ExplorationTarget.scenario(try ScenarioDecoder.decode(text, file: "door.json").get())
        let drawnOffline = (0..<40).map { target.scenario(seed: UInt64($0)) }.filter { $0.1.lines.contains("device.online: false") }
        #expect(!drawnOffline.isEmpty)
        for (scenario, _) in drawnOffline {
            #expect(scenario.setup.device == .object([(key: "online", value: .bool(true))]), "the file said online")
            #expect(!scenario.startsOffline)
        }
    }

    @Test func theShrinkerTriesEachSettingAtTheAppsDefault() {
        var scenario = Scenario(file: "door.json", name: "door", steps: [.launch])
        scenario.app = DoorApp.door
        scenario.setup = AppSetup(device: .object([(key: "online", value: .bool(false)), (key: "jammed", value: .bool(false))]))
        scenario.startsOffline = true
        let simpler = Shrinker.simplifications(of: scenario)
        let withoutOnline = simpler.first { $0.setup.device == .object([(key: "jammed", value: .bool(false))]) }
        #expect(withoutOnline?.startsOffline == false, "the phone starts online once the setting is gone")
        #expect(simpler.contains { $0.setup.device == .object([(key: "online", value: .bool(false))]) && $0.startsOffline })
    }

    @Test func theFixedDoorIsCleanAndItsBugFoundWithTheKnobsOn() {
        let clean = Explorer.explore(ExplorationPlan(targets: [Self.persona], seedCount: 300))
        #expect(clean.failures.isEmpty, "\(clean.failures.prefix(2).map { ($0.seed, $0.result.violations.map(\.message)) })")
        let buggy = Explorer.explore(ExplorationPlan(targets: [Self.persona], seedCount: 300, mutants: [DoorApp.silentFailure]))
        #expect(!buggy.failures.isEmpty)
    }
}
