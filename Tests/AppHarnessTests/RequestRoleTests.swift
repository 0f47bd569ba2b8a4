import Foundation
import Testing
import SimKernel
import AppVocabulary
import AppHarness

/// What an app's roles make of its own requests (`RequestRole`): the input a JSON body carries is
/// in the trace, and an error status in a reply is a failure unless the role says otherwise.
@Suite struct RequestRoleTests {
    static let signUp = Endpoint("sign-up"), profile = Endpoint("profile")

    /// Answers sign-up with `status`, profile with 404.
    actor Server: SimulatedServer {
        let simulation: Simulation
        let status: Int
        nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
        init(simulation: Simulation, status: Int) { (self.simulation, self.status) = (simulation, status) }

        func receive(_ request: BackendRequest, id: Int) -> ServerReception {
            guard case .app(let call) = request else { return .answered(.failure(.status(404, "not ours"))) }
            return .answered(.success(.app(AppReply(status: call.endpoint == RequestRoleTests.signUp ? status : 404))))
        }
        func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no work")) }
    }

    /// The trace of one sign-up with `body` answered `status`, then a profile read, under `roles`.
    func trace(body: String, status: Int = 201, roles: AppRoles) -> String {
        let simulation = Simulation(seed: 1)
        let result = simulation.run("requests") {
            let network = Network(simulation: simulation, backend: Server(simulation: simulation, status: status),
                                  plan: FaultPlan(), roles: roles)
            let http = SimulatedHTTPClient(network: network, routes: [.init("POST", "/auth/signup", Self.signUp),
                                                                       .init("GET", "/profiles/me", Self.profile)])
            _ = try? await http.data(method: "POST", path: "/auth/signup", headers: [:], body: Data(body.utf8))
            _ = try? await http.data(method: "GET", path: "/profiles/me", headers: [:], body: Data())
        }
        return result.trace.canonicalText
    }

    static let roles = AppRoles(requests: [
        (signUp, RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "user.email"), CarriedInput(.text, key: "name")])),
        (profile, RequestRole(cause: .app, failureStatus: 500)),
    ])

    @Test func theInputABodyCarriesIsInTheTrace() {
        let text = trace(body: #"{"user": {"email": "ada@example.com"}, "name": "Ada"}"#, roles: Self.roles)
        #expect(text.contains(#"request-carries id=1 sign-up email="ada@example.com" text="Ada""#), "\(text)")
    }

    @Test func aBodyWithoutTheDeclaredKeysOrWithoutRolesCarriesNothing() {
        #expect(!trace(body: #"{"mail": "ada@example.com"}"#, roles: Self.roles).contains("request-carries"))
        #expect(!trace(body: "not json", roles: Self.roles).contains("request-carries"))
        #expect(!trace(body: #"{"user": {"email": "ada@example.com"}}"#, roles: .none).contains("request-carries"))
    }

    @Test func anErrorStatusIsAFailureUnlessTheRoleSaysItIsAnAnswer() {
        let failed = trace(body: "{}", status: 503, roles: Self.roles)
        #expect(failed.contains("response id=1 sign-up status 503"), "\(failed)")
        // The profile's 404 is its normal "no profile yet" (failureStatus 500): an answer.
        #expect(failed.contains("response id=2 profile ok"), "\(failed)")
        // With no roles, a 404 is a failure as HTTP has it.
        #expect(trace(body: "{}", roles: .none).contains("response id=2 profile status 404"))
        #expect(trace(body: "{}", roles: Self.roles).contains("response id=1 sign-up ok"))
    }
}
