import Foundation
import SimKernel
import AppVocabulary

/// HTTP for app code: the call an app's own HTTP client protocol makes (method, path, headers,
/// body in; status, headers, body out, or a thrown error), sent through the run's simulated
/// `Network`, so latency, drops, timeouts, error statuses, delays and offline windows apply.
///
/// The app declares its own protocol with the same requirement, and the simulator's target
/// makes this type conform in one line; the app's target imports nothing of the simulator:
///
/// ```swift
/// // In the app (imports Foundation only):
/// public protocol HTTPClient: Sendable {
///     func data(method: String, path: String, headers: [String: String], body: Data) async throws
///         -> (status: Int, headers: [String: String], body: Data)
/// }
/// // In the simulator's target:
/// extension SimulatedHTTPClient: HTTPClient {}
/// ```
///
/// Each request is matched to an endpoint by method and path (`routes`, first match), which is
/// what faults and `requests` expectations name. An error status is an answer, as in HTTP: it is
/// returned, not thrown. No connection, no answer in time, and a killed app's request are thrown.
public struct SimulatedHTTPClient: Sendable {
    /// A method and a path pattern, and the endpoint they are: `*` matches one path segment, a
    /// trailing `/**` any rest (`GET /users/*/profile`, `POST /events/**`).
    public struct Route: Sendable, Equatable {
        public var method: String
        public var path: String
        public var endpoint: Endpoint

        public init(_ method: String, _ path: String, _ endpoint: Endpoint) {
            self.method = method
            self.path = path
            self.endpoint = endpoint
        }

        func matches(method: String, path: String) -> Bool {
            guard method.uppercased() == self.method.uppercased() else { return false }
            let wanted = self.path.split(separator: "/"), given = path.split(separator: "?")[0].split(separator: "/")
            for (index, part) in wanted.enumerated() {
                if part == "**" { return index == wanted.count - 1 }
                guard index < given.count, part == "*" || part == given[index] else { return false }
            }
            return wanted.count == given.count
        }
    }

    /// Why a request got no answer.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The device had no connection (`URLError.notConnectedToInternet` on a device).
        case offline
        /// No answer within the timeout (`URLError.timedOut`).
        case timedOut
        /// The task that sent it was cancelled, or its app was killed (`URLError.cancelled`).
        case cancelled
        /// No route names this method and path: the plug-in's routes miss an endpoint.
        case noRoute(method: String, path: String)

        public var description: String {
            switch self {
            case .offline: "offline"
            case .timedOut: "timed out"
            case .cancelled: "cancelled"
            case .noRoute(let method, let path): "no endpoint for \(method) \(path): add a route to the plug-in"
            }
        }
    }

    let network: Network
    let routes: [Route]
    let timeout: Duration
    let life: AppProcessLife
    let user: @Sendable ([String: String]) -> String?

    /// - Parameters:
    ///   - timeout: how long a request waits for its answer (the app's URLSession timeout).
    ///   - user: the signed-in user a request is made for, read from its headers (for the oracles
    ///     that judge a refused session); nil by default.
    public init(network: Network, routes: [Route], timeout: Duration = .seconds(60), life: AppProcessLife = AppProcessLife(),
                user: @escaping @Sendable ([String: String]) -> String? = { _ in nil }) {
        self.network = network
        self.routes = routes
        self.timeout = timeout
        self.life = life
        self.user = user
    }

    public func data(method: String, path: String, headers: [String: String], body: Data) async throws
        -> (status: Int, headers: [String: String], body: Data)
    {
        guard life.isAlive else { throw Failure.cancelled }
        guard let route = routes.first(where: { $0.matches(method: method, path: path) }) else {
            throw Failure.noRoute(method: method.uppercased(), path: path)
        }
        let request = AppRequest(endpoint: route.endpoint, method: method.uppercased(), path: path, user: user(headers),
                                 headers: headers, body: Array(body),
                                 carried: Self.carried(network.roles.role(of: route.endpoint).carries, in: body))
        let result = await network.send(.app(request), timeout: timeout)
        guard life.isAlive else { throw Failure.cancelled }
        switch result {
        case .success(.app(let reply)): return (reply.status, reply.headers, Data(reply.body))
        case .success: return (200, [:], Data())
        case .failure(.status(let code, let message)): return (code, [:], Data(message.utf8))
        case .failure(.offline): throw Failure.offline
        case .failure(.timeout): throw Failure.timedOut
        case .failure(.cancelled): throw Failure.cancelled
        }
    }

    /// The user's input `body` carries where `inputs` say (a JSON key, or keys joined by dots),
    /// in their order; an input the body does not hold as a string, number or truth value is
    /// left out.
    static func carried(_ inputs: [CarriedInput], in body: Data) -> [CarriedValue] {
        guard !inputs.isEmpty, let root = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return [] }
        return inputs.compactMap { input in
            var value: Any? = root
            for key in input.key.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
            switch value {
            case let text as String: return CarriedValue(input.input, text)
            case let number as NSNumber: return CarriedValue(input.input, number.stringValue)
            default: return nil
            }
        }
    }
}
