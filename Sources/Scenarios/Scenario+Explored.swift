import SimKernel
import AppVocabulary

extension Scenario {
    /// A plug-in persona's scenario for `seed` (what `AppPlugin.scenario(of:seed:swarm:user:)`
    /// builds unless the plug-in builds its own): the persona's drawn sections with the swarm's
    /// knobs, the swarm's faults, and the free user, who only goes forward when `user` is the
    /// scripted one.
    public static func explored(_ persona: AppPersona, app: AppID, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        var random = SeededRandom(seed: seed, stream: "persona")
        var driver = FreeUser(email: "\(persona.name)@example.com", returning: persona.returning)
        driver.onlyForward = user == .scripted
        swarm.drivenBy(driver.profile(seed: seed).onAnyApp)
        var scenario = Scenario(file: "persona:\(persona.name)", name: "\(persona.name) seed \(seed)", summary: persona.summary,
                                seed: seed, strategy: .seeded, steps: [.freeUser(driver)])
        swarm.apply(to: &scenario.faults)
        scenario.app = app
        scenario.setup = persona.setup(&random)
        swarm.apply(to: &scenario.setup)
        scenario.startsOffline = scenario.setup.startsOffline
        return scenario
    }

    /// The scenario file's own run of `seed` in an exploration: its steps, with the seed's swarm
    /// (`swarm`) applied to its faults and its plug-in sections, and seeded same-instant order.
    public func explored(seed: UInt64, swarm: Swarm) -> Scenario {
        var scenario = self
        swarm.apply(to: &scenario.faults)
        swarm.apply(to: &scenario.setup)
        scenario.startsOffline = scenario.startsOffline || scenario.setup.startsOffline
        scenario.seed = seed
        scenario.strategy = .seeded
        return scenario
    }
}

extension AppSetup {
    /// Whether the phone starts offline: `device.online` false, the one key of a plug-in's
    /// sections every app's phone has.
    public var startsOffline: Bool {
        guard case .object(let members)? = device else { return false }
        return members.contains { $0.key == "online" && $0.value == .bool(false) }
    }
}
