import Testing
import SimKernel
import AppVocabulary
@testable import Scenarios

/// A plug-in's swarm draws the two knobs #63 added for every team's app, each from a stream of
/// its own (a seed's other knobs are drawn as before): a slow answer (the format's `delay`,
/// which the network knobs did not draw) and an account lost as the app receives an endpoint's
/// answer (`AccountLoss.afterAnswer`).
@Suite struct PluginSwarmChainTests {
    static let endpoints = [Endpoint("a"), Endpoint("b"), Endpoint("c")]

    func swarm(_ seed: UInt64, losses: [AccountLoss.Kind] = [.accountDeleted, .sessionRevoked]) -> Swarm {
        Swarm.draw(seed: seed, endpoints: Self.endpoints, knobs: [], accountLosses: losses)
    }

    @Test func aboutOneSwarmInFourMakesOneOfTheFirstThreeCallsToAnEndpointSlowByOneToTenSeconds() {
        let slow = (UInt64(0)..<1_000).compactMap { seed in
            swarm(seed).rules.first { if case .delay = $0.kind { true } else { false } }
        }
        #expect((200...300).contains(slow.count), "\(slow.count) of 1000")
        for rule in slow {
            guard case .delay(let by) = rule.kind else { continue }
            #expect(by >= .seconds(1) && by <= .seconds(10))
            #expect(rule.trigger.count == 1 && (1...3).contains(rule.trigger.fromCall))
            #expect(rule.endpoint.map(Self.endpoints.contains) == true)
        }
        #expect(swarm(1).lines.contains { $0.hasPrefix("delay(") } == swarm(1).rules.contains { if case .delay = $0.kind { true } else { false } })
    }

    @Test func aboutOneSwarmInSevenLosesTheAccountAsAnEndpointAnswersWhenTheAppTakesLosses() {
        let losses = (UInt64(0)..<1_000).compactMap { swarm($0).lossAfterAnswer }
        #expect((100...200).contains(losses.count), "\(losses.count) of 1000")
        #expect(losses.allSatisfy { loss in
            [.accountDeleted, .sessionRevoked].contains(loss.kind) && (1...3).contains(loss.afterAnswer ?? 0)
                && loss.answerOf.map(Self.endpoints.contains) == true
        })
        #expect((UInt64(0)..<200).allSatisfy { swarm($0, losses: []).lossAfterAnswer == nil }, "an app that takes no loss is never drawn one")
        let drawn = (UInt64(0)..<1_000).first { swarm($0).lossAfterAnswer != nil }!
        var faults = FaultPlan()
        swarm(drawn).apply(to: &faults)
        #expect(faults.accountLosses.contains(swarm(drawn).lossAfterAnswer!), "the drawn loss reaches the run's faults")
        #expect(swarm(drawn).lines.contains { $0.contains("after answer") })
    }
}
