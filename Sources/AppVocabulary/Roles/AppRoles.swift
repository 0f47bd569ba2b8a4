/// The roles an app declares for its actions and endpoints: what the oracles read instead of
/// names. Every app declares its own, the bundled apps included, in its plug-in (`AppPlugin.roles`);
/// an action not listed moves the user on, an endpoint not listed is a request a tap caused
/// (`RequestRole()`). A route's role is its `kind` (`RouteName`): every route of kind `.launch` is
/// a launch screen.
///
/// ```swift
/// let roles = AppRoles(actions: [(UserAction("type-email"), .input(.email)), (UserAction("sign-up"), .submit(.email))],
///                      requests: [(Endpoint("sign-up"), RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email")])),
///                                 (Endpoint("events"), RequestRole(cause: .background))])
/// ```
///
/// Looked up by the names' fingerprints, in declaration order: an app declares a few dozen.
public struct AppRoles: Sendable {
    private var actionRoles: [(fingerprint: UInt64, action: UserAction, role: ActionRole)] = []
    private var requestRoles: [(fingerprint: UInt64, endpoint: Endpoint, role: RequestRole)] = []
    /// The actions that type or send a one-time code (`.input(.code)`, `.submit(.code)`): a screen
    /// that offers one is a code screen. Kept as the roles are set: every run asks.
    public private(set) var codeActions: [UserAction] = []
    /// The actions that ask for another code (`.resend`). Kept as the roles are set.
    public private(set) var resendActions: [UserAction] = []
    /// The actions that answer a prompt (`.cancel`, `.confirmSignOut`): a screen that offers one
    /// is a prompt. Kept as the roles are set.
    public private(set) var promptAnswers: [UserAction] = []
    /// The requests the app sends again by itself after a failure, each with its pause
    /// (`RequestRole.retryPause`), in declaration order. Kept as the roles are set.
    public private(set) var retriedRequests: [(endpoint: Endpoint, pause: Duration)] = []
    /// The requests that send a code with a resend countdown, each with its length
    /// (`RequestRole.resendAfter`). Kept as the roles are set.
    public private(set) var resendCountdowns: [(endpoint: Endpoint, after: Duration)] = []
    /// Whether a request that sends a code declares a resend countdown.
    public var declaresResendCountdown: Bool { !resendCountdowns.isEmpty }

    /// How long after a successful answer to `endpoint` Resend is due, if it sends a code with a countdown.
    public func resendCountdown(after endpoint: Endpoint) -> Duration? {
        for entry in resendCountdowns where entry.endpoint.fingerprint == endpoint.fingerprint && entry.endpoint == endpoint {
            return entry.after
        }
        return nil
    }

    /// - Parameters:
    ///   - actions: each action's role; an action listed twice takes its last role.
    ///   - requests: each endpoint's role; an endpoint listed twice takes its last role.
    public init(actions: [(UserAction, ActionRole)] = [], requests: [(Endpoint, RequestRole)] = []) {
        for (action, role) in actions { set(role, for: action) }
        for (endpoint, role) in requests { set(role, for: endpoint) }
    }

    /// No roles: every action moves the user on, every request is a tap's.
    public static let none = AppRoles()

    /// The role of `action` (`.forward` unless declared).
    public func role(of action: UserAction) -> ActionRole {
        for entry in actionRoles where entry.fingerprint == action.fingerprint && entry.action == action { return entry.role }
        return .forward
    }

    /// The role of a request to `endpoint` (`RequestRole()` unless declared).
    public func role(of endpoint: Endpoint) -> RequestRole {
        for entry in requestRoles where entry.fingerprint == endpoint.fingerprint && entry.endpoint == endpoint { return entry.role }
        return RequestRole()
    }

    /// Whether no user waits for a request to `endpoint` (a background request).
    public func isBackground(_ endpoint: Endpoint) -> Bool {
        for entry in requestRoles where entry.fingerprint == endpoint.fingerprint && entry.endpoint == endpoint {
            return entry.role.isBackground
        }
        return false
    }

    /// Whether a request to `endpoint` is for `purpose`.
    public func endpoint(_ endpoint: Endpoint, is purpose: RequestRole.Purpose) -> Bool {
        for entry in requestRoles where entry.fingerprint == endpoint.fingerprint && entry.endpoint == endpoint {
            return entry.role.purpose == purpose
        }
        return purpose == .other
    }

    /// Whether any endpoint is declared for `purpose` (an app that asks where the user is: `.journey`).
    public func declares(_ purpose: RequestRole.Purpose) -> Bool { requestRoles.contains { $0.role.purpose == purpose } }

    /// The actions declared with a role that `matches`, in declaration order.
    public func actions(where matches: (ActionRole) -> Bool) -> [UserAction] {
        actionRoles.filter { matches($0.role) }.map(\.action)
    }

    /// Every declared action with its role, in declaration order (the registry checks each is listed).
    public var declaredActions: [(action: UserAction, role: ActionRole)] { actionRoles.map { ($0.action, $0.role) } }
    /// Every declared endpoint with its role, in declaration order.
    public var declaredRequests: [(endpoint: Endpoint, role: RequestRole)] { requestRoles.map { ($0.endpoint, $0.role) } }

    /// Sets `action`'s role.
    public mutating func set(_ role: ActionRole, for action: UserAction) {
        if let at = actionRoles.firstIndex(where: { $0.action == action }) {
            actionRoles[at].role = role
        } else {
            actionRoles.append((action.fingerprint, action, role))
        }
        codeActions = actionRoles.filter { $0.role == .input(.code) || $0.role == .submit(.code) }.map(\.action)
        resendActions = actionRoles.filter { $0.role == .resend }.map(\.action)
        promptAnswers = actionRoles.filter { $0.role == .cancel || $0.role == .confirmSignOut }.map(\.action)
    }

    /// Sets the role of requests to `endpoint`.
    public mutating func set(_ role: RequestRole, for endpoint: Endpoint) {
        if let at = requestRoles.firstIndex(where: { $0.endpoint == endpoint }) {
            requestRoles[at].role = role
        } else {
            requestRoles.append((endpoint.fingerprint, endpoint, role))
        }
        retriedRequests = requestRoles.compactMap { entry in entry.role.retryPause.map { (entry.endpoint, $0) } }
        resendCountdowns = requestRoles.compactMap { entry in
            entry.role.purpose == .sendsCode ? entry.role.resendAfter.map { (entry.endpoint, $0) } : nil
        }
    }
}
