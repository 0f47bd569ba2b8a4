import SimKernel
import AppVocabulary

/// A plug-in app's swarm: the network's knobs every app's swarm draws, on its endpoints, then
/// its own (`AppPlugin.swarmKnobs`).
extension Swarm {
    /// The swarm of `seed` for a run of `app`: what its plug-in draws (`AppPlugin.swarm(seed:)`);
    /// for an app nobody registered, the network's knobs alone.
    public static func draw(seed: UInt64, app: AppID) -> Swarm {
        guard let plugin = AppRegistry.plugin(for: app) else { return draw(seed: seed, endpoints: [], knobs: []) }
        return plugin.swarm(seed: seed)
    }

    /// What a plug-in's swarm draws unless it draws its own: latency, an offline window, drops,
    /// errors and timeouts on `endpoints`, each switched on by its own coin, then `knobs` in
    /// their order; nothing of the bundled apps' worlds.
    public static func draw(seed: UInt64, endpoints: [Endpoint], knobs: [SwarmKnob]) -> Swarm {
        var random = SeededRandom(seed: seed, stream: "swarm")
        var swarm = Swarm()
        swarm.drawNetwork(&random, endpoints: endpoints, seed: seed)
        for knob in knobs {
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
