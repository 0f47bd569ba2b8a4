import Foundation
import Observation

/// What a session refresh came to.
enum RefreshOutcome: Sendable {
    /// New tokens, already stored in the Keychain.
    case refreshed(Session)
    /// The backend refused the refresh token (401): the Keychain session was cleared.
    case sessionGone
    /// Network or server trouble: the session is kept.
    case failed(APIError)
    /// The session was signed out (or replaced) while the refresh was in flight; nothing was changed.
    case superseded
}

/// Owns the session: Apple sign-in, Keychain persistence, token refresh and logout.
@MainActor @Observable
public final class AuthenticationManager {
    static let sessionKey = "umuve.session"

    /// The current session (nil when signed out).
    public private(set) var session: Session?
    public var isAuthenticated: Bool { session != nil }
    /// True while the session came from the Keychain and has not been refreshed during this launch.
    private(set) var needsRefresh: Bool

    @ObservationIgnored private let keychain: any SecureStore
    @ObservationIgnored private let api: UmuveAPI
    @ObservationIgnored private let apple: any AppleSignInProvider
    @ObservationIgnored private let bugs: Set<UmuveBug>
    @ObservationIgnored private var inFlightRefresh: Task<RefreshOutcome, Never>?

    init(keychain: any SecureStore, api: UmuveAPI, apple: any AppleSignInProvider,
         bugs: Set<UmuveBug>, restoreSession: Bool) {
        self.keychain = keychain
        self.api = api
        self.apple = apple
        self.bugs = bugs
        let stored = restoreSession
            ? keychain.read(Self.sessionKey).flatMap { try? JSONDecoder().decode(Session.self, from: $0) }
            : nil
        session = stored
        needsRefresh = stored != nil
    }

    /// Presents the Apple sheet, exchanges the identity token and stores the session.
    /// Throws `AppleSignInError` from the sheet or `APIError` from the exchange.
    func signInWithApple() async throws {
        let idToken = try await apple.requestAppleIDCredential()
        let fresh = try await api.exchangeAppleToken(idToken)
        store(fresh, previous: nil)
        needsRefresh = false
        inFlightRefresh = nil
    }

    /// `Task { await authManager.refreshTokenIfNeeded() }` from MainTabView's appear.
    func refreshTokenIfNeeded() async -> RefreshOutcome {
        guard needsRefresh, session != nil else { return .superseded }
        return await refresh()
    }

    /// A request made with `usedAccessToken` got a 401. If the session was refreshed meanwhile,
    /// the new tokens are returned without another round-trip.
    func refreshAfterUnauthorized(usedAccessToken: String) async -> RefreshOutcome {
        guard let session else { return .superseded }
        if session.accessToken != usedAccessToken { return .refreshed(session) }
        return await refresh()
    }

    /// Clears the Keychain session.
    func logout() {
        session = nil
        needsRefresh = false
        inFlightRefresh = nil
        keychain.delete(Self.sessionKey)
    }

    /// One refresh at a time: refresh tokens rotate, so a second request with the same token would be refused.
    private func refresh() async -> RefreshOutcome {
        if let inFlightRefresh, !bugs.contains(.duplicateRefreshRequests) {
            return await inFlightRefresh.value
        }
        guard let current = session else { return .superseded }
        let task = Task { await self.performRefresh(from: current) }
        inFlightRefresh = task
        let outcome = await task.value
        if inFlightRefresh == task { inFlightRefresh = nil }
        return outcome
    }

    private func performRefresh(from old: Session) async -> RefreshOutcome {
        do {
            let fresh = try await api.refresh(old.refreshToken)
            // The user may have signed out while the request was in flight.
            guard session == old || bugs.contains(.refreshResurrectsSignedOutSession) else { return .superseded }
            store(fresh, previous: old)
            needsRefresh = false
            return .refreshed(fresh)
        } catch APIError.unauthorized {
            guard session == old || (bugs.contains(.duplicateRefreshRequests) && session != nil) else {
                return .superseded
            }
            logout()
            return .sessionGone
        } catch {
            let apiError = error as? APIError ?? .network
            if bugs.contains(.refreshFailureSignsOutOffline), session == old {
                logout()
                return .sessionGone
            }
            return .failed(apiError)
        }
    }

    private func store(_ fresh: Session, previous: Session?) {
        session = fresh
        var persisted = fresh
        if bugs.contains(.rotatedRefreshTokenNotSaved), let previous {
            // Only the access token is updated in the Keychain item.
            persisted = Session(accessToken: fresh.accessToken, refreshToken: previous.refreshToken,
                                userID: fresh.userID)
        }
        if let data = try? JSONEncoder().encode(persisted) {
            keychain.write(data, for: Self.sessionKey)
        }
    }
}
