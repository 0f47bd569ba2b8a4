import SimKernel
import AppVocabulary
import Scenarios

/// A plug-in app's swarm: the network's knobs every app's swarm draws, on its endpoints, then
/// its own (`AppPlugin.swarmKnobs`).
extension Swarm {
    /// A plug-in app's swarm: latency, an offline window, drops, errors and timeouts on its own
    /// endpoints, each switched on by its own coin, then the plug-in's own knobs in its order
    /// (`AppPlugin.swarmKnobs`); nothing of the bundled apps' worlds.
    static func drawAnyApp(seed: UInt64, app: AppID) -> Swarm {
        var random = SeededRandom(seed: seed, stream: "swarm")
        var swarm = Swarm()
        swarm.drawNetwork(&random, app: app)
        for knob in AppRegistry.plugin(for: app)?.swarmKnobs ?? [] {
            guard let value = knob.draw(&random) else { continue }
            let setting = DrawnSetting(section: knob.section, key: knob.key, value: value)
            swarm.settings.append(setting)
            swarm.knobs.append(.setting(setting))
        }
        return swarm
    }

    /// Sets the plug-in's drawn knobs in a scenario's sections (keys the scenario wrote stay).
    public func apply(to setup: inout AppSetup) { setup.apply(settings) }
}
