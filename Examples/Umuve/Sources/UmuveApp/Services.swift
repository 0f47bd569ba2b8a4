import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Injected dependencies (the app's own seams)

/// URLSession. Answers are `HTTPURLResponse`; offline throws `URLError(.notConnectedToInternet)`,
/// a timeout throws `URLError(.timedOut)`.
public protocol HTTPClient: Sendable {
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

/// The Keychain. Survives a reinstall.
public protocol SecureStore {
    func read(_ key: String) -> Data?
    func write(_ data: Data, for key: String)
    func delete(_ key: String)
}

/// UserDefaults / `@AppStorage`. Gone after a reinstall.
public protocol KeyValueStore {
    func bool(forKey key: String) -> Bool
    func data(forKey key: String) -> Data?
    func set(_ value: Any?, forKey key: String)
    func removeObject(forKey key: String)
}

/// NWPathMonitor wrapper.
public protocol Reachability {
    var isOnline: Bool { get }
    func start(onMainActor handler: @escaping @MainActor @Sendable (Bool) -> Void)
}

/// AuthenticationServices "Sign in with Apple": shows the system sheet, returns the identity token.
public protocol AppleSignInProvider: Sendable {
    func requestAppleIDCredential() async throws -> String
}

/// `canceled`: the user closed the sheet (not an error for the UI). `failed`: the sheet failed.
public enum AppleSignInError: Error { case canceled, failed }

// MARK: - Models

/// A signed-in session as stored in the Keychain.
public struct Session: Codable, Equatable, Sendable {
    public let accessToken: String
    public let refreshToken: String
    public let userID: String
}

public struct Pickup: Codable, Equatable, Sendable, Identifiable {
    public let id: String
    public let title: String
}

/// A list of pickups together with the user it belongs to.
public struct PickupList: Codable, Equatable, Sendable {
    public let userID: String
    public let pickups: [Pickup]
}

// MARK: - Backend API

enum APIError: Error, Equatable, Sendable {
    case unauthorized, offline, timedOut, network, server(Int), invalidResponse
}

/// Supabase-style backend at https://api.umuve.example.
struct UmuveAPI: Sendable {
    static let baseURL = "https://api.umuve.example"
    static let timeout: TimeInterval = 15

    let http: any HTTPClient

    /// `POST /auth/v1/apple` — exchanges the Apple identity token for a session.
    func exchangeAppleToken(_ idToken: String) async throws -> Session {
        try decodeSession(await send("POST", "/auth/v1/apple", body: ["id_token": idToken]))
    }

    /// `POST /auth/v1/token` — refresh tokens rotate: the answer carries a new one.
    func refresh(_ refreshToken: String) async throws -> Session {
        try decodeSession(await send("POST", "/auth/v1/token", body: ["refresh_token": refreshToken]))
    }

    /// `GET /v1/pickups` with a bearer token.
    func pickups(accessToken: String) async throws -> PickupList {
        let data = try await send("GET", "/v1/pickups", bearer: accessToken)
        let body = try decode(PickupsBody.self, from: data)
        return PickupList(userID: body.userId, pickups: body.pickups)
    }

    private struct TokenBody: Decodable {
        struct User: Decodable { let id: String }
        let accessToken: String
        let refreshToken: String
        let user: User
    }

    private struct PickupsBody: Decodable {
        let userId: String
        let pickups: [Pickup]
    }

    private func decodeSession(_ data: Data) throws -> Session {
        let body = try decode(TokenBody.self, from: data)
        return Session(accessToken: body.accessToken, refreshToken: body.refreshToken, userID: body.user.id)
    }

    private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do { return try decoder.decode(type, from: data) } catch { throw APIError.invalidResponse }
    }

    private func send(_ method: String, _ path: String,
                      body: [String: String]? = nil, bearer: String? = nil) async throws -> Data {
        guard let url = URL(string: Self.baseURL + path) else { throw APIError.invalidResponse }
        var request = URLRequest(url: url, timeoutInterval: Self.timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer {
            request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await http.data(for: request)
        } catch let error as URLError where error.code == .timedOut {
            throw APIError.timedOut
        } catch let error as URLError where [.notConnectedToInternet, .networkConnectionLost].contains(error.code) {
            throw APIError.offline
        } catch {
            throw APIError.network
        }
        guard let http = response as? HTTPURLResponse else { throw APIError.invalidResponse }
        switch http.statusCode {
        case 200..<300: return data
        case 401: throw APIError.unauthorized
        default: throw APIError.server(http.statusCode)
        }
    }
}
