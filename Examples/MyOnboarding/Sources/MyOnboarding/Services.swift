import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The app's dependencies, as its own protocols. On a phone: URLSession, a Keychain wrapper,
// an NWPathMonitor wrapper, UserDefaults.standard and ContinuousClock.

public protocol HTTPClient: Sendable {
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

public protocol SecureStore {
    func read(_ key: String) -> Data?
    func write(_ data: Data, for key: String)
    func delete(_ key: String)
}

public protocol Reachability {
    var isOnline: Bool { get }
    func start(onMainActor handler: @escaping @MainActor @Sendable (Bool) -> Void)
}

public protocol KeyValueStore {
    func string(forKey key: String) -> String?
    func set(_ value: Any?, forKey key: String)
    func removeObject(forKey key: String)
}

/// Bugs that can be put back at run time (for the simulator's regression checks).
public enum OnboardingBug: String, CaseIterable, Sendable {
    /// 002 §1: a failed journey check after sign-in drops the user into an empty main app.
    case journeyFailureGoesHome = "my-journey-failure-goes-home"
    /// 002 §5: the resend countdown is never cancelled when the code screen goes away.
    case resendTimerNeverCancelled = "my-resend-timer-leaks"
    /// 000 Pitfall 10: Verify has no busy guard, so a double tap verifies twice.
    case doubleTapVerifiesTwice = "my-double-tap-verifies-twice"
    /// 003: a 401 (the session revoked elsewhere) on a save or on the journey check after sign-in
    /// reads as any failure; the dead session is kept.
    case refusedSessionKept = "my-refused-save-keeps-the-session"
    /// 003: an access token that expired (an hour after sign-in) reads as a lost session: the
    /// user is signed out instead of the session being refreshed with its refresh token.
    case expiredTokenSignsOut = "my-expired-token-signs-out"
}

public struct APIError: Error, Equatable, Sendable {
    public let status: Int
    public let message: String
}

/// The backend's answer to "where is this user?".
public struct JourneyState: Decodable, Sendable, Equatable {
    public var goal: String?
    public var programActive: Bool

    enum CodingKeys: String, CodingKey {
        case goal
        case programActive = "program_active"
    }
}

public struct AuthSession: Decodable, Sendable {
    public struct User: Decodable, Sendable { public var id: String; public var email: String? }
    public var accessToken: String
    public var refreshToken: String
    public var user: User

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case user
    }
}

/// A thin API layer over the injected HTTP client (Supabase-style auth, our own REST endpoints).
public struct APIService: Sendable {
    let http: any HTTPClient
    let baseURL = URL(string: "https://api.myonboarding.example")!

    public init(http: any HTTPClient) { self.http = http }

    private func send(_ method: String, _ path: String, token: String? = nil,
                      json: [String: Any]? = nil) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.timeoutInterval = 15
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json { request.httpBody = try JSONSerialization.data(withJSONObject: json) }
        let (data, response) = try await http.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let message = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["msg"] as? String
            throw APIError(status: status, message: message ?? "HTTP \(status)")
        }
        return data
    }

    public func sendCode(email: String, createUser: Bool) async throws {
        _ = try await send("POST", "/auth/v1/otp", json: ["email": email, "create_user": createUser])
    }

    public func verify(email: String, code: String) async throws -> AuthSession {
        let data = try await send("POST", "/auth/v1/verify", json: ["email": email, "token": code, "type": "email"])
        return try JSONDecoder().decode(AuthSession.self, from: data)
    }

    /// Supabase's refresh: a new access and refresh token for the refresh token.
    public func refresh(refreshToken: String) async throws -> AuthSession {
        let data = try await send("POST", "/auth/v1/token", json: ["refresh_token": refreshToken, "grant_type": "refresh_token"])
        return try JSONDecoder().decode(AuthSession.self, from: data)
    }

    public func fetchJourney(token: String) async throws -> JourneyState {
        let data = try await send("GET", "/v1/journey", token: token)
        return try JSONDecoder().decode(JourneyState.self, from: data)
    }

    public func saveGoal(_ goal: String, token: String) async throws {
        _ = try await send("PUT", "/v1/goal", token: token, json: ["goal": goal])
    }

    public func activateProgram(token: String) async throws {
        _ = try await send("POST", "/v1/program/activate", token: token)
    }
}
