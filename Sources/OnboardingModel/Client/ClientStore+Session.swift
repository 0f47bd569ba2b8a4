import AppVocabulary

/// The session while signed in: the main app's token refresh (seed 004) and account loss (seed 003).
extension ClientStore {
    static let accountLostMessage = "You've been signed out. Please sign in again."

    /// Seed 004: "Token refresh triggered on MainTabView appear: `refreshTokenIfNeeded()`" (and
    /// when the app returns to the foreground on it). Needed unless this launch signed in (its
    /// token is fresh) and the app has not been in the background since. A refresh the backend
    /// refuses with 401 is an account loss (`call`); any other failure keeps the session:
    /// offline, the cached main app stays usable.
    func refreshSessionOnMain(fromForeground: Bool = false) {
        // Offline there is nobody to ask: the next foreground on main asks again.
        guard let user = userID, !refreshingSession, !isOffline, fromForeground || !signedInThisLaunch else { return }
        refreshingSession = true
        run("refresh session") { store in
            _ = await store.call(.refreshSession(userID: user))
            await store.sessionRefreshEnded()
        }
    }

    private func sessionRefreshEnded() { refreshingSession = false }

    /// True if `result` is the backend refusing the signed-in account's session, now handled.
    /// A 401 for a request made with an earlier session (the user signed in again meanwhile)
    /// says nothing about the current one.
    func handledAccountLoss(_ result: Result<FixPlanReply, RequestError>, of request: FixPlanRequest,
                            sentWith session: Session?) -> Bool {
        guard case .failure(.status(401, _)) = result, let user = request.sessionUser, user == userID, !terminated,
              session == disk.storage.session else { return false }
        // dec-account-loss: the 401 is one more failed request; session, cache and route stay.
        guard !mutants.contains(.decAccountLoss) else { return false }
        accountLost(user)
        return true
    }

    /// Signs out: the keychain session goes, the session's work is cancelled, and nothing of the
    /// signed-in user stays in the store (the onboarding cache stays on disk: 003 "On logout").
    func endSession() {
        cancelScreenWork()
        disk.storage.session = nil
        simulation.record(ModelEvent.signedOut)
        userID = nil
        isReturningLogin = false
        signedUpNewAccount = false
        pendingEmail = nil
        programStatus = nil
        programError = nil
        goalOptions = []
        goalError = nil
        goalsLoading = false
        selectedOption = nil
        contractID = nil
        busy = nil
        loadingScreen = nil
        resumeGate = false
    }

    /// Hears from the sync queue when the backend refuses a session. Weak: the queue lives as long
    /// as the store, and a strong capture would keep every run's world alive.
    func listenForRefusedSessions() {
        syncQueue.onSharedExecutor { queue in
            queue.onSessionRefused = { [weak self] user in self?.assumeIsolated { $0.sessionRefusedBySyncQueue(user) } }
        }
    }

    /// The sync queue's push for `user`, made with the current session, met a 401: the same
    /// account loss, if it is the signed-in user.
    func sessionRefusedBySyncQueue(_ user: String) {
        guard user == userID, !terminated, !mutants.contains(.decAccountLoss) else { return }
        accountLost(user)
    }

    /// 003: "Account loss (deletion/password reset): Clear local onboarding cache". The seeds do
    /// not say what the user sees: a careful team signs them out to the intro and says why.
    private func accountLost(_ user: String) {
        endSession()
        disk.storage.cache[CacheKeying.key(user: user, mutants: mutants)] = nil
        setPhase(.intro)
        errorMessage = Self.accountLostMessage
        publish()
    }
}
