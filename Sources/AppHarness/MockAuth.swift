import Foundation
import SimKernel
import AppVocabulary

/// The auth every onboarding has, as a mock backend's part that a plug-in's own backend extends:
/// email one-time codes (Supabase's `signInWithOtp`/`verifyOtp`, seed 002: accounts,
/// `shouldCreateUser`, a code mailed to the user's inbox, a session), the session's refresh, and
/// Sign in with Apple. HTTP-shaped (`AppRequest` bodies in JSON), as `SimulatedHTTPClient` sends.
///
/// Your backend answers its own endpoints and hands the rest to it:
///
/// ```swift
/// actor DoorServer: SimulatedServer {
///     let auth: MockAuth
///     func receive(_ request: BackendRequest, id: Int) -> ServerReception {
///         guard case .app(let call) = request else { return .answered(.failure(.status(404, "not ours"))) }
///         if let answer = auth.answer(call) { return .answered(answer) }
///         guard let user = auth.user(of: call) else { return .answered(.success(.app(AppReply(status: 401)))) }
///         …   // the app's own endpoints, for `user`
///     }
/// }
/// ```
///
/// The wire format, each a JSON object (the keys are `Fields`, Supabase's by default):
/// - `sendsCode` `{"email", "create_user"}`: mails a fresh six-digit code to the inbox (the newest
///   code is the only one that verifies), 200; no account and `create_user: false` is 422
///   "Signups not allowed for otp" (a returning user's log-in with an unknown address).
/// - `verifiesCode` `{"email", "token"}`: a session for the account (made now if the code request
///   allowed it), 200; a wrong or superseded code is 403 "Token has expired or is invalid".
/// - `refreshesSession` `{"refresh_token"}`: a new session for the same user, 200 (the token
///   rotates: the old one is superseded); an unknown or revoked token is 401, and so is a superseded
///   one used after the reuse window (10 s by default, as Supabase's `refresh_token_reuse_interval`
///   and other auth servers keep one: a refresh whose answer was lost to a kill or a timeout is
///   sent again with the old token, and works within it). A refusal for reuse is on record
///   (`refresh-token-reused user=u1 rotated-by=7`, the request whose answer rotated it), so that the
///   session rules tell an app that threw its new token away from one that never got it.
/// - `signsInWithApple` `{"id_token"}`: the Apple ID's session (its account made at the first one), 200.
///
/// A session's body is `{"access_token", "refresh_token", "user": {"id", "email"}, "new_account"}`;
/// `user(of:)` reads `Authorization: Bearer <access_token>` on your own requests. Users are `u1`,
/// `u2`, … in the order their accounts were made, codes drawn from the run's seed: the same every
/// run. Every session it issues is recorded (`ModelEvent.sessionIssued`), as the oracles read.
public final class MockAuth: @unchecked Sendable {
    /// The endpoints it answers (the plug-in's routes map paths to them).
    public struct Endpoints: Sendable {
        public var sendsCode: Endpoint
        public var verifiesCode: Endpoint
        public var refreshesSession: Endpoint
        public var signsInWithApple: Endpoint?

        public init(sendsCode: Endpoint = Endpoint("send-code"), verifiesCode: Endpoint = Endpoint("verify-code"),
                    refreshesSession: Endpoint = Endpoint("refresh-session"), signsInWithApple: Endpoint? = nil) {
            (self.sendsCode, self.verifiesCode, self.refreshesSession, self.signsInWithApple) = (sendsCode, verifiesCode, refreshesSession, signsInWithApple)
        }

        /// The endpoints as the app's roles declare them: the request that `.sendsCode`, the
        /// `.signsIn` request that carries the code, the one that `.refreshesSession`; each the
        /// default name where the roles declare none. Apple's exchange is the sign-in declared
        /// with `credential: .appleID` (none if no request is).
        public init(roles: AppRoles) {
            let requests = roles.declaredRequests
            func first(_ purpose: RequestRole.Purpose, carrying input: UserInput? = nil) -> Endpoint? {
                requests.first { request in
                    request.role.purpose == purpose && (input.map { input in request.role.carries.contains { $0.input == input } } ?? true)
                }?.endpoint
            }
            let defaults = Endpoints()
            let apple = roles.appleIDExchange
            let codeSignIn = requests.first { $0.role.purpose == .signsIn && $0.role.carries.contains { $0.input == .code } }?.endpoint
                ?? requests.first { $0.role.purpose == .signsIn && $0.endpoint != apple }?.endpoint
            self.init(sendsCode: first(.sendsCode) ?? defaults.sendsCode, verifiesCode: codeSignIn ?? defaults.verifiesCode,
                      refreshesSession: first(.refreshesSession) ?? defaults.refreshesSession, signsInWithApple: apple)
        }
    }

    /// The JSON keys of the requests' bodies.
    public struct Fields: Sendable {
        public var email = "email", createUser = "create_user", code = "token", refreshToken = "refresh_token", appleToken = "id_token"
        public init() {}
    }

    /// A session as the backend issued it.
    public struct Session: Sendable, Equatable {
        public var user: String
        public var accessToken: String
        public var refreshToken: String
        public var newAccount: Bool
    }

    // Confined to the simulation's driver thread, like the backend actor that owns it.
    let simulation: Simulation
    let inbox: Inbox?
    public let endpoints: Endpoints
    let fields: Fields
    @exclusivity(unchecked) private var random: SeededRandom
    /// Accounts in the order made: (lower-cased email or Apple ID, user).
    @exclusivity(unchecked) private var accounts: [(key: String, user: String)] = []
    /// The newest code sent to each address, and whether that request allowed a sign-up.
    @exclusivity(unchecked) private var codes: [(email: String, code: String, createsUser: Bool)] = []
    @exclusivity(unchecked) private var sessions: [Session] = []
    /// For each of `sessions`: the request that it answered (-1: none known), and when a newer
    /// session of its user superseded its refresh token.
    @exclusivity(unchecked) private var issuedBy: [Int] = []
    @exclusivity(unchecked) private var supersededAt: [SimulationInstant?] = []
    /// When the access token of each of `sessions` expires: `accessTokenLifetime` after it was
    /// issued, or earlier by a scenario's or the swarm's `accessTokenExpired`.
    @exclusivity(unchecked) private var expiresAt: [SimulationInstant] = []
    /// How long a superseded refresh token still refreshes.
    public let refreshReuseWindow: Duration
    /// How long an access token is good for (Supabase's JWT expiry, an hour by default); after it
    /// the app's own requests with it are 401 until the app refreshes the session.
    public let accessTokenLifetime: Duration
    @exclusivity(unchecked) private var revoked: [String] = []
    /// Of `revoked`, the users whose accounts were deleted (the rest had their sessions revoked).
    @exclusivity(unchecked) private var deleted: [String] = []
    @exclusivity(unchecked) private var usersMade = 0

    public init(simulation: Simulation, inbox: Inbox?, endpoints: Endpoints = Endpoints(), fields: Fields = Fields(),
                refreshReuseWindow: Duration = .seconds(10), accessTokenLifetime: Duration = .seconds(3600)) {
        self.simulation = simulation
        self.refreshReuseWindow = refreshReuseWindow
        self.accessTokenLifetime = accessTokenLifetime
        self.inbox = inbox
        self.endpoints = endpoints
        self.fields = fields
        random = simulation.randomStream("mock-auth")
    }

    /// The auth of an app whose roles name its endpoints (`Endpoints(roles:)`), mailing codes to
    /// `inbox`: `MockAuth(simulation: start.simulation, inbox: inbox, roles: start.roles)` in a
    /// plug-in's `makeWorld`.
    public convenience init(simulation: Simulation, inbox: Inbox?, roles: AppRoles, fields: Fields = Fields()) {
        self.init(simulation: simulation, inbox: inbox, endpoints: Endpoints(roles: roles), fields: fields)
    }

    /// Makes the account of the Apple ID `appleID` if it has none and issues it a session, as a
    /// sign-in before the run would have (a persona signed in on the phone already): the session,
    /// for the glue to store where the app keeps it (its keychain item). On record as issued.
    public func seedSession(appleID: String) -> Session {
        let user = account(of: "apple:" + appleID, making: true) ?? ""
        _ = issue(user, email: nil, newAccount: false, id: -1)
        return sessions[sessions.count - 1]
    }

    /// Makes the account of `email` (a returning user's, before the run), and returns its user.
    @discardableResult
    public func seedAccount(email: String) -> String { account(of: email.lowercased(), making: true) ?? "" }

    /// The user of `email`'s account, if it has one.
    public func user(ofEmail email: String) -> String? { account(of: email.lowercased(), making: false) }

    /// The signed-in user a request of the app's own is made for, from its bearer token; nil for
    /// none, an unknown token or a revoked user.
    public func user(of request: AppRequest) -> String? {
        guard let position = bearerSession(of: request), !revoked.contains(sessions[position].user), !expired(position) else { return nil }
        return sessions[position].user
    }

    /// The position in `sessions` of the session whose access token `request` carries
    /// (`Authorization: Bearer <access_token>`), if any.
    private func bearerSession(of request: AppRequest) -> Int? {
        let header = request.headers.first { $0.key.lowercased() == "authorization" }?.value ?? ""
        guard header.hasPrefix("Bearer ") else { return nil }
        let token = header.dropFirst("Bearer ".count)
        return sessions.lastIndex { $0.accessToken == token }
    }

    /// Whether the access token of `sessions[position]` has expired.
    private func expired(_ position: Int) -> Bool { simulation.now >= expiresAt[position] }

    /// Refuses `user`'s sessions from now on (an account deleted or a session revoked elsewhere,
    /// seed 003: recorded as `ModelEvent.accountLost`, which the oracles read): their refresh is
    /// 401 and `user(of:)` no longer knows their token, until they sign in again (a deleted
    /// account's address signs up anew, as another user).
    public func revoke(_ user: String, deleted: Bool = false) {
        guard !revoked.contains(user) else { return }
        revoked.append(user)
        if deleted { self.deleted.append(user) }
        // A deleted account is gone: the address signs up anew, as another user.
        if deleted { accounts.removeAll { $0.user == user } }
        AccountLossRecord.lost(user: user, deleted: deleted, in: simulation)
    }

    /// A scenario's or the swarm's account loss (seed 003: "Account loss (deletion/password
    /// reset)"): the account of `loss.email`, or every account made so far, deleted or its
    /// sessions revoked (`revoke`), or its access tokens expired now (`accessTokenExpired`: the
    /// app's next request of its own with one is 401 on record, to be refreshed). `AppHostWorld`
    /// hands a backend's losses here when the backend is an `AppBackend` with this auth; the other
    /// kinds are the fix plan's, not every app's, and do nothing here.
    public func lose(_ loss: AccountLoss) {
        let users = loss.email.map { email in user(ofEmail: email).map { [$0] } ?? [] } ?? accounts.map(\.user)
        switch loss.kind {
        case .accountDeleted, .sessionRevoked:
            for user in users { revoke(user, deleted: loss.kind == .accountDeleted) }
        case .accessTokenExpired:
            // Every access token of theirs issued so far expires now; a refresh issues a fresh one.
            var expired: [String] = []
            for position in sessions.indices where users.contains(sessions[position].user) && expiresAt[position] > simulation.now {
                expiresAt[position] = simulation.now
                if !expired.contains(sessions[position].user) { expired.append(sessions[position].user) }
            }
            // On record, so a rule can tell a token refreshed since from one that expired again.
            for user in expired { simulation.record(ModelEvent.note(AccessTokenExpiry.note(user: user))) }
        case .resetElsewhere, .progressElsewhere:
            return
        }
    }

    /// The refusal of a request that carries a lost user's session (its bearer token or, to the
    /// refresh endpoint, its refresh token): 401, with the refusal recorded against request `id`
    /// (`ModelEvent.faultApplied`, `account-deleted user=u1` or `session-revoked user=u1`) as the
    /// oracles read it (`refusedSessionEnds`: the app then ends the session and says why). Nil
    /// for any other request. `AppBackend.receive` asks it first. An expired access token on one
    /// of the app's own requests is 401 too (`access-token-expired user=u1`): the app refreshes
    /// and tries again; no account was lost.
    public func refusal(of request: AppRequest, id: Int) -> Result<BackendResponse, RequestError>? {
        let bearer = bearerSession(of: request)
        let ownEndpoint = ![endpoints.sendsCode, endpoints.verifiesCode, endpoints.refreshesSession].contains(request.endpoint)
            && request.endpoint != endpoints.signsInWithApple
        if ownEndpoint, let position = bearer, !revoked.contains(sessions[position].user), expired(position) {
            simulation.record(ModelEvent.faultApplied(id: id, endpoint: request.endpoint,
                                                      fault: "\(AccessTokenExpiry.refusal) user=\(sessions[position].user)"))
            return reply(401, "JWT expired")
        }
        guard !revoked.isEmpty else { return nil }
        var owner = bearer.map { sessions[$0].user }
        if owner == nil, request.endpoint == endpoints.refreshesSession, let token = request.json[fields.refreshToken] as? String {
            owner = sessions.last { $0.refreshToken == token }?.user
        }
        guard let user = owner, revoked.contains(user) else { return nil }
        let wasDeleted = deleted.contains(user)
        AccountLossRecord.refused(request: id, endpoint: request.endpoint, user: user, deleted: wasDeleted, in: simulation)
        return reply(401, wasDeleted ? "Account deleted" : "Session revoked")
    }

    /// The answer to `request` (the network's request `id`, -1 if unknown) if it is one of the
    /// auth endpoints; nil for the app's own.
    public func answer(_ request: AppRequest, id: Int = -1) -> Result<BackendResponse, RequestError>? {
        let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
        switch request.endpoint {
        case endpoints.sendsCode: return sendCode(body)
        case endpoints.verifiesCode: return verify(body, id: id)
        case endpoints.refreshesSession: return refresh(body, request: request, id: id)
        case endpoints.signsInWithApple: return signInWithApple(body, id: id)
        default: return nil
        }
    }

    private func sendCode(_ body: [String: Any]) -> Result<BackendResponse, RequestError> {
        guard let email = (body[fields.email] as? String)?.lowercased(), !email.isEmpty else { return reply(400, "An email is required") }
        let createsUser = body[fields.createUser] as? Bool ?? true
        if !createsUser && account(of: email, making: false) == nil { return reply(422, "Signups not allowed for otp") }
        let code = String(format: "%06d", random.nextInt(in: 0...999_999))
        codes.removeAll { $0.email == email }
        codes.append((email, code, createsUser))
        inbox?.deliver(code: code, to: email)
        return reply(200, nil)
    }

    private func verify(_ body: [String: Any], id: Int) -> Result<BackendResponse, RequestError> {
        guard let email = (body[fields.email] as? String)?.lowercased(), let code = body[fields.code] as? String,
              let sent = codes.first(where: { $0.email == email }), sent.code == code else {
            return reply(403, "Token has expired or is invalid")
        }
        codes.removeAll { $0.email == email }
        let existing = account(of: email, making: false)
        guard let user = existing ?? (sent.createsUser ? account(of: email, making: true) : nil) else {
            return reply(422, "Signups not allowed for otp")
        }
        return issue(user, email: email, newAccount: existing == nil, id: id)
    }

    private func refresh(_ body: [String: Any], request: AppRequest, id: Int) -> Result<BackendResponse, RequestError> {
        guard let token = body[fields.refreshToken] as? String,
              let position = sessions.lastIndex(where: { $0.refreshToken == token }), !revoked.contains(sessions[position].user) else {
            return reply(401, "Invalid Refresh Token")
        }
        let user = sessions[position].user
        if let superseded = supersededAt[position], superseded.duration(to: simulation.now) > refreshReuseWindow {
            // Reused after the window: refused, with the request whose answer rotated it on record.
            let next = sessions.indices.first { $0 > position && sessions[$0].user == user }.map { issuedBy[$0] } ?? -1
            simulation.record(ModelEvent.faultApplied(id: id, endpoint: request.endpoint,
                                                      fault: RefreshTokenReuse.mark(user: user, rotatedBy: next)))
            return reply(401, "Invalid Refresh Token: Already Used")
        }
        return issue(user, email: nil, newAccount: false, id: id)
    }

    private func signInWithApple(_ body: [String: Any], id: Int) -> Result<BackendResponse, RequestError> {
        guard let appleID = body[fields.appleToken] as? String, !appleID.isEmpty else { return reply(400, "An id_token is required") }
        let key = "apple:" + appleID
        let existing = account(of: key, making: false)
        guard let user = existing ?? account(of: key, making: true) else { return reply(500, "No account") }
        return issue(user, email: nil, newAccount: existing == nil, id: id)
    }

    private func account(of key: String, making: Bool) -> String? {
        if let found = accounts.first(where: { $0.key == key }) { return found.user }
        guard making else { return nil }
        usersMade += 1
        let user = "u\(usersMade)"
        accounts.append((key, user))
        return user
    }

    private func issue(_ user: String, email: String?, newAccount: Bool, id: Int) -> Result<BackendResponse, RequestError> {
        let number = sessions.count + 1
        let session = Session(user: user, accessToken: "access-\(number)", refreshToken: "refresh-\(number)", newAccount: newAccount)
        // The user's newest session until now is superseded (its refresh token rotates away).
        if let newest = sessions.lastIndex(where: { $0.user == user }), supersededAt[newest] == nil { supersededAt[newest] = simulation.now }
        sessions.append(session)
        issuedBy.append(id)
        supersededAt.append(nil)
        expiresAt.append(simulation.now.advanced(by: accessTokenLifetime))
        revoked.removeAll { $0 == user }
        deleted.removeAll { $0 == user }
        simulation.record(ModelEvent.sessionIssued(user: user))
        var userObject: [String: Any] = ["id": user]
        if let email { userObject["email"] = email }
        let object: [String: Any] = ["access_token": session.accessToken, "refresh_token": session.refreshToken,
                                     "user": userObject, "new_account": newAccount]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return .success(.app(AppReply(status: 200, headers: ["Content-Type": "application/json"], body: Array(data))))
    }

    private func reply(_ status: Int, _ message: String?) -> Result<BackendResponse, RequestError> {
        let body = message.map { Array(#"{"msg":"\#($0)"}"#.utf8) } ?? Array("{}".utf8)
        return .success(.app(AppReply(status: status, headers: ["Content-Type": "application/json"], body: body)))
    }
}
