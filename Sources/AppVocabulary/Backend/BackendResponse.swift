import SimKernel

/// A successful answer: the two every sign-in speaks, an app's own typed answer
/// (`TypedAppReply`: the bundled apps' enums), or an HTTP-shaped one (`AppReply`).
public enum BackendResponse: Sendable, Equatable {
    case accepted
    /// A verified sign-in; `newAccount` when this sign-in created the account (Supabase's user
    /// record says when it was created, so the app can tell a sign-up from an existing account).
    case session(userID: String, newAccount: Bool)
    /// An app's own answer value.
    indirect case typed(any TypedAppReply)
    /// A plug-in app's answer in HTTP's shape: a status and a body.
    indirect case app(AppReply)

    /// The app's own answer, if it is one of type `Reply`.
    @inlinable public func typed<Reply: TypedAppReply>(as type: Reply.Type) -> Reply? {
        guard case .typed(let reply) = self else { return nil }
        return exactCast(reply, to: Reply.self)
    }

    public static func == (lhs: BackendResponse, rhs: BackendResponse) -> Bool {
        switch (lhs, rhs) {
        case (.accepted, .accepted): true
        case let (.session(leftUser, leftNew), .session(rightUser, rightNew)): leftUser == rightUser && leftNew == rightNew
        case (.typed(let left), .typed(let right)): left.isSameReply(as: right)
        case (.app(let left), .app(let right)): left == right
        default: false
        }
    }
}

/// An answer an app's mock backend gives as its own Swift value (the app's model reads it back
/// with `response.typed(as:)`); nothing outside the app reads what it holds.
public protocol TypedAppReply: Sendable {
    /// Whether `other` is the same answer (for `Equatable` answers, `==`).
    func isSameReply(as other: any TypedAppReply) -> Bool
}

extension TypedAppReply where Self: Equatable {
    public func isSameReply(as other: any TypedAppReply) -> Bool { (other as? Self) == self }
}

/// Why a request failed, as the client sees it.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device had no connection when the request was made.
    case offline
    /// No answer within the client's timeout (a dropped request, a lost response, a hung server).
    case timeout
    /// The server answered with an error status.
    case status(Int, String)
    /// The task waiting for the answer was cancelled (its screen or process went away).
    case cancelled

    public var description: String {
        switch self {
        case .offline: "offline"
        case .timeout: "timeout"
        case .status(let code, let message): "status \(code) \(message)"
        case .cancelled: "cancelled"
        }
    }
}

