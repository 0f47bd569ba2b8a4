import SimKernel
import AppVocabulary
import PickupModel
import Scenarios

/// The pickup app's swarm (seed 004): the same kinds of knob as the fix plan's, on this app's
/// endpoints, plus what the Apple sheet does. Nothing of the fix plan's phases or endpoints.
extension Swarm {
    /// Latency, an offline window, drops, errors and timeouts on apple-sign-in, refresh-session
    /// and bookings, a slow first bookings load, the Apple sheet cancelled or failing, Reduce
    /// Motion, and a revoked session or deleted account: each switched on by its own coin.
    static func drawPickup(seed: UInt64) -> Swarm {
        var random = SeededRandom(seed: seed, stream: "swarm")
        var swarm = Swarm()
        swarm.drawNetwork(&random, endpoints: PickupVocabulary.endpoints, seed: seed)
        if random.chance(Probability(0.5)) {
            // A slow list: main's spinner stands long enough for a person to do something else.
            let by = Duration.milliseconds(random.nextInt(in: 3_000...12_000))
            swarm.rules.append(FaultRule(endpoint: .bookings, kind: .delay(by), trigger: .nth(1)))
            swarm.knobs.append(.slowFirstCall(.bookings, by))
        }
        // The Sign in with Apple sheet's first attempts, a key of the pickup's phone (`device.appleSheet`).
        if let outcomes = Swarm.drawCredentialSheet(&random, chance: Probability(0.4)) {
            swarm.set(.device, "appleSheet", to: .array(outcomes.map { .string($0.rawValue) }))
        }
        if random.chance(Probability(0.3)) { swarm.set(.device, "reduceMotion", to: .bool(true)) }
        swarm.drawAccountLoss(&random, chance: Probability(0.3))
        swarm.drawLossAfterFailure(seed: seed, chance: Probability(0.15), kinds: [.sessionRevoked])
        return swarm
    }

    /// Puts the swarm's pickup knobs into the pickup app's starting world (its faults go into
    /// the scenario's `world`, with `apply(to:)`, as for every app). A scenario file's own Apple
    /// sheet list is kept: its steps were written for it.
    public func apply(to pickup: inout PickupConfiguration) {
        if case .array(let drawn)? = setting(.device, "appleSheet"), pickup.appleSheet.isEmpty {
            pickup.appleSheet = drawn.compactMap { if case .string(let outcome) = $0 { CredentialSheetOutcome(rawValue: outcome) } else { nil } }
        }
        if setting(.device, "reduceMotion") == .bool(true) { pickup.reduceMotion = true }
    }
}
