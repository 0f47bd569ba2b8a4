import Foundation
import SimKernel
import AppVocabulary

/// A plug-in's mock backend in an HTTP handler's shape: one of the app's requests in, one reply
/// out, for the user signed in. `MockAuth`, if the app has it, answers the auth endpoints first
/// (codes, sessions, refresh), refuses (401) a request with a lost account's session, and tells
/// `answer` whose bearer token a request carries; `AppHostWorld` hands it a scenario's account
/// losses (`accountDeleted`, `sessionRevoked`).
///
/// ```swift
/// actor GoalServer: AppBackend {
///     let simulation: Simulation
///     let auth: MockAuth?
///     private var goals: [String: String] = [:]
///     nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
///
///     func answer(_ request: AppRequest, user: String?) -> AppReply {
///         guard let user else { return .json(401, ["msg": "not signed in"]) }
///         switch request.endpoint {
///         case Endpoint("save-goal"):
///             guard let goal = request.json["goal"] as? String else { return .json(400, ["msg": "goal missing"]) }
///             goals[user] = goal
///             return .json(200)
///         default: return .json(404, ["msg": "no route"])
///         }
///     }
/// }
/// ```
/// A backend with slow work (an answer after a while: `ServerReception.working`) implements
/// `SimulatedServer` itself.
public protocol AppBackend: SimulatedServer {
    /// The auth part, if the app signs users in through `MockAuth`; nil if it does not.
    var auth: MockAuth? { get }
    /// The answer to one of the app's own requests (not one `auth` answers); `user` is the
    /// signed-in user its bearer token names (`MockAuth.user(of:)`), nil for none.
    func answer(_ request: AppRequest, user: String?) -> AppReply
}

extension AppBackend {
    public func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        guard case .app(let call) = request else { return .answered(.failure(.status(404, "not a request of an app's own"))) }
        // A lost account's session is refused before any endpoint sees it, as an auth layer does.
        if let auth, let refused = auth.refusal(of: call, id: id) { return .answered(refused) }
        if let auth, let answer = auth.answer(call, id: id) { return .answered(answer) }
        return .answered(.success(.app(answer(call, user: auth?.user(of: call)))))
    }

    public func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> {
        .failure(.status(500, "no slow work"))
    }

    /// A scenario's account loss, handed to `auth` (nothing without one).
    public func lose(_ loss: AccountLoss) { auth?.lose(loss) }
}

extension AppRequest {
    /// The body as a JSON object (`JSONSerialization`'s values); empty if it is not one.
    public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
}

extension AppReply {
    /// A JSON reply: `status` and `object`, its keys sorted (the same bytes in every run).
    public static func json(_ status: Int, _ object: [String: Any] = [:]) -> AppReply {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return AppReply(status: status, headers: ["Content-Type": "application/json"], body: Array(body))
    }
}
