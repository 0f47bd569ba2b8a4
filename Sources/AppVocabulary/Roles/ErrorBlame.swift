/// What an error text on screen blames, as the app declares it (`AppRoles(errors:)`): the
/// shared `errorBlamesWhatFailed` checks the blame against the trace (which request failed and
/// how, the connection at that instant), so an error that blames the wrong thing is caught in any
/// app, whatever its wording.
///
/// ```swift
/// AppRoles(errors: [("No connection", .connection), ("Couldn't create your account", .request([Endpoint("sign-up")])),
///                   ("Sign in with Apple failed", .systemSheet)])
/// ```
public enum ErrorBlame: Sendable, Equatable {
    /// The connection: since the user's last tap a request failed without the backend judging
    /// it (sent offline, no answer in time, a 5xx), or the device was offline.
    case connection
    /// Being offline: the device is offline as the error shows (or went online within the
    /// flash window before).
    case offline
    /// One of these requests failed since the user's last tap, whatever the cause ("Couldn't
    /// load your list" blames the list's endpoint).
    case request([Endpoint])
    /// What the user entered: a request refused it (a 4xx other than 401), or no request failed
    /// by the connection or the server (the app's own check).
    case input
    /// The session: the account was lost, or a request was refused with 401.
    case session
    /// A system sheet the app showed (the Apple sheet) failed: no request of the user's failed
    /// since their last tap.
    case systemSheet
}
