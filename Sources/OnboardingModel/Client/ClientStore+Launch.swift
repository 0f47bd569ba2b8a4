import AppVocabulary

/// Launch routing (seed 003), the app lifecycle, and the legacy launch of 000 Pitfall 1.
extension ClientStore {
    enum CacheRead { case hit(OnboardingCache), miss }

    /// Decides the first route. A cache hit routes synchronously: the first frame is the
    /// final route. No cache but a session: one loading screen while the backend is asked.
    func launch() {
        simulation.record(ModelEvent.appConfiguration(termsURL: config.termsURL, privacyURL: config.privacyURL))
        startMonitoringConnectivity()
        listenForRefusedSessions()
        if mutants.contains(.pit1) {
            legacyLaunch()
            return
        }
        guard let session = disk.storage.session else {
            if case .hit(let cache) = readCache(for: nil), cache.phase.isMidOnboarding,
               cache.phase < .authVerification || (cache.phase == .authVerification && !mutants.contains(.decResumeStep)) {
                // 003: "Force-quit mid-onboarding: Resume from where they left off (cached step)":
                // a log-in resumes as a log-in, so its next code asks with shouldCreateUser false
                // (found by exploration: a strict backend answered 422 to the resumed sign-in).
                // dec-resume-login: the kind of sign-in is forgotten and the resume signs up.
                isReturningLogin = mutants.contains(.decResumeLogin) ? false : cache.returningLogin
                pendingEmail = cache.pendingEmail
                // The code screen cannot come back (its code answered the killed app's request):
                // it resumes at the email step, the email kept. dec-resume-step: it went back to
                // the intro, and the intake with it (found by resumesAtCachedStep).
                show(phase: min(cache.phase, .auth), resumeGate: true)
            } else {
                show(phase: .intro, resumeGate: false)
            }
            syncQueue.onSharedExecutor { $0.startFlushing() }
            return
        }
        userID = session.userID
        simulation.record(ModelEvent.signedIn(user: session.userID))
        syncQueue.onSharedExecutor { $0.startFlushing() }
        switch readCache(for: session.userID) {
        case .hit(let cache) where cache.phase > .authVerification:
            pendingEmail = cache.pendingEmail
            // fix-13 fixed: "The resume gate is designed for cold launches", so it shows here.
            show(phase: cache.phase, resumeGate: cache.phase.isMidOnboarding)
            // 002 §4 fixed: "A user who made progress on another device or whose local state is
            // stale gets stuck"; the fix syncs a mid-onboarding relaunch too and advances "if local
            // state is earlier than backend". The cached step shows at once (003: no flash); the
            // backend is asked behind the gate, and Resume goes on from the further of the two.
            // From the permission prompt on, the user is past every step a journey names (an
            // active program leaves them there: see noRouteFlash). dec-progress-elsewhere: a
            // cache hit never asks, and the user redoes those steps.
            if resumeGate, cache.phase < .notificationPermission, !mutants.contains(.decProgressElsewhere) {
                catchingUp = run("catchUpWithBackend") { await $0.catchUpWithBackend() }
            }
        case .hit, .miss:
            // No cache, or one that stops before sign-in finished: a session means the user is
            // signed in, so a cached sign-in step cannot be resumed; the backend decides.
            route = .launch
            loadingScreen = "launch-screen"
            publish()
            run("syncWithBackend") { await $0.syncWithBackend() }
        }
    }

    /// 002 §4 fix: on an authenticated launch without local state, the backend journey decides.
    func syncWithBackend() async {
        // fix-4: "syncWithBackend() (line 53-55) just calls saveLocally()" — state stays `.initial`.
        if mutants.contains(.fix4) {
            finishLaunch(at: .intro)
            return
        }
        guard let user = userID else { return finishLaunch(at: .intro) }
        // dec-timeout: the launch check waits as long as the backend takes.
        let timeout: Duration? = mutants.contains(.decTimeout) ? nil : timeouts.launchCheck
        let session = disk.storage.session
        let result = FixPlanReply.of(await network.send(.typed(FixPlanRequest.journey(userID: user)), timeout: timeout))
        if handledAccountLoss(result, of: .journey(userID: user), sentWith: session) { return }
        switch result {
        case .success(.journey(let journey)):
            programStatus = journey.programStatus
            let resume = journey.resumePhase
            if resume == .processOverview { run("fetchGoalOptions") { await $0.fetchGoalOptions() } }
            finishLaunch(at: resume)
        case .failure(.cancelled):
            return
        default:
            // 003: "Timeout fallback: Show onboarding if backend check fails or times out".
            finishLaunch(at: .intro)
        }
    }

    /// Behind the resume gate of a cached relaunch: the journey, in case the user went on elsewhere.
    /// No answer changes nothing: the cached step is where the user left off here.
    func catchUpWithBackend() async {
        guard let user = userID else { return }
        let session = disk.storage.session
        let result = FixPlanReply.of(await network.send(.typed(FixPlanRequest.journey(userID: user)), timeout: timeouts.launchCheck))
        if handledAccountLoss(result, of: .journey(userID: user), sentWith: session) { return }
        guard case .success(.journey(let journey)) = result, resumeGate, userID == user, journey.resumePhase > phase else { return }
        journeyAhead = journey
    }

    private func finishLaunch(at target: OnboardingPhase) {
        loadingScreen = nil
        setPhase(target)
        nestedLoadingIfLegacy()
    }

    /// Shows `phase` as the launch's first route (a cache hit or a signed-out start).
    private func show(phase target: OnboardingPhase, resumeGate gate: Bool) {
        let target = pastAnsweredPermission(target)
        phase = target
        route = target == .complete ? .main : .onboarding(target)
        resumeGate = gate
        simulation.record(ModelEvent.phaseChanged(target.step))
        // Under the resume gate the screen has not appeared yet: it does when the user resumes.
        if !gate { screenDidAppear(target) }
        publish()
        if route.isOnboardingOrAuth { onboardingContainerAppeared() }
        nestedLoadingIfLegacy()
    }

    /// 000 Pitfall 2: each container shows its own loading view after the launch loading.
    private func nestedLoadingIfLegacy() {
        guard mutants.contains(.pit2) else { return }
        let name = route == .main ? "main-loading" : "onboarding-loading"
        loadingScreen = name
        publish()
        run(name) { store in
            try? await store.simulation.clock.sleep(for: .milliseconds(400), label: name)
            await store.endNestedLoading()
        }
    }

    private func endNestedLoading() {
        loadingScreen = nil
        publish()
    }

    // MARK: Cache.

    func readCache(for user: String?) -> CacheRead {
        switch disk.storage.cache[CacheKeying.key(user: user, mutants: mutants)] {
        case .valid(let cache)?:
            return .hit(cache)
        case .corrupted?:
            // dec-corrupt: the unreadable value is taken at face value, and reads as complete.
            if mutants.contains(.decCorrupt) { return .hit(OnboardingCache(phase: .complete)) }
            // 003: "Corrupted/unreadable cache: Treat as missing (same as fresh install)".
            return .miss
        case nil:
            return .miss
        }
    }

    func writeCache(_ update: (inout OnboardingCache) -> Void) {
        // dec-resume-anonymous: the cache is kept per user, and before sign-in there is none.
        if userID == nil && mutants.contains(.decResumeAnonymous) { return }
        let key = CacheKeying.key(user: userID, mutants: mutants)
        var cache: OnboardingCache
        if case .valid(let existing)? = disk.storage.cache[key] { cache = existing } else { cache = OnboardingCache(phase: phase) }
        update(&cache)
        disk.storage.cache[key] = .valid(cache)
    }

    // MARK: Lifecycle.

    func enterBackground() {
        foreground = false
        // 000 Pitfall 7: the root view's NotificationCenter observer goes with the view.
        completionObserverAttached = false
        publish()
    }

    func enterForeground() {
        foreground = true
        completionObserverAttached = true
        // fix-13 (mutant): the gate also appears when the app merely returns to the foreground.
        if mutants.contains(.fix13), let current = route.phase, current.isMidOnboarding {
            resumeGate = true
        }
        if route.isOnboardingOrAuth { onboardingContainerAppeared() }
        publish()
        if route == .main { refreshSessionOnMain(fromForeground: true) }
    }

    /// The process is being killed: nothing it does from now on reaches the screen.
    func terminate() {
        terminated = true
        otpTimer.onSharedExecutor { $0.processDied() }
        if let token = connectivityToken { network.onSharedExecutor(passing: token) { $0.stopObserving($1) } }
    }

    func signOut() {
        // 003: "On logout: Keep onboarding cache".
        endSession()
        // app-auth-wall: the root view is not told; the main app stays up without a session.
        if mutants.contains(.appAuthWall), route == .main { return publish() }
        // 004: "Auth wall: user must sign in before accessing any app content".
        setPhase(.intro)
    }

    func resume() {
        resumeGate = false
        catchingUp.take()?.cancel()
        if let journey = journeyAhead.take(), journey.resumePhase > phase {
            // Where the user got to on another device (002 §4: "If local state is earlier than
            // backend, advance"): program review or the main app, past the goals' screens.
            programStatus = journey.programStatus
            return setPhase(journey.resumePhase)
        }
        screenDidAppear(phase)
        publish()
    }

    func startOver() {
        resumeGate = false
        setPhase(.intro)
    }

    /// OnboardingContainerView's `.task`: fixed, it does nothing the coordinator has done.
    func onboardingContainerAppeared() {
        // pit-3: "`.task { await initializeOnboarding() }` … will re-run if the view is recreated".
        guard mutants.contains(.pit3) else { return }
        sendAnalytics("onboarding_started")
    }

    // MARK: 000 Pitfall 1, the legacy launch.

    /// Auth restore and the onboarding check in separate state, updated by separate tasks.
    private func legacyLaunch() {
        route = .launch
        loadingScreen = "loading-view"
        publish()
        // trendyApp.init: "session restore happens in a detached Task".
        run("restore session") { store in
            try? await store.simulation.clock.sleep(for: store.settings.sessionRestoreTime, label: "restore session")
            await store.legacySessionRestored()
        }
        // ContentView: "An async .task checks UserDefaults".
        run("check onboarding") { await $0.legacyCheckOnboarding() }
    }

    private func legacySessionRestored() {
        userID = disk.storage.session?.userID
        if let userID { simulation.record(ModelEvent.signedIn(user: userID)) }
        legacyIsAuthenticated = userID != nil
        legacyRoute()
    }

    private func legacyCheckOnboarding() {
        if case .hit(let cache) = readCache(for: disk.storage.session?.userID) {
            legacyOnboardingComplete = cache.isComplete
            phase = cache.isComplete ? .intro : cache.phase
        }
        legacyHasCheckedOnboarding = true
        legacyRoute()
    }

    /// 000 Pitfall 1's `ContentView.body`, verbatim in spirit.
    private func legacyRoute() {
        if !legacyHasCheckedOnboarding {
            route = .launch
        } else if legacyIsAuthenticated && legacyOnboardingComplete {
            loadingScreen = nil
            phase = .complete
            route = .main
        } else {
            loadingScreen = nil
            route = .onboarding(phase)  // "FLASH: May show briefly"
        }
        publish()
    }
}
