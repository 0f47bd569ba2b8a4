import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios

/// The fix plan's swarm (seeds 002, 003, 000): the network's knobs on its endpoints, a slow goal
/// generation, a failed activation, the phone's settings, the strict backend, a detour for the
/// scripted user, an account loss, and a flaky launch check.
extension Swarm {
    static let emails = [Swarm.usualEmail, "o'brien@gmail.com", "ana+test@example.co.uk", "li.wei@example.org"]
    static let detourPhases: [OnboardingPhase] = [.intake, .authVerification, .processOverview, .goalReview,
                                                  .programReview, .success]

    /// The fix plan's swarm of `seed`, from its own `swarm` stream (independent of the run's streams).
    static func drawFixPlan(seed: UInt64) -> Swarm {
        var random = SeededRandom(seed: seed, stream: "swarm")
        var swarm = Swarm()
        let on = { (random: inout SeededRandom) in random.chance(Probability(0.5)) }
        swarm.email = emails[random.nextInt(in: 0...emails.count - 1)]
        swarm.knobs.append(.email(swarm.email))
        swarm.drawNetwork(&random, endpoints: FixPlanVocabulary.endpoints, seed: seed)
        if on(&random) {
            let by = Duration.milliseconds(random.nextInt(in: 3_000...12_000))
            swarm.rules.append(FaultRule(endpoint: .generateGoals, kind: .delay(by), trigger: .nth(1)))
            swarm.knobs.append(.slowFirstCall(.generateGoals, by))
        }
        if on(&random) {
            let endpoint: Endpoint = random.chance(Probability(0.5)) ? .approveProgram : .activateProgram
            swarm.rules.append(FaultRule(endpoint: endpoint, kind: .error(status: 500), trigger: .nth(1)))
            swarm.knobs.append(.fault(.error(status: 500), endpoint, .nth(1)))
        }
        // The phone's and the backend's settings, as any app's are drawn: each a key of its
        // sections, set only when it differs from the default (the three coins are thrown alike).
        let reduceMotion = random.chance(Probability(0.3))
        let deniesNotifications = random.chance(Probability(0.25))
        let strictBackend = random.chance(Probability(0.5))
        if reduceMotion { swarm.set(.device, "reduceMotion", to: .bool(true)) }
        if deniesNotifications { swarm.set(.device, "grantsNotifications", to: .bool(false)) }
        if strictBackend { swarm.set(.backend, "strictCreateUser", to: .bool(true)) }
        swarm.detour = drawDetour(&random).map(DrawnDetour.init)
        swarm.knobs.append(.detour(swarm.detour))
        swarm.drawAccountLoss(&random, chance: Probability(0.2))
        swarm.drawLossAfterFailure(seed: seed, chance: Probability(0.15), kinds: [.sessionRevoked])
        // Drawn last, so every knob above comes from the same draws as before it existed.
        if random.chance(Probability(0.3)) {
            // A flaky launch check: seed 003's timeout fallback, at launches after a reinstall too.
            swarm.add(.drop, on: .journey, trigger: FaultRule.Trigger(probability: Probability(Double(random.nextInt(in: 40...80)) / 100)))
        }
        return swarm
    }

    private static func drawDetour(_ random: inout SeededRandom) -> FixPlanDetour? {
        let phase = detourPhases[random.nextInt(in: 0...detourPhases.count - 1)]
        switch random.nextInt(in: 0...5) {
        case 0: return .differentEmail
        case 1: return .resendCode
        case 2: return .background(at: phase, for: .milliseconds(random.nextInt(in: 1_000...90_000)))
        case 3: return .kill(at: phase, downtime: .milliseconds(random.nextInt(in: 1_000...30_000)),
                             corruptCache: random.chance(Probability(0.3)))
        case 4: return .tapThenBackground(at: random.chance(Probability(0.5)) ? .programReview : .success,
                                          for: .milliseconds(random.nextInt(in: 1_000...60_000)))
        default: return nil
        }
    }
}
