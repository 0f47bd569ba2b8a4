import AppVocabulary
import Oracles

/// What the two bundled plug-ins share: their personas are the `Persona` cases of their app, each
/// built as a typed world of its own (`Persona.scenario(of:app:seed:swarm:user:)`).
protocol BundledAppPlugin: AppPlugin {}

extension BundledAppPlugin {
    var personas: [AppPersona] { Persona.of(id).map(\.appPersona) }

    func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        Persona.scenario(of: persona, app: id, seed: seed, swarm: &swarm, user: user)
    }
}
