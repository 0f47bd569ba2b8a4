import SimKernel
import AppVocabulary

/// The auth manager's part: Apple sign-in, sign-out, token refresh, and main's content.
extension PickupApp {
    static let sheetFailedMessage = "Sign in with Apple failed. Please try again."
    static let signInFailedMessage = "Couldn't sign in. Check your connection and try again."
    static let sessionExpiredMessage = "Your session has expired. Please sign in again."
    static let offlineBookingsMessage = "You're offline. Your pickups will load when you're back online."
    static let bookingsFailedMessage = "Couldn't load your pickups."

    /// The Apple sheet, then the backend: `handleAppleSignInRequest` and `…Completion`.
    func startSignIn() {
        signingIn = true
        sheetUp = true
        sheetAttempt += 1
        signInError = nil
        publish()
        let sheetTime = world.configuration.appleSheetTime, attempt = sheetAttempt
        process.spawn("sign in with apple") { [self] in
            do { try await simulation.clock.sleep(for: sheetTime, label: "the Apple sheet") } catch { return }
            await signInAfterSheet(attempt: attempt)
        }
    }

    /// The user closes the Apple sheet (`ASAuthorizationError.canceled`): their choice, so no error.
    func closeAppleSheet() {
        sheetUp = false
        sheetClosedAt = sheetAttempt
        signingIn = false
        publish()
    }

    private func signInAfterSheet(attempt: Int) async {
        // Killed, closed, or signed in by a tap of the same instant while the sheet was up: nothing more.
        guard process.isAlive, !Task.isCancelled, disk.storage.session == nil, attempt > sheetClosedAt else { return }
        switch world.nextSheetOutcome() {
        case .cancel:
            // The scenario's user closes the sheet when its time is up: their tap, as any other.
            _ = perform(.cancelAppleSheet, input: nil)
        case .fail:
            simulation.record(ModelEvent.note("apple sheet failed"))
            sheetUp = false
            signingIn = false
            signInError = Self.sheetFailedMessage
            publish()
        case .approve:
            sheetUp = false
            publish()
            let appleID = world.configuration.appleID
            let result = await network.send(.appleSignIn(appleUser: appleID), timeout: world.configuration.requestTimeout)
            guard process.isAlive, !Task.isCancelled else { return }
            signingIn = false
            guard case .success(.session(let user, _)) = result else {
                // Seed 004: "Error display: Inline below button" (pickup-silent-sign-in-error: none).
                if !mutants.contains(.pickupSilentSignInError) { signInError = Self.signInFailedMessage }
                return publish()
            }
            disk.storage.session = PickupSession(user: user, appleID: appleID)
            sessionGeneration += 1
            simulation.record(ModelEvent.signedIn(user: user))
            publish()
            if route == .main { mainAppeared(afterSignIn: true) }
        }
    }

    /// `authManager.logout()`: clears the keychain and routes back to sign-in.
    func signOut() {
        disk.storage.session = nil
        sessionGeneration += 1
        // The session's loads die with it: the next sign-in's are its own, not a second of theirs.
        if !mutants.contains(.pickupStaleLoad) { for task in sessionTasks { task.cancel() } }
        sessionTasks.removeAll()
        confirmingSignOut = false
        signingIn = false
        sheetUp = false
        sheetClosedAt = sheetAttempt
        refreshPending = false
        showingCachedBookings = false
        if mutants.contains(.pickupOnboardingAgain) {
            disk.storage.hasCompletedOnboarding = false
            simulation.record(ModelEvent.appStorage(key: "hasCompletedOnboarding", value: false))
            page = 1
        }
        simulation.record(ModelEvent.signedOut)
        // pickup-sign-out-keeps-list: the last user's pickups stay for the next one.
        if !mutants.contains(.pickupSignOutKeepsList) { bookings = nil }
        bookingsError = nil
        bookingsLoading = false
        mainShown = false
        publish()
    }

    /// MainTabView's `.onAppear`: the token refresh and the tab's content. After a launch the
    /// keychain's token may be old, so it is refreshed (the seed's "if needed"; the seed is silent
    /// on token lifetimes); a token fresh from a sign-in is not.
    func mainAppeared(afterSignIn: Bool) {
        guard !mainShown, let session = disk.storage.session else { return }
        mainShown = true
        if !afterSignIn {
            if isOffline {
                refreshPending = true
            } else {
                let generation = sessionGeneration
                keep(process.spawn("refresh token") { [self] in await refreshToken(session, generation: generation) })
            }
        }
        loadBookings()
    }

    func refreshToken(_ session: PickupSession, generation: Int) async {
        let result = await network.send(.refreshSession(userID: session.user), timeout: world.configuration.requestTimeout)
        guard process.isAlive, !Task.isCancelled, generation == sessionGeneration else { return }
        if case .failure(.status(401, _)) = result { sessionRefused() }
        // Sent in the instant the path went, before the monitor said so: made once the connection
        // is back, as at an offline launch (pickup-refresh-lost-offline: never made).
        if case .failure(.offline) = result, !mutants.contains(.pickupRefreshLostOffline) { refreshPending = true }
        // Other failures keep the session: a network problem is not a sign-out.
    }

    func loadBookings() {
        guard let session = disk.storage.session else { return }
        guard !isOffline else {
            // The phone's copy, if it is this user's (pickup-shared-cache: whoever's it is).
            let cached = disk.storage.cachedBookings
            bookings = cached?.user == session.user || mutants.contains(.pickupSharedCache) ? cached : nil
            showingCachedBookings = bookings != nil
            bookingsError = bookings == nil ? Self.offlineBookingsMessage : nil
            return publish()
        }
        showingCachedBookings = false
        bookingsLoading = true
        bookingsError = nil
        publish()
        let generation = sessionGeneration
        keep(process.spawn("load bookings") { [self] in await fetchBookings(for: session, generation: generation) })
    }

    /// Keeps `task` as one of the session's, to cancel at sign-out.
    func keep(_ task: SimulationTask?) {
        sessionTasks.removeAll { $0.isFinished }
        if let task { sessionTasks.append(task) }
    }

    private func fetchBookings(for session: PickupSession, generation: Int) async {
        let result = await network.send(.bookings(userID: session.user), timeout: world.configuration.requestTimeout)
        guard process.isAlive, !Task.isCancelled, generation == sessionGeneration else { return }
        bookingsLoading = false
        switch result {
        case .success(.typed(let rows as PickupBookings)):
            // The rows are their owner's: the list on screen is whose the rows are.
            bookings = CachedBookings(user: rows.owner, count: rows.count)
            disk.storage.cachedBookings = bookings
        case .failure(.status(401, _)) where !mutants.contains(.pickupDeadToken):
            return sessionRefused()
        default:
            bookingsError = Self.bookingsFailedMessage
        }
        publish()
    }

    /// The backend refused the session (401): sign out, and say why on the sign-in screen.
    /// Under `pickup-dead-token` the refusal is ignored and main stays up with nothing loading.
    func sessionRefused() {
        guard !mutants.contains(.pickupDeadToken), disk.storage.session != nil else { return }
        signOut()
        signInError = Self.sessionExpiredMessage
        publish()
    }
}
