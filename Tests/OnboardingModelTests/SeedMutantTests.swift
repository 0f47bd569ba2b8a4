import Testing
import SimKernel
@testable import AppVocabulary
@testable import OnboardingModel

/// The pitfalls (seed 000) and state-architecture decisions (seed 003) as mutants: with the
/// switch on, the seed's symptom; with it off, the decided behaviour.
@Suite struct SeedMutantTests {
    static let back = Harness.returningEmail

    /// A returning user whose session is in the keychain, with the given cache.
    static func signedIn(_ journey: Journey, cache: OnboardingCache?? = nil) -> WorldConfiguration {
        var configuration = Harness.returning(journey)
        configuration.sessionEmail = back
        if let cache { configuration.cache = [.init(email: back, cache: cache)] }
        return configuration
    }

    @Test func pit1ReturningUserSeesOnboardingFlashBeforeMainWithSeparateAuthState() {
        let runs = fixedAndMutant(.pit1, Self.signedIn(.complete, cache: OnboardingCache(phase: .complete))) { world in
            await world.wait(.seconds(2))
        }
        #expect(runs.fixed.routes == [.main])
        #expect(runs.mutant.routes == [.launch, .onboarding(.intro), .main])
    }

    @Test func pit2NestedLoadingScreensFollowTheLaunchLoadingScreen() {
        let runs = fixedAndMutant(.pit2, Self.signedIn(.complete)) { world in await world.wait(.seconds(5)) }
        func loadingScreens(_ run: ModelRun) -> [String] {
            var names: [String] = []
            for screen in run.screens {
                if let name = screen.loadingScreen, names.last != name { names.append(name) }
            }
            return names
        }
        #expect(loadingScreens(runs.fixed) == ["launch-screen"])
        #expect(loadingScreens(runs.mutant) == ["launch-screen", "main-loading"])
        #expect(runs.mutant.final.route == .main)
    }

    @Test func pit3OnboardingStartedIsSentAgainWhenTheViewIsRecreated() {
        let runs = fixedAndMutant(.pit3, WorldConfiguration()) { world in
            await world.tap(.getStarted, after: .seconds(2))
            await world.tap(.next)
            await world.device.background()
            await world.wait(.seconds(10))
            await world.device.foreground()
            await world.wait(.seconds(1))
            await world.device.kill()
            await world.device.launch()
            await world.wait(.seconds(2))
        }
        #expect(runs.fixed.analytics("onboarding_started") == ["anonymous-1"])
        #expect(runs.mutant.analytics("onboarding_started").count >= 2)
    }

    @Test func pit6AStepCompletedOfflineReachesTheBackendWhenTheConnectionReturns() {
        let runs = fixedAndMutant(.pit6, WorldConfiguration()) { world in
            await world.walk(to: .processOverview)
            await world.wait(.seconds(3))
            await world.network.setOnline(false)
            await world.tap(.next, after: .seconds(20))
            await world.network.setOnline(true)
            await world.wait(.seconds(60))
        }
        #expect(runs.fixed.backendProgress == .goalReview)
        #expect(runs.fixed.storage.syncQueue.isEmpty)
        #expect(runs.mutant.backendProgress == .processOverview)
        #expect(runs.mutant.events.filter { $0 == .syncAbandoned(user: "u1", phase: OnboardingPhase.goalReview.step) }.count == 1)
    }

    @Test func pit7CompletionPostedWhileTheObserverIsDetachedLeavesTheUserOnSuccess() {
        let runs = fixedAndMutant(.pit7, WorldConfiguration()) { world in
            await world.walk(to: .success)
            await world.wait(.seconds(2))
            await world.device.perform(.start)
            await world.wait(.milliseconds(5))
            await world.device.background()
            await world.wait(.seconds(5))
            await world.device.foreground()
            await world.wait(.seconds(40))
        }
        #expect(runs.fixed.final.route == .main)
        #expect(runs.mutant.final.route == .onboarding(.success))
        #expect(runs.mutant.final.spinner == nil)
        #expect(runs.mutant.final.errorText == nil)
    }

    @Test func decCacheUserSecondUserOnADeviceSeesOnboardingNotTheFirstUsersStatus() {
        var configuration = Harness.returning(Journey(intakeComplete: true))
        configuration.backend.accounts.insert(.init(email: "first@example.com", journey: .complete), at: 0)
        configuration.sessionEmail = Self.back
        configuration.cache = [.init(email: "first@example.com", cache: OnboardingCache(phase: .complete))]
        let runs = fixedAndMutant(.decCacheUser, configuration) { world in await world.wait(.seconds(5)) }
        #expect(runs.fixed.routes == [.launch, .onboarding(.processOverview)])
        #expect(runs.mutant.routes == [.main])
    }

    @Test func decCorruptCorruptedCacheBehavesAsMissing() {
        let configuration = Self.signedIn(Journey(intakeComplete: true), cache: .some(nil))
        let runs = fixedAndMutant(.decCorrupt, configuration) { world in await world.wait(.seconds(5)) }
        #expect(runs.fixed.routes == [.launch, .onboarding(.processOverview)])
        #expect(runs.mutant.routes == [.main])
    }

    @Test func decTimeoutLaunchCheckFallsBackToOnboardingWhenTheBackendNeverAnswers() {
        var configuration = Self.signedIn(Journey(intakeComplete: true))
        configuration.faults.rules = [FaultRule(endpoint: .journey, kind: .drop, trigger: .nth(1))]
        let runs = fixedAndMutant(.decTimeout, configuration) { world in await world.wait(.seconds(60)) }
        #expect(runs.fixed.routes == [.launch, .onboarding(.intro)])
        let fallback = runs.fixed.result.trace.entries.first {
            if case .screen(let state)? = $0.record as? ModelEvent { return state.route == .onboarding(.intro) }
            return false
        }
        #expect(fallback?.time.milliseconds == 3_000)
        #expect(runs.mutant.final.route == .launch)
        #expect(runs.mutant.final.loadingScreen == "launch-screen")
    }

    /// A log-in whose first code request reached a strict backend but lost its answer, then a
    /// kill: the resumed sign-in must still ask as a log-in (003 force-quit resume; 002 §9).
    @Test func decResumeLoginAResumedLogInAsksForItsCodeAsALogIn() {
        var configuration = Harness.returning(strict: true)
        configuration.faults.rules = [FaultRule(endpoint: .sendOTP, kind: .timeout, trigger: .nth(1))]
        let runs = fixedAndMutant(.decResumeLogin, configuration) { world in
            await world.tap(.logIn)
            await world.tap(.typeEmail, Self.back)
            await world.tap(.sendCode)
            await world.wait(.seconds(12))
            await world.device.kill()
            await world.device.launch()
            await world.tap(.resume)
            await world.tap(.typeEmail, Self.back)
            await world.tap(.sendCode)
            await world.wait(.seconds(3))
        }
        #expect(runs.fixed.storage.cache["anonymous"].map { if case .valid(let cache) = $0 { cache.returningLogin } else { false } } == true)
        #expect(runs.fixed.final.route == .onboarding(.authVerification))
        #expect(runs.mutant.final.route == .onboarding(.auth))
        #expect(runs.mutant.final.errorText == "Couldn't send the code. Please try again.")
    }

    /// Two taps on Send code and two on Activate in one instant each (000 Pitfall 10).
    @Test func pit10TwoTapsInOneInstantSendTwoRequestsWithoutTheBusyGuard() {
        func sent(_ run: ModelRun, _ endpoint: Endpoint) -> Int {
            run.events.filter { if case .requestSent(_, _, endpoint) = $0 { true } else { false } }.count
        }
        let runs = fixedAndMutant(.pit10, Harness.returning()) { world in
            await world.tap(.logIn)
            await world.tap(.typeEmail, Self.back)
            await world.device.perform(.sendCode)
            await world.tap(.sendCode, after: .seconds(2))
        }
        #expect(sent(runs.fixed, .sendOTP) == 1)
        #expect(runs.fixed.final.route == .onboarding(.authVerification))
        #expect(sent(runs.mutant, .sendOTP) == 2)
    }
}

/// What survives kill, reinstall and sign-out (seed 003), and sync after offline steps.
@Suite struct DeviceStorageTests {
    @Test func killKeepsTheCacheAndTheAppResumesAtTheCachedStep() {
        let run = Harness.run(WorldConfiguration()) { world in
            await world.walk(to: .goalReview)
            await world.device.kill()
            await world.wait(.seconds(5))
            await world.device.launch()
            await world.wait(.seconds(1))
        }
        #expect(run.final.route == .onboarding(.goalReview))
        #expect(run.final.resumeGate)
        #expect(run.screens.last { $0.route == .onboarding(.goalReview) } != nil)
    }

    @Test func reinstallWipesCacheAndQueueButKeepsTheSession() {
        let run = Harness.run(WorldConfiguration()) { world in
            await world.walk(to: .goalReview)
            await world.device.reinstall()
            await world.device.launch()
            await world.wait(.seconds(5))
        }
        #expect(run.storage.session?.email == Harness.newEmail)
        #expect(run.storage.install == 2)
        // No cache after reinstall: the backend journey decides (intake done, goals pending).
        #expect(run.routes.suffix(2) == [.launch, .onboarding(.processOverview)])
    }

    @Test func signOutKeepsTheCacheAndClearsTheSession() {
        let run = Harness.run(WorldConfiguration()) { world in
            await world.walk(to: .goalReview)
            await world.device.signOut()
            await world.wait(.seconds(1))
        }
        #expect(run.storage.session == nil)
        #expect(run.storage.cache["u1"] != nil)
        #expect(run.final.route == .onboarding(.intro))
    }

    @Test func cacheIsKeyedByUser() {
        let run = Harness.run(WorldConfiguration()) { world in await world.walk(to: .goalReview) }
        #expect(run.storage.sortedCacheKeys == ["anonymous", "u1"])
        #expect(run.storage.cache["u1"] == .valid(OnboardingCache(phase: .goalReview, pendingEmail: Harness.newEmail,
                                                                   startedSent: true)))
    }

    @Test func leavingTheVerificationScreenStopsItsTimer() {
        let run = Harness.run(WorldConfiguration()) { world in
            await world.walk(to: .authVerification)
            await world.wait(.seconds(3))
            await world.tap(.useDifferentEmail, after: .seconds(10))
        }
        #expect(run.events.contains(.timerStopped(id: 1)))
        #expect(run.timerTicks.allSatisfy { $0.at < 12_000 })
        #expect(run.result.pending.timers.isEmpty)
    }

    @Test func anOfflineLaunchShowsTheCachedMainAppWithAnOfflineBanner() {
        // Seed 004: "Offline launch shows cached main view with offline banner".
        var configuration = Harness.returning(.complete)
        configuration.sessionEmail = Harness.returningEmail
        configuration.cache = [.init(email: Harness.returningEmail, cache: OnboardingCache(phase: .complete))]
        let run = Harness.run(configuration) { world in
            await world.network.setOnline(false)
            await world.device.kill()
            await world.device.launch()
            await world.wait(.seconds(2))
            await world.network.setOnline(true)
            await world.wait(.seconds(1))
        }
        let mains = run.screens.filter { $0.route == .main }
        #expect(mains.contains { $0.offlineBanner })
        #expect(run.final.route == .main)
        #expect(!run.final.offlineBanner)
    }

    @Test func aDroppedRequestSurfacesAsATimeoutNotAHang() {
        let configuration = WorldConfiguration(faults: FaultPlan(rules: [
            FaultRule(endpoint: .sendOTP, kind: .drop, trigger: .nth(1))]))
        let run = Harness.run(configuration) { world in
            await world.walk(to: .auth)
            await world.tap(.typeEmail, Harness.newEmail)
            await world.tap(.sendCode, after: .seconds(12))
        }
        #expect(run.events.contains { if case .responseReceived(_, .sendOTP, "timeout") = $0 { true } else { false } })
        #expect(run.final.errorText == "Couldn't send the code. Please try again.")
        #expect(run.final.actions.contains(.sendCode))
    }
}
