import Foundation
import Testing
import SimKernel
import AppVocabulary
import AppHarness

/// The reusable auth backend: codes to the inbox, sessions, refresh, Apple, account loss.
@Suite struct MockAuthTests {
    static let profile = Endpoint("profile")
    static let apple = Endpoint("apple-sign-in")

    /// A team's backend: its own `profile`, the rest `MockAuth`'s.
    actor Server: SimulatedServer {
        let simulation: Simulation
        let auth: MockAuth
        nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
        init(simulation: Simulation, auth: MockAuth) { (self.simulation, self.auth) = (simulation, auth) }

        func receive(_ request: BackendRequest, id: Int) -> ServerReception {
            guard case .app(let call) = request else { return .answered(.failure(.status(404, "not ours"))) }
            if let answer = auth.answer(call) { return .answered(answer) }
            guard let user = auth.user(of: call) else { return .answered(.success(.app(AppReply(status: 401)))) }
            return .answered(.success(.app(AppReply(status: 200, body: Array(user.utf8)))))
        }
        func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no work")) }
    }

    /// What `script` saw, each call as "status body", with the trace.
    func run(seeding emails: [String] = [], _ script: @escaping @Sendable (Call, Inbox, MockAuth) async -> Void) -> String {
        let simulation = Simulation(seed: 7)
        let result = simulation.run("auth") {
            let inbox = Inbox()
            let auth = MockAuth(simulation: simulation, inbox: inbox, endpoints: .init(signsInWithApple: Self.apple))
            for email in emails { auth.seedAccount(email: email) }
            let network = Network(simulation: simulation, backend: Server(simulation: simulation, auth: auth), plan: FaultPlan())
            let http = SimulatedHTTPClient(network: network, routes: [
                .init("POST", "/auth/otp", auth.endpoints.sendsCode), .init("POST", "/auth/verify", auth.endpoints.verifiesCode),
                .init("POST", "/auth/token", auth.endpoints.refreshesSession), .init("POST", "/auth/apple", Self.apple),
                .init("GET", "/profile", Self.profile),
            ])
            await script(Call(http: http), inbox, auth)
        }
        return result.trace.canonicalText
    }

    struct Call: Sendable {
        let http: SimulatedHTTPClient
        func post(_ path: String, _ json: String, token: String? = nil) async -> (status: Int, body: [String: Any]) {
            let headers = token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
            guard let answer = try? await http.data(method: path == "/profile" ? "GET" : "POST", path: path, headers: headers,
                                                    body: Data(json.utf8)) else { return (0, [:]) }
            return (answer.status, (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? ["text": String(decoding: answer.body, as: UTF8.self)])
        }
    }

    @Test func aCodeMailedToTheInboxSignsANewUserUpAndOnlyTheNewestCodeVerifies() {
        nonisolated(unsafe) var seen: [String] = []
        let trace = run { call, inbox, _ in
            _ = await call.post("/auth/otp", #"{"email": "Ada@example.com", "create_user": true}"#)
            let first = inbox.latestCode(for: "ada@example.com") ?? ""
            _ = await call.post("/auth/otp", #"{"email": "ada@example.com", "create_user": true}"#)
            let second = inbox.latestCode(for: "ada@example.com") ?? ""
            seen.append("codes \(first.count) \(second.count) \(first != second)")
            seen.append("old \(await call.post("/auth/verify", #"{"email": "ada@example.com", "token": "\#(first)"}"#).status)")
            let session = await call.post("/auth/verify", #"{"email": "ada@example.com", "token": "\#(second)"}"#)
            seen.append("new \(session.status) \((session.body["user"] as? [String: Any])?["id"] ?? "") \(session.body["new_account"] ?? "")")
            let token = session.body["access_token"] as? String
            seen.append("profile \(await call.post("/profile", "", token: token).body["text"] ?? "")")
            seen.append("again \(await call.post("/auth/verify", #"{"email": "ada@example.com", "token": "\#(second)"}"#).status)")
        }
        #expect(seen == ["codes 6 6 true", "old 403", "new 200 u1 1", "profile u1", "again 403"], "\(seen)")
        #expect(trace.contains("session-issued user=u1"), "\(trace)")
    }

    @Test func aLogInWithAnUnknownAddressIsRefusedAndAKnownOneIsNoNewAccount() {
        nonisolated(unsafe) var seen: [String] = []
        _ = run(seeding: ["bo@example.com"]) { call, inbox, _ in
            seen.append("\(await call.post("/auth/otp", #"{"email": "new@example.com", "create_user": false}"#).status)")
            seen.append("\(inbox.count(for: "new@example.com"))")
            _ = await call.post("/auth/otp", #"{"email": "bo@example.com", "create_user": false}"#)
            let code = inbox.latestCode(for: "bo@example.com") ?? ""
            let session = await call.post("/auth/verify", #"{"email": "bo@example.com", "token": "\#(code)"}"#)
            seen.append("\((session.body["user"] as? [String: Any])?["id"] ?? "") \(session.body["new_account"] ?? "")")
        }
        #expect(seen == ["422", "0", "u1 0"], "\(seen)")
    }

    @Test func aRefreshRenewsTheSessionUntilTheAccountIsLost() {
        nonisolated(unsafe) var seen: [String] = []
        let trace = run { call, _, auth in
            let first = await call.post("/auth/apple", #"{"id_token": "apple-001"}"#)
            let refresh = first.body["refresh_token"] as? String ?? ""
            let renewed = await call.post("/auth/token", #"{"refresh_token": "\#(refresh)"}"#)
            seen.append("\(renewed.status) \((renewed.body["user"] as? [String: Any])?["id"] ?? "")")
            // Superseded, but within the reuse window: it still refreshes (MockAuthAccountLossTests).
            seen.append("\(await call.post("/auth/token", #"{"refresh_token": "\#(refresh)"}"#).status)")
            auth.revoke("u1", deleted: true)
            seen.append("\(await call.post("/auth/token", #"{"refresh_token": "\#(renewed.body["refresh_token"] as? String ?? "")"}"#).status)")
            seen.append("\(await call.post("/profile", "", token: renewed.body["access_token"] as? String).status)")
            let again = await call.post("/auth/apple", #"{"id_token": "apple-001"}"#)
            seen.append("\((again.body["user"] as? [String: Any])?["id"] ?? "") \(again.body["new_account"] ?? "")")
        }
        #expect(seen == ["200 u1", "200", "401", "401", "u2 1"], "\(seen)")
        #expect(trace.contains("account-deleted user=u1"), "the loss is on record")
    }

    @Test func theCodesAreTheSameEveryRunOfASeed() {
        func codes() -> String {
            nonisolated(unsafe) var code = ""
            _ = run { call, inbox, _ in
                _ = await call.post("/auth/otp", #"{"email": "ada@example.com"}"#)
                code = inbox.latestCode(for: "ada@example.com") ?? ""
            }
            return code
        }
        #expect(codes() == codes() && codes().count == 6)
    }
}
