import SimKernel

/// A request the client sends: an app's own typed request (`TypedAppRequest`: the bundled apps'
/// enums), or an HTTP-shaped one (`AppRequest`, what `SimulatedHTTPClient` sends). The network,
/// its faults, the trace and the oracles read either only through the same few questions below;
/// the app's own backend takes its typed requests back (`request.typed(as:)`).
public enum BackendRequest: Sendable, Equatable {
    /// An app's own request value.
    indirect case typed(any TypedAppRequest)
    /// A request in HTTP's shape: its endpoint, the user it is made for, and what it sends.
    indirect case app(AppRequest)

    /// The app's own request, if it is one of type `Request`.
    @inlinable public func typed<Request: TypedAppRequest>(as type: Request.Type) -> Request? {
        guard case .typed(let request) = self else { return nil }
        return exactCast(request, to: Request.self)
    }

    public var endpoint: Endpoint {
        switch self {
        case .typed(let request): request.endpoint
        case .app(let request): request.endpoint
        }
    }

    /// Whether the request carries something the user typed or chose (an email, a code, a
    /// goal): such requests are recorded with what they carry (`ModelEvent.requestCarries`).
    public var carriesUserInput: Bool {
        switch self {
        case .typed(let request): request.carriesUserInput
        case .app(let request): !request.carried.isEmpty
        }
    }

    /// What of the user's input the request carries, each with its kind, in the order it sends
    /// them: what oracles compare with what the user entered, for every app.
    public var carried: [CarriedValue] {
        switch self {
        case .typed(let request): request.carried
        case .app(let request): request.carried
        }
    }

    /// Whether the request asks for an account to be made if none exists (a code request's
    /// `shouldCreateUser`); nil when it does not say.
    public var createsAccount: Bool? {
        guard case .typed(let request) = self else { return nil }
        return request.createsAccount
    }

    /// What the request carries of the user's input, for the trace: its endpoint, then what the
    /// request says it carries (`TypedAppRequest.writeCarried`); an HTTP-shaped request as
    /// `<endpoint> <input>="…"` for each input its role says it carries.
    package func writeCarried(to out: inout some CanonicalWriter) {
        out.write(endpoint.rawValue)
        switch self {
        case .typed(let request): request.writeCarried(to: &out)
        case .app(let request): CarriedValue.write(request.carried, to: &out)
        }
    }

    /// The signed-in user an authenticated request is made for (the account's session); nil for
    /// sign-in requests and for what an anonymous install sends too.
    public var sessionUser: String? {
        switch self {
        case .typed(let request): request.sessionUser
        case .app(let request): request.user
        }
    }

    public static func == (lhs: BackendRequest, rhs: BackendRequest) -> Bool {
        switch (lhs, rhs) {
        case (.typed(let left), .typed(let right)): left.isSameRequest(as: right)
        case (.app(let left), .app(let right)): left == right
        default: false
        }
    }
}

/// A request an app's model sends as its own Swift value (an enum with a case per request, as
/// the bundled apps do), instead of in HTTP's shape. Whatever the app's backend needs travels in
/// the value; the network, the trace and the oracles ask it only these questions.
///
/// ```swift
/// enum DoorRequest: TypedAppRequest, Equatable {
///     case open(user: String)
///     var endpoint: Endpoint { Endpoint("open") }
///     var sessionUser: String? { if case .open(let user) = self { user } else { nil } }
/// }
/// await network.send(.typed(DoorRequest.open(user: "u1")), timeout: .seconds(10))
/// ```
public protocol TypedAppRequest: Sendable {
    /// The endpoint faults name.
    var endpoint: Endpoint { get }
    /// The signed-in user it is made for; nil for sign-in and anonymous requests.
    var sessionUser: String? { get }
    /// What of the user's input it carries, in the order it sends them (none by default).
    var carried: [CarriedValue] { get }
    /// Whether it carries any of the user's input (by default, whether `carried` is not empty):
    /// the trace records what such a request carries.
    var carriesUserInput: Bool { get }
    /// Whether it asks for an account to be made if none exists; nil (the default) when it does
    /// not say.
    var createsAccount: Bool? { get }
    /// Writes, after the endpoint's name, what the trace shows of what it carries: by default
    /// ` <input>="…"` for each carried value, then ` create-user=…` when it says.
    func writeCarried(to out: inout some CanonicalWriter)
    /// Whether `other` is the same request (for `Equatable` requests, `==`).
    func isSameRequest(as other: any TypedAppRequest) -> Bool
}

extension TypedAppRequest {
    public var carried: [CarriedValue] { [] }
    public var createsAccount: Bool? { nil }
    public var carriesUserInput: Bool { !carried.isEmpty }

    public func writeCarried(to out: inout some CanonicalWriter) {
        CarriedValue.write(carried, to: &out)
        if let create = createsAccount { out.write(literal: " create-user="); out.write(create) }
    }
}

extension TypedAppRequest where Self: Equatable {
    public func isSameRequest(as other: any TypedAppRequest) -> Bool { (other as? Self) == self }
}

extension CarriedValue {
    /// ` <input>="<value>"` for each value, as the trace writes what a request carries.
    package static func write(_ values: [CarriedValue], to out: inout some CanonicalWriter) {
        for value in values {
            out.write(literal: " "); out.write(value.input.rawValue); out.write(literal: "=\""); out.write(value.value); out.write(literal: "\"")
        }
    }
}
