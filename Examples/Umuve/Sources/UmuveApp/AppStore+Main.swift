import Foundation
import Observation

/// Why a pickups load ended without a list, beyond plain API errors.
private enum LoadFailure: Error {
    case sessionGone
    case superseded
}

extension AppStore {
    /// MainTabView `.onAppear`: shows the cached list, refreshes a restored session in the
    /// background (`Task { await authManager.refreshTokenIfNeeded() }`) and loads the pickups.
    public func mainAppeared() async {
        guard route == .main else { return }
        showCachedListIfAvailable()
        let backgroundRefresh = startBackgroundRefreshIfNeeded()
        await loadPickups()
        await backgroundRefresh?.value
    }

    /// Whether the "Refresh" button is enabled: not while the list loads, nor offline (the banner
    /// says why; the list reloads by itself when the connection is back).
    public var canRefresh: Bool { !isLoadingPickups && (!isOffline || bugs.contains(.refreshOfferedOffline)) }

    /// "Refresh" button on main, and the "Retry" button under the list error.
    public func refresh() async {
        guard route == .main else { return }
        await loadPickups()
    }

    // MARK: Connectivity

    func connectivityChanged(_ online: Bool) {
        let wasConnected = isConnected
        isConnected = online
        if !online {
            isOffline = true
            // Offline there is no Refresh to tap: an error on main says the list comes back by itself.
            if route == .main, pickupsError != nil, !bugs.contains(.refreshOfferedOffline) { pickupsError = Self.offlineListMessage }
        } else if !bugs.contains(.bannerStuckAfterReconnect) {
            isOffline = false
        }
        // "You're offline" under the Apple button follows the connection too.
        if online, !bugs.contains(.offlineSignInErrorStays), signInError == Self.offlineMessage { signInError = nil }
        guard online, !wasConnected, route == .main, !bugs.contains(.noReloadOnReconnect) else { return }
        reconnectTask = Task { await self.syncAfterReconnect() }
    }

    /// The connection came back while on main: run a refresh deferred while offline, reload the list.
    private func syncAfterReconnect() async {
        guard route == .main else { return }
        let backgroundRefresh = startBackgroundRefreshIfNeeded()
        await loadPickups()
        await backgroundRefresh?.value
    }

    // MARK: Session refresh

    /// Refreshes a session restored from the Keychain. When offline it waits for the connection.
    private func startBackgroundRefreshIfNeeded() -> Task<Void, Never>? {
        guard auth.needsRefresh else { return nil }
        guard isConnected || bugs.contains(.refreshFailureSignsOutOffline) else { return nil }
        return Task {
            if case .sessionGone = await self.auth.refreshTokenIfNeeded() {
                self.sessionWasRevoked()
            }
        }
    }

    // MARK: Pickups

    private func showCachedListIfAvailable() {
        guard pickups == nil, let userID,
              let data = defaults.data(forKey: Self.cachedPickupsKey),
              let cached = try? JSONDecoder().decode(PickupList.self, from: data),
              cached.userID == userID else { return }
        pickups = cached
    }

    func loadPickups() async {
        guard let session = auth.session else { return }
        // One load at a time: a reload asked while one runs (the connection back during a
        // Refresh) gets that one's answer.
        guard !isLoadingPickups || bugs.contains(.concurrentListLoads) else { return }
        loadGeneration += 1
        let generation = loadGeneration
        isLoadingPickups = true
        pickupsError = nil
        do {
            let task = Task { try await self.fetchPickups(with: session) }
            loadTask = task
            let list = try await task.value
            guard isCurrentLoad(generation, for: session) else { return }
            pickups = list
            if let data = try? JSONEncoder().encode(list) {
                defaults.set(data, forKey: Self.cachedPickupsKey)
            }
            isLoadingPickups = false
        } catch LoadFailure.sessionGone {
            sessionWasRevoked()
        } catch {
            guard isCurrentLoad(generation, for: session) else { return }
            isLoadingPickups = false
            // Offline there is no Refresh to tap: say the list comes back by itself.
            pickupsError = (error as? APIError) == .offline || (isOffline && !bugs.contains(.refreshOfferedOffline)) ? Self.offlineListMessage
                : Self.message(for: error, fallback: "Couldn't load your pickups.")
            if bugs.contains(.failedLoadClearsList) { pickups = nil }
        }
    }

    private func isCurrentLoad(_ generation: Int, for session: Session) -> Bool {
        if bugs.contains(.staleListAfterUserSwitch) { return true }
        return generation == loadGeneration && auth.session?.userID == session.userID
    }

    /// `GET /v1/pickups`; on a 401 refresh the session and retry once.
    private func fetchPickups(with session: Session) async throws -> PickupList {
        do {
            return try await api.pickups(accessToken: session.accessToken)
        } catch APIError.unauthorized {
            switch await auth.refreshAfterUnauthorized(usedAccessToken: session.accessToken) {
            case .refreshed(let fresh):
                if bugs.contains(.noRetryAfterTokenRefresh) { throw APIError.unauthorized }
                do {
                    return try await api.pickups(accessToken: fresh.accessToken)
                } catch APIError.unauthorized where !bugs.contains(.secondRefusalShowsAnError) {
                    // The fresh token refused too: expired again, or the account went meanwhile.
                    // Ask once more; a refused refresh is the session's end.
                    switch await auth.refreshAfterUnauthorized(usedAccessToken: fresh.accessToken) {
                    case .refreshed(let again): return try await api.pickups(accessToken: again.accessToken)
                    case .sessionGone: throw LoadFailure.sessionGone
                    case .failed(let error): throw error
                    case .superseded: throw LoadFailure.superseded
                    }
                }
            case .sessionGone:
                throw LoadFailure.sessionGone
            case .failed(let error):
                throw error
            case .superseded:
                throw LoadFailure.superseded
            }
        }
    }
}
