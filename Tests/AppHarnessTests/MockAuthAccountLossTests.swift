import Foundation
import Testing
import SimKernel
import AppVocabulary
import AppHarness

/// A scenario's account losses reach an app whose backend is built on `MockAuth` (issue #63: a
/// `sessionRevoked` fault passed `validate` and did nothing on a plug-in): the lost session's
/// requests are refused with 401 and the refusal is on record, as `refusedSessionEnds` reads it.
@Suite struct MockAuthAccountLossTests {
    static let profile = Endpoint("profile")
    static let apple = Endpoint("apple-sign-in")

    /// A team's backend in the handler's shape: its own `profile`, for the bearer's user.
    actor Server: AppBackend {
        let simulation: Simulation
        let auth: MockAuth?
        nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
        init(simulation: Simulation, auth: MockAuth) { (self.simulation, self.auth) = (simulation, auth) }

        func answer(_ request: AppRequest, user: String?) -> AppReply {
            guard let user else { return .json(403, ["msg": "who are you"]) }
            return .json(200, ["user": user])
        }
    }

    /// The app's side of the wire: calls by method and path, with a bearer token.
    struct Caller: Sendable {
        let http: SimulatedHTTPClient
        func call(_ method: String, _ path: String, _ json: String = "", token: String? = nil) async -> (Int, [String: Any]) {
            let headers = token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
            guard let answer = try? await http.data(method: method, path: path, headers: headers, body: Data(json.utf8)) else { return (0, [:]) }
            return (answer.status, (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:])
        }
        /// Signs in with Apple: the session's access and refresh tokens.
        func signIn() async -> (access: String?, refresh: String) {
            let (_, session) = await call("POST", "/auth/apple", #"{"id_token": "apple-001"}"#)
            return (session["access_token"] as? String, session["refresh_token"] as? String ?? "")
        }
        func refresh(_ token: String) async -> (Int, [String: Any]) { await call("POST", "/auth/token", #"{"refresh_token": "\#(token)"}"#) }
    }

    /// Runs `script` against a `MockAuth` behind the team's backend: the trace.
    func run(accessTokenLifetime: Duration = .seconds(3600),
             _ script: @escaping @Sendable (Caller, MockAuth, Simulation) async -> Void) -> String {
        let simulation = Simulation(seed: 3)
        let result = simulation.run("auth") {
            let auth = MockAuth(simulation: simulation, inbox: nil, endpoints: .init(signsInWithApple: Self.apple),
                                accessTokenLifetime: accessTokenLifetime)
            let network = Network(simulation: simulation, backend: Server(simulation: simulation, auth: auth), plan: FaultPlan())
            let http = SimulatedHTTPClient(network: network, routes: [
                .init("POST", "/auth/token", auth.endpoints.refreshesSession), .init("POST", "/auth/apple", Self.apple),
                .init("GET", "/profile", Self.profile),
            ])
            await script(Caller(http: http), auth, simulation)
        }
        return result.trace.canonicalText
    }

    /// Signs in with Apple, loses `loss` (for `email`, or every account), then asks for the
    /// profile and refreshes: the statuses seen and the trace.
    func run(_ loss: AccountLoss.Kind, email: String? = nil) -> (seen: [Int], trace: String) {
        nonisolated(unsafe) var seen: [Int] = []
        let trace = run { app, auth, _ in
            let (access, refresh) = await app.signIn()
            seen.append(await app.call("GET", "/profile", token: access).0)
            auth.lose(AccountLoss(loss, at: .seconds(1), email: email))
            seen.append(await app.call("GET", "/profile", token: access).0)
            seen.append(await app.refresh(refresh).0)
        }
        return (seen, trace)
    }

    @Test func aRevokedSessionIsRefusedWithItsRefusalOnRecord() {
        let (seen, trace) = run(.sessionRevoked)
        #expect(seen == [200, 401, 401], "\(seen)")
        // The loss, then each refusal against its request: `fault <id> <endpoint> session-revoked user=u1`.
        #expect(trace.components(separatedBy: "session-revoked user=u1").count == 4, "the loss and both refusals on record: \(trace)")
        #expect(trace.contains("profile session-revoked user=u1") && trace.contains("refresh-session session-revoked user=u1"), "\(trace)")
    }

    @Test func aDeletedAccountIsRefusedAsDeleted() {
        let (seen, trace) = run(.accountDeleted)
        #expect(seen == [200, 401, 401], "\(seen)")
        #expect(trace.components(separatedBy: "account-deleted user=u1").count == 4, "\(trace)")
    }

    /// Signs in, refreshes once (rotating the token), waits `after`, then refreshes with the
    /// superseded token: its status and the trace.
    func reuse(after: Duration) -> (status: Int, trace: String) {
        nonisolated(unsafe) var status = 0
        let trace = run { app, _, simulation in
            let (_, old) = await app.signIn()
            _ = await app.refresh(old)
            try? await simulation.clock.sleep(for: after)
            status = await app.refresh(old).0
        }
        return (status, trace)
    }

    /// Issue #63: a kill or a timeout while the server rotates the refresh token left the app
    /// with a superseded token, and the next refresh signed the user out. Auth servers keep a
    /// reuse window for this; after it, the refusal names the request whose answer rotated it.
    @Test func aSupersededRefreshTokenWorksWithinTheReuseWindowAndIsRefusedOnRecordAfter() {
        #expect(reuse(after: .seconds(9)).status == 200)
        let late = reuse(after: .seconds(11))
        #expect(late.status == 401)
        #expect(late.trace.contains("refresh-token-reused user=u1 rotated-by=2"), "\(late.trace)")
    }

    /// Access tokens expire (an hour by default; a minute here): the app's own request is then
    /// 401 on record, and a refresh gives a token that works again. No account was lost.
    @Test func anExpiredAccessTokenIsRefusedUntilTheSessionIsRefreshed() {
        nonisolated(unsafe) var seen: [Int] = []
        let trace = run(accessTokenLifetime: .seconds(60)) { app, _, simulation in
            let (access, refresh) = await app.signIn()
            seen.append(await app.call("GET", "/profile", token: access).0)
            try? await simulation.clock.sleep(for: .seconds(61))
            seen.append(await app.call("GET", "/profile", token: access).0)
            let (status, renewed) = await app.refresh(refresh)
            seen.append(status)
            seen.append(await app.call("GET", "/profile", token: renewed["access_token"] as? String).0)
        }
        #expect(seen == [200, 401, 200, 200], "\(seen)")
        #expect(trace.contains("profile access-token-expired user=u1"))
        #expect(!trace.contains("session-revoked"), "no account was lost")
    }

    /// A scenario's or the swarm's `accessTokenExpired` ends the access tokens' hour at once:
    /// the app's own request is 401 on record, the refresh token still works, nothing is lost.
    @Test func anExpiryFaultEndsTheAccessTokensAtOnceAndTheRefreshStillWorks() {
        let (seen, trace) = run(.accessTokenExpired)
        #expect(seen == [200, 401, 200], "\(seen)")
        #expect(trace.contains("profile access-token-expired user=u1"), "\(trace)")
        #expect(!trace.contains("session-revoked") && !trace.contains("account-deleted"), "no account was lost: \(trace)")
        #expect(run(.accessTokenExpired, email: "someone.else@example.com").seen == [200, 200, 200])
    }

    @Test func aLossOfAnotherAccountOrOfTheFixPlansOwnKindChangesNothing() {
        #expect(run(.sessionRevoked, email: "someone.else@example.com").seen == [200, 200, 200])
        #expect(run(.resetElsewhere).seen == [200, 200, 200])
    }
}
