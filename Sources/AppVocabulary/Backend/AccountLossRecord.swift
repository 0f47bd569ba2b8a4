import SimKernel

/// How a backend puts the end of a user's sessions on record, as the session rules read it
/// (`sessionEndsOnlyAsPromised`, `sessionSurvivesAKill`, `refusedSessionEnds`): the moment the
/// account is lost (deleted, or its sessions revoked), and each request refused for it. Written
/// by `MockAuth` and the bundled backends; a backend of an app's own that ends sessions by its own
/// rules (a password changed elsewhere, a limit of devices) writes the same two records, so that a
/// sign-out it caused is not read as the app's own doing.
///
/// ```swift
/// // in your backend, when it decides that u1's sessions end:
/// AccountLossRecord.lost(user: "u1", deleted: false, in: simulation)
/// // and for each request it then refuses with a 401:
/// AccountLossRecord.refused(request: id, endpoint: request.endpoint, user: "u1", deleted: false, in: simulation)
/// ```
public enum AccountLossRecord {
    /// The mark of a request refused because `user`'s account was lost (`fault … session-revoked user=u1`).
    public static func mark(user: String, deleted: Bool) -> String {
        (deleted ? "account-deleted user=" : "session-revoked user=") + user
    }

    /// `user`'s account is lost now: deleted, or its sessions revoked. `user` is the id the app's
    /// `signedInUser` reports (`ModelEvent.signedIn`).
    public static func lost(user: String, deleted: Bool, in simulation: Simulation) {
        simulation.record(ModelEvent.accountLost(user: user, deleted: deleted))
    }

    /// The backend refused request `id` (to `endpoint`) because `user`'s account was lost; answer
    /// it with a 401.
    public static func refused(request id: Int, endpoint: Endpoint, user: String, deleted: Bool, in simulation: Simulation) {
        simulation.record(ModelEvent.faultApplied(id: id, endpoint: endpoint, fault: mark(user: user, deleted: deleted)))
    }
}
