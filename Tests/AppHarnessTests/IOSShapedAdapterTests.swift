import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import SimKernel
import AppVocabulary
import AppHarness

/// The adapters in the shapes iOS code already has: `URLSession`'s `data(for:)`, a keychain
/// wrapper's read/write/delete, a path monitor's `isOnline` with a main-actor handler.
@Suite struct IOSShapedAdapterTests {
    static let signUp = Endpoint("sign-up")

    /// Answers sign-up 201 with a body echoing the request's path.
    actor Server: SimulatedServer {
        let simulation: Simulation
        nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
        init(simulation: Simulation) { self.simulation = simulation }

        func receive(_ request: BackendRequest, id: Int) -> ServerReception {
            guard case .app(let call) = request else { return .answered(.failure(.status(404, "not ours"))) }
            return .answered(.success(.app(AppReply(status: 201, headers: ["X-Path": call.path], body: Array("made".utf8)))))
        }
        func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no work")) }
    }

    /// The app's own protocol, as a team writes it for `URLSession`.
    protocol HTTPClient: Sendable {
        func data(for request: URLRequest) async throws -> (Data, URLResponse)
    }

    /// What `client` makes of a POST to `/auth/signup?src=app`, with the network offline or
    /// dropping every request when asked.
    func send(offline: Bool = false, dropped: Bool = false) -> Result<(status: Int, body: String, path: String), URLError> {
        let simulation = Simulation(seed: 1)
        nonisolated(unsafe) var outcome: Result<(status: Int, body: String, path: String), URLError> = .failure(URLError(.unknown))
        _ = simulation.run("url session") {
            var plan = FaultPlan()
            if dropped { plan.rules.append(FaultRule(endpoint: Self.signUp, kind: .drop)) }
            let network = Network(simulation: simulation, backend: Server(simulation: simulation), plan: plan)
            if offline { await network.setOnline(false) }
            let client: any HTTPClient = SimulatedHTTPClient(network: network, routes: [.init("POST", "/auth/signup", Self.signUp)],
                                                             timeout: .seconds(10))
            var request = URLRequest(url: URL(string: "https://api.example.com/auth/signup?src=app")!)
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"email": "ada@example.com"}"#.utf8)
            do {
                let (data, response) = try await client.data(for: request)
                let http = response as! HTTPURLResponse
                outcome = .success((http.statusCode, String(decoding: data, as: UTF8.self), http.value(forHTTPHeaderField: "X-Path") ?? ""))
            } catch let error as URLError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(URLError(.unknown))
            }
        }
        return outcome
    }

    @Test func aURLRequestIsAnsweredWithAnHTTPURLResponse() throws {
        let answer = try send().get()
        #expect(answer.status == 201 && answer.body == "made")
        #expect(answer.path == "/auth/signup?src=app", "the route matched the path; the backend saw the query too")
    }

    @Test func noConnectionAndNoAnswerThrowTheURLErrorsIOSThrows() {
        guard case .failure(let offline) = send(offline: true) else { Issue.record("offline answered"); return }
        #expect(offline.code == .notConnectedToInternet)
        guard case .failure(let dropped) = send(dropped: true) else { Issue.record("a dropped request answered"); return }
        #expect(dropped.code == .timedOut)
    }

    @Test func theKeychainReadsWritesAndDeletesDataByKey() {
        let keychain = SimulatedKeychain.keychain(simulation: nil)
        #expect(keychain.read("session") == nil)
        keychain.write(Data("token-1".utf8), for: "session")
        keychain.write(Data("token-2".utf8), for: "session")
        #expect(keychain.read("session") == Data("token-2".utf8))
        keychain.delete("session")
        #expect(keychain.read("session") == nil)
    }

    @Test func thePathMonitorSaysWhetherItIsOnlineAndTellsTheMainActorOfEveryChange() {
        let simulation = Simulation(seed: 1)
        nonisolated(unsafe) var seen: [Bool] = []
        nonisolated(unsafe) var before: Bool?
        _ = simulation.run("path monitor") {
            let network = Network(simulation: simulation, backend: Server(simulation: simulation), plan: FaultPlan())
            let monitor = SimulatedPathMonitor(network: network)
            before = monitor.isOnline
            monitor.start(onMainActor: { @MainActor online in seen.append(online) })
            await network.setOnline(false)
            await network.setOnline(true)
            monitor.cancel()
            await network.setOnline(false)
        }
        #expect(before == true)
        #expect(seen == [false, true], "each change once, none after cancel")
    }
}

/// The one line a team writes in its simulator's target.
extension SimulatedHTTPClient: IOSShapedAdapterTests.HTTPClient {}
