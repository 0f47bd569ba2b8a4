import SimKernel
import AppVocabulary

/// Who `explore` simulates on an app and how: its personas, what the swarm varies from seed to
/// seed, and the free user on its screens. Part of `AppPlugin`; every requirement has a default: one
/// persona on a new install, the network's knobs on the app's endpoints, and the free user of any
/// app, reading only its screens.
public protocol AppExploration: Sendable {
    /// The actions that move a user on, most wanted first: what the free user taps when a
    /// screen offers several. By default `actions`, in their order, but those whose role does
    /// not move the user on (typing, picking, Back, Start over, Resend, sign-out, Cancel, links).
    var forwardActions: [UserAction] { get }
    /// Who `explore` simulates: each persona a starting world, drawn per seed. By default one,
    /// `<id>-new-install`: a phone with the app just installed and nothing on it.
    var personas: [AppPersona] { get }
    /// What `explore` varies of the phone and the backend from seed to seed, besides the network's
    /// faults (`SwarmKnob`): each a key of `device` or `backend` drawn per seed. By default none.
    var swarmKnobs: [SwarmKnob] { get }
    /// Whether the user reads the codes the app sends from its world's `Inbox`
    /// (`AppWorld.inbox`), as the free user and `enterCode` do for every plug-in; then an app
    /// whose roles type a code and whose world has no inbox is refused when it registers. By
    /// default true; an app whose own user and steps read codes another way says false.
    var readsCodesFromTheInbox: Bool { get }
    /// What `explore` varies for one seed, drawn from the seed's own `swarm` stream. By default
    /// the network's knobs every app's swarm draws, on `endpoints`, then `swarmKnobs`
    /// (`Swarm.draw(seed:endpoints:knobs:)`). The bundled apps draw knobs of their own worlds.
    func swarm(seed: UInt64) -> Swarm
    /// `persona`'s scenario for `seed`: its starting world with `swarm`'s faults and knobs, driven
    /// by `user`. By default the persona's drawn sections and the free user
    /// (`Scenario.explored(_:app:seed:swarm:user:)`; the scripted user is the free user who only
    /// goes forward). The bundled apps build their personas' typed worlds.
    func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario
    /// The free user on the app's screens (a `freeUser` step; every explored persona): its log,
    /// or nil if `world` is not one of this app's. By default the free user of any app
    /// (`FreeUser.drive(anyApp:)`), reading only the screens, with `actions` and `forwardActions`.
    func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog?
}

extension AppExploration where Self: AppPlugin {
    public var forwardActions: [UserAction] {
        actions.filter { action in
            switch roles.role(of: action) {
            case .forward, .decline, .submit, .start, .retry: true
            default: false
            }
        }
    }
    public var personas: [AppPersona] {
        [AppPersona(name: "\(id.rawValue)-new-install", summary: "a phone with the app just installed and nothing on it")]
    }
    public var swarmKnobs: [SwarmKnob] { [] }
    public var readsCodesFromTheInbox: Bool { true }

    public func swarm(seed: UInt64) -> Swarm {
        Swarm.draw(seed: seed, endpoints: endpoints, knobs: swarmKnobs, accountLosses: accountLosses,
                   credentialSheet: roles.appleIDExchange != nil)
    }

    public func scenario(of persona: AppPersona, seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        Scenario.explored(persona, app: id, seed: seed, swarm: &swarm, user: user)
    }

    public func drive(_ user: FreeUser, in world: any AppWorld) async -> FreeUserLog? {
        await user.drive(anyApp: world, actions: actions, forward: forwardActions, roles: roles)
    }
}
