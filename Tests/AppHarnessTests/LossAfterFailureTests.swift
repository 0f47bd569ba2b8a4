import Testing
import SimKernel
import AppVocabulary
import AppHarness

/// An account loss that lands as the app receives a failed answer (`AccountLoss.afterFailure`,
/// #64 item 7): the chain "a failure, then the session refused before its Retry" that a loss at a
/// drawn moment meets once in thousands of runs.
@Suite struct LossAfterFailureTests {
    typealias Base = MockAuthAccountLossTests

    /// Signs in, asks for the profile three times (the first answered 500 by the plan's fault),
    /// with `losses` scheduled: the statuses seen.
    func statuses(_ losses: [AccountLoss]) -> [Int] {
        nonisolated(unsafe) var seen: [Int] = []
        let simulation = Simulation(seed: 5)
        _ = simulation.run("auth") {
            let auth = MockAuth(simulation: simulation, inbox: nil, endpoints: .init(signsInWithApple: Base.apple))
            let plan = FaultPlan(rules: [FaultRule(endpoint: Base.profile, kind: .error(status: 500), trigger: .nth(1))],
                                 accountLosses: losses)
            let network = Network(simulation: simulation, backend: Base.Server(simulation: simulation, auth: auth), plan: plan)
            plan.schedule(on: simulation, network: network) { auth.lose($0) }
            let http = SimulatedHTTPClient(network: network, routes: [
                .init("POST", "/auth/token", auth.endpoints.refreshesSession), .init("POST", "/auth/apple", Base.apple),
                .init("GET", "/profile", Base.profile),
            ])
            let app = Base.Caller(http: http)
            let (access, _) = await app.signIn()
            for _ in 1...3 {
                seen.append(await app.call("GET", "/profile", token: access).0)
                try? await simulation.clock.sleep(for: .seconds(1))
            }
        }
        return seen
    }

    @Test func aRevocationAfterTheFirstFailureRefusesTheRetry() {
        #expect(statuses([AccountLoss(.sessionRevoked, afterFailure: 1)]) == [500, 401, 401])
    }

    /// `AccountLoss.afterAnswer`: the loss lands as the app receives an endpoint's n-th answer,
    /// ok or failed, before the request that comes after it.
    @Test func aRevocationAfterAnEndpointsAnswerRefusesTheNextRequestAndCountsOnlyThatEndpoint() {
        #expect(statuses([AccountLoss(.sessionRevoked, afterAnswer: 1, of: Base.profile)]) == [500, 401, 401])
        #expect(statuses([AccountLoss(.sessionRevoked, afterAnswer: 2, of: Base.profile)]) == [500, 200, 401])
        // The sign-in's answer is not the profile's.
        #expect(statuses([AccountLoss(.sessionRevoked, afterAnswer: 4, of: Base.profile)]) == [500, 200, 200])
        // Right after the sign-in's answer: the first call's 500 is the plan's, before any session is looked at.
        #expect(statuses([AccountLoss(.sessionRevoked, afterAnswer: 1, of: Base.apple)]) == [500, 401, 401])
    }

    @Test func aRevocationAfterAFailureThatNeverComesNeverLands() {
        #expect(statuses([AccountLoss(.sessionRevoked, afterFailure: 2)]) == [500, 200, 200])
        // The second failed answer is the first refusal's: the count goes on through it.
        #expect(statuses([AccountLoss(.sessionRevoked, afterFailure: 1), AccountLoss(.accountDeleted, afterFailure: 2)]) == [500, 401, 401])
    }
}
