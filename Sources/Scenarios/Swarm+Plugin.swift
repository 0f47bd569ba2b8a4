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
    /// their order, then, for an app whose world takes them (`AppPlugin.accountLosses`), seed
    /// 003's account loss on a coin of 0.2 as the bundled apps draw it (5 s to 2 min in), and the
    /// access tokens' expiry on a coin of 0.3 (5 s to 2 min in), a refused session or expired
    /// tokens as the first to third failed answer arrives on a coin of 0.15; for an app that shows the Sign in
    /// with Apple sheet, its first one or two attempts cancelled or failed on a coin of 0.4, as the
    /// pickup app's swarm draws them; then a slow answer (`drawSlowAnswer`), and an account deleted
    /// or a session revoked as the app receives an endpoint's first to third answer on a coin of
    /// 0.15 (`drawLossAfterAnswer`); nothing of the bundled apps' worlds.
    public static func draw(seed: UInt64, endpoints: [Endpoint], knobs: [SwarmKnob],
                            accountLosses: [AccountLoss.Kind] = [], credentialSheet: Bool = false) -> Swarm {
        var random = SeededRandom(seed: seed, stream: "swarm")
        var swarm = Swarm()
        swarm.drawNetwork(&random, endpoints: endpoints, seed: seed)
        for knob in knobs {
            guard let value = knob.draw(&random) else { continue }
            swarm.set(knob.section, knob.key, to: value)
        }
        // Only seed 003's two: the fix plan's program resets are its own swarm's.
        let losses = accountLosses.filter { $0 == .accountDeleted || $0 == .sessionRevoked }
        if !losses.isEmpty { swarm.drawAccountLoss(&random, chance: Probability(0.2), kinds: losses) }
        if accountLosses.contains(.accessTokenExpired) { swarm.drawTokenExpiry(&random, chance: Probability(0.3)) }
        swarm.drawLossAfterFailure(seed: seed, chance: Probability(0.15),
                                   kinds: accountLosses.filter { $0 == .sessionRevoked || $0 == .accessTokenExpired })
        if credentialSheet { swarm.drawCredentialSheet(&random, chance: Probability(0.4)) }
        swarm.drawSlowAnswer(seed: seed, endpoints: endpoints)
        swarm.drawLossAfterAnswer(seed: seed, chance: Probability(0.15), kinds: losses, endpoints: endpoints)
        return swarm
    }

    /// How often a plug-in's swarm makes one answer slow: one run in four.
    static let slowAnswerChance = Probability(0.25)

    /// A slow server (`FaultRule.Kind.delay`, the format's `delay`), the one network fault the
    /// network knobs did not draw for a plug-in: on a coin of `slowAnswerChance`, one of the first
    /// three calls to one of the app's endpoints answered 1 to 10 s late. What the user does while
    /// an answer is out needs the answer to take that long: seed 004's customer app's sign-out
    /// while the session refresh it sent as main appeared is out
    /// (`umuve-refresh-resurrects-signed-out-session`), which a latency of at most 1.65 s left to
    /// one run in thousands. Drawn last and from a stream of its own, so every other knob of a seed
    /// is drawn as before it existed; the bundled apps' swarms draw their own slow answers.
    package mutating func drawSlowAnswer(seed: UInt64, endpoints: [Endpoint]) {
        drawOnAnEarlyCall(seed: seed, stream: "swarm-slow-answer", chance: Self.slowAnswerChance, endpoints: endpoints) { random in
            .delay(.milliseconds(random.nextInt(in: 1_000...10_000)))
        }
    }

    /// Sets the plug-in's drawn knobs in a scenario's sections (keys the scenario wrote stay).
    public func apply(to setup: inout AppSetup) { setup.apply(settings) }

    /// Draws `key` of `section` as `value` for this seed: a knob line (`device.reduceMotion: true`)
    /// and a feature, as a `SwarmKnob` is. What an app's own swarm (`AppPlugin.swarm(seed:)`) uses
    /// for a setting of its own world, and reads back with `setting(_:_:)`.
    public mutating func set(_ section: SwarmKnob.Section, _ key: String, to value: JSONValue) {
        let setting = DrawnSetting(section: section, key: key, value: value)
        settings.append(setting)
        knobs.append(.setting(setting))
    }

    /// The value this seed drew for `key` of `section`, or nil if it left the key alone.
    public func setting(_ section: SwarmKnob.Section, _ key: String) -> JSONValue? {
        settings.last { $0.section == section && $0.key == key }?.value
    }
}
