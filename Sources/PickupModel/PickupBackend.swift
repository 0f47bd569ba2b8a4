import SimKernel
import AppVocabulary

/// The pickup app's backend (seed 004, plan 01-01): Apple sign-in, token refresh, bookings.
///
/// Where the seed is silent, it does what a careful team's server does: an Apple ID signs in to
/// the same account every time (the first sign-in creates it), a revoked or deleted account's
/// session is refused with 401 until the user signs in again, and a request of another app's
/// endpoints is answered 404.
public actor PickupBackend: SimulatedServer {
    let simulation: Simulation
    /// Account user ids by Apple ID, in creation order.
    @exclusivity(unchecked) private var usersByAppleID: [(appleID: String, user: String)] = []
    /// Users whose sessions are refused (until they sign in again), and whether the account was deleted.
    @exclusivity(unchecked) private var refused: [(user: String, deleted: Bool)] = []

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    public init(simulation: Simulation, accounts: [String]) {
        self.simulation = simulation
        usersByAppleID = Self.users(of: accounts)
    }

    /// How many pickups the account created `index`-th has: each user their own list (p1 2, p2 3, …).
    static func bookingsCount(ofUserAt index: Int) -> Int { 2 + index }

    /// The user ids the backend gives the starting accounts: `p1`, `p2`, … in order, an Apple ID
    /// listed twice counted once.
    static func users(of accounts: [String]) -> [(appleID: String, user: String)] {
        var users: [(appleID: String, user: String)] = []
        for appleID in accounts where !users.contains(where: { $0.appleID == appleID }) {
            users.append((appleID, "p\(users.count + 1)"))
        }
        return users
    }

    /// The account of `appleID`, if it has one.
    public func user(ofAppleID appleID: String) -> String? {
        usersByAppleID.first { $0.appleID == appleID }?.user
    }

    /// Records the accounts the run starts with.
    public func recordSeededAccounts() {
        for (appleID, user) in usersByAppleID { simulation.record(ModelEvent.note("account \(user) apple-id=\(appleID)")) }
    }

    /// A revoked session or a deleted account (the scenario's account-loss faults): every request
    /// with the user's session is refused from now on.
    public func lose(_ loss: AccountLoss) {
        // Another device's program or progress is not this app's: it has neither.
        guard loss.kind == .accountDeleted || loss.kind == .sessionRevoked else { return }
        let users = loss.email.map { [user(ofAppleID: $0)].compactMap { $0 } } ?? usersByAppleID.map(\.user)
        for user in users where !refused.contains(where: { $0.user == user }) {
            refused.append((user, loss.kind == .accountDeleted))
            AccountLossRecord.lost(user: user, deleted: loss.kind == .accountDeleted, in: simulation)
        }
    }

    public func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        let result: Result<BackendResponse, RequestError>
        if let user = request.sessionUser, let loss = refused.first(where: { $0.user == user }) {
            // Marked as the account loss's doing, as every app's backend does (the oracles read it).
            AccountLossRecord.refused(request: id, endpoint: request.endpoint, user: user, deleted: loss.deleted, in: simulation)
            result = .failure(.status(401, "Session expired"))
        } else {
            switch request.typed(as: PickupRequest.self) {
            case .appleSignIn(let appleID)?: result = signIn(appleID)
            case .refreshSession?: result = .success(.accepted)
            // Each user their own list: p1 has 2 pickups, p2 3, … (whose list shows is visible).
            case .bookings(let user)?:
                let index = usersByAppleID.firstIndex { $0.user == user } ?? 0
                let owner = usersByAppleID.indices.contains(index) ? usersByAppleID[index].user : user
                result = .success(.typed(PickupBookings(owner: owner, count: Self.bookingsCount(ofUserAt: index))))
            case nil: result = .failure(.status(404, "Not an endpoint of this app"))
            }
        }
        simulation.record(ModelEvent.backendHandled(id: id, endpoint: request.endpoint, outcome: RequestError.describe(result)))
        return .answered(result)
    }

    /// Never reached: every request is answered at once.
    public func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> {
        .failure(.status(500, "No work in progress"))
    }

    private func signIn(_ appleID: String) -> Result<BackendResponse, RequestError> {
        let existing = user(ofAppleID: appleID)
        let user = existing ?? "p\(usersByAppleID.count + 1)"
        if existing == nil { usersByAppleID.append((appleID, user)) }
        refused.removeAll { $0.user == user }
        simulation.record(ModelEvent.sessionIssued(user: user))
        return .success(.session(userID: user, newAccount: existing == nil))
    }
}
