import Testing
import SimKernel
import AppVocabulary
@testable import PickupModel

/// Seed 004's flow, end to end on the kernel: "Onboarding (once) -> Sign In -> Main".
@Suite struct PickupJourneyTests {
    @Test func aNewUserPagesThroughOnboardingSignsInWithAppleAndReachesMain() {
        let run = PickupHarness.run(PickupHarness.newUser()) { await PickupHarness.onboardAndSignIn($0) }
        #expect(run.routes == [.page(1), .page(2), .page(3), .signIn, .mainTab])
        #expect(run.final.route == .mainTab && run.final.actions == [.signOut] && run.final.spinner == nil)
        #expect(run.storage.hasCompletedOnboarding && run.storage.session != nil && run.storage.cachedBookings == CachedBookings(user: "p1", count: 2))
        #expect(run.requests(to: .appleSignIn) == 1 && run.requests(to: .bookings) == 1)
        #expect(run.requests(to: .refreshSession) == 0, "a token fresh from a sign-in is not refreshed")
    }

    @Test func aReturningUserLaunchesStraightIntoMainAndRefreshesTheToken() {
        let run = PickupHarness.run(PickupHarness.signedIn())
        #expect(run.routes == [.mainTab])
        #expect(run.requests(to: .refreshSession) == 1)
    }

    @Test func theCompletionFlagSurvivesAKillAndSignOutButNotAReinstall() {
        let run = PickupHarness.run(PickupHarness.signedIn()) { world in
            await world.device.perform(.signOut)
            await world.device.perform(.confirmSignOut)
            await world.device.kill()
            await world.device.launch()
            await world.device.reinstall()
            await world.device.launch()
        }
        #expect(run.routes == [.mainTab, .signIn, nil, .signIn, nil, .page(1)])
    }

    @Test func theKeychainSurvivesAReinstallSoOnboardingLeadsStraightToMain() {
        let run = PickupHarness.run(PickupHarness.signedIn()) { world in
            await world.device.reinstall()
            await world.device.launch()
            await world.device.perform(.skip)
        }
        #expect(run.routes == [.mainTab, nil, .page(1), .mainTab])
        #expect(run.requests(to: .appleSignIn) == 0)
    }

    @Test func skipFinishesOnboardingForGood() {
        let fixed = PickupHarness.run(PickupHarness.newUser()) { world in
            await world.device.perform(.skip)
            await world.device.kill()
            await world.device.launch()
        }
        #expect(fixed.routes == [.page(1), .signIn, nil, .signIn])
        let mutant = PickupHarness.run(PickupHarness.newUser([.pickupSkipNoFlag])) { world in
            await world.device.perform(.skip)
            await world.device.kill()
            await world.device.launch()
        }
        #expect(mutant.routes == [.page(1), .signIn, nil, .page(1)])
    }

    @Test func signingOutAsksFirstAndLeavesOnboardingDone() {
        let script: @Sendable (PickupWorld) async -> Void = { world in
            await PickupHarness.pause(world, .seconds(5))
            await world.device.perform(.signOut)
        }
        let asked = PickupHarness.run(PickupHarness.signedIn(), script)
        #expect(asked.final.route == .mainTab && asked.final.alert != nil && asked.final.actions == [.cancelSignOut, .confirmSignOut])
        let confirmed = PickupHarness.run(PickupHarness.signedIn()) { world in
            await world.device.perform(.signOut)
            await world.device.perform(.confirmSignOut)
        }
        #expect(confirmed.final.route == .signIn && confirmed.final.alert == nil && confirmed.storage.session == nil)
        #expect(confirmed.storage.hasCompletedOnboarding)
        let unconfirmed = PickupHarness.run(PickupHarness.signedIn([.pickupUnconfirmedSignOut]), script)
        #expect(unconfirmed.final.route == .signIn)
        let again = PickupHarness.run(PickupHarness.signedIn([.pickupOnboardingAgain])) { world in
            await world.device.perform(.signOut)
            await world.device.perform(.confirmSignOut)
        }
        #expect(again.final.route == .page(1), "the mutant clears the device-wide flag at sign-out")
        let cancelled = PickupHarness.run(PickupHarness.signedIn()) { world in
            await world.device.perform(.signOut)
            await world.device.perform(.cancelSignOut)
        }
        #expect(cancelled.final.route == .mainTab && cancelled.final.alert == nil && cancelled.storage.session != nil)
    }

    @Test func aCancelledAppleSheetSaysNothingAndAFailedOneSaysSo() {
        var configuration = PickupHarness.newUser()
        configuration.hasCompletedOnboarding = true
        configuration.appleSheet = [.cancel, .fail]
        let run = PickupHarness.run(configuration) { world in
            await world.device.perform(.signInWithApple)
            await PickupHarness.pause(world, .seconds(5))
            #expect(await world.currentScreen().errorText == nil)
            await world.device.perform(.signInWithApple)
            await PickupHarness.pause(world, .seconds(5))
            #expect(await world.currentScreen().errorText == PickupApp.sheetFailedMessage)
            await world.device.perform(.signInWithApple)
        }
        #expect(run.final.route == .mainTab && run.requests(to: .appleSignIn) == 1)
    }

    @Test func closingTheAppleSheetEndsTheAttemptWithNoRequestAndNoError() {
        var configuration = PickupHarness.newUser()
        configuration.hasCompletedOnboarding = true
        let run = PickupHarness.run(configuration) { world in
            await world.device.perform(.signInWithApple)
            #expect(await world.currentScreen().actions == [.cancelAppleSheet])
            await PickupHarness.pause(world, .seconds(1))
            await world.device.perform(.cancelAppleSheet)
            await PickupHarness.pause(world, .seconds(5))
            let screen = await world.currentScreen()
            #expect(screen.route == .signIn && screen.errorText == nil && screen.spinner == nil)
            #expect(screen.actions == [.signInWithApple])
        }
        #expect(run.requests(to: .appleSignIn) == 0, "the closed sheet's attempt never reached the backend")
    }

    @Test func theSignInButtonIsDisabledWhileSigningIn() {
        let doubleTap: @Sendable (PickupWorld) async -> Void = { world in
            await world.device.perform(.signInWithApple)
            await world.device.perform(.signInWithApple)
        }
        var configuration = PickupHarness.newUser()
        configuration.hasCompletedOnboarding = true
        #expect(PickupHarness.run(configuration, doubleTap).requests(to: .appleSignIn) == 1)
        configuration.mutants = MutantSet([.pickupDoubleSignIn])
        #expect(PickupHarness.run(configuration, doubleTap).requests(to: .appleSignIn) == 2)
    }

    @Test func theOfflineBannerFollowsTheConnection() {
        let blip: @Sendable (PickupWorld) async -> Void = { world in
            await world.network.setOnline(false)
            #expect(await world.currentScreen().offlineBanner)
            await world.network.setOnline(true)
        }
        #expect(!PickupHarness.run(PickupHarness.signedIn(), blip).final.offlineBanner)
        #expect(PickupHarness.run(PickupHarness.signedIn([.pickupBannerSticks]), blip).final.offlineBanner)
    }

    @Test func anOfflineLaunchShowsCachedMainWithASessionAndTheWallWithout() {
        let cached = PickupHarness.run(PickupHarness.signedIn()) { world in
            await PickupHarness.pause(world, .seconds(5))
            await world.device.kill()
            await world.network.setOnline(false)
            await world.device.launch()
        }
        #expect(cached.final.route == .mainTab && cached.final.offlineBanner && cached.final.errorText == nil)
        #expect(cached.requests(to: .bookings) == 1 && cached.requests(to: .refreshSession) == 1,
                "offline, the second launch shows the cached list and asks nothing")
        let reconnected = PickupHarness.run(PickupHarness.signedIn()) { world in
            await PickupHarness.pause(world, .seconds(5))
            await world.device.kill()
            await world.network.setOnline(false)
            await world.device.launch()
            await world.network.setOnline(true)
        }
        #expect(reconnected.requests(to: .bookings) == 2 && reconnected.requests(to: .refreshSession) == 2,
                "back online, the list is reloaded and the token refreshed")
        let offlineNewcomer: @Sendable (PickupWorld) async -> Void = { world in
            await world.device.kill()
            await world.network.setOnline(false)
            await world.device.launch()
        }
        var signedOut = PickupHarness.newUser()
        signedOut.hasCompletedOnboarding = true
        #expect(PickupHarness.run(signedOut, offlineNewcomer).final.route == .signIn)
        signedOut.mutants = MutantSet([.pickupOfflineBypass])
        #expect(PickupHarness.run(signedOut, offlineNewcomer).final.route == .mainTab)
    }

    @Test func aRefusedTokenSendsTheUserToSignInWithAReason() {
        var configuration = PickupHarness.signedIn()
        configuration.faults.accountLosses = [AccountLoss(.sessionRevoked, at: .zero)]
        let fixed = PickupHarness.run(configuration)
        #expect(fixed.final.route == .signIn && fixed.final.errorText == PickupApp.sessionExpiredMessage)
        configuration.mutants = MutantSet([.pickupDeadToken])
        let mutant = PickupHarness.run(configuration)
        #expect(mutant.final.route == .mainTab && mutant.final.errorText == PickupApp.bookingsFailedMessage)
    }

    @Test func theRefreshAloneSignsOutARevokedSession() {
        // The bookings' answer is held back, so the refresh's 401 is the first the app hears.
        var configuration = PickupHarness.signedIn()
        configuration.faults.accountLosses = [AccountLoss(.sessionRevoked, at: .zero)]
        configuration.faults.rules = [FaultRule(endpoint: .bookings, kind: .delay(.seconds(20)))]
        let run = PickupHarness.run(configuration) { world in
            await PickupHarness.pause(world, .seconds(5))
            #expect(await world.currentScreen().errorText == PickupApp.sessionExpiredMessage)
        }
        #expect(run.final.route == .signIn && run.final.errorText == PickupApp.sessionExpiredMessage)
    }

    @Test func anAnswerForAnOldSessionIsNotShownInTheNewOne() {
        // The first session's bookings time out after the user signed out and in again as the
        // same Apple ID (an equal keychain entry): the new session's main shows no error.
        var configuration = PickupHarness.signedIn()
        configuration.faults.rules = [FaultRule(endpoint: .bookings, kind: .delay(.seconds(20)), trigger: .nth(1))]
        let run = PickupHarness.run(configuration) { world in
            await PickupHarness.pause(world, .seconds(2))
            await world.device.perform(.signOut)
            await world.device.perform(.confirmSignOut)
            await world.device.perform(.signInWithApple)
        }
        #expect(run.final.route == .mainTab && run.storage.session != nil && run.final.errorText == nil)
    }

    @Test func reduceMotionTakesTheAnimationsOffThePages() {
        #expect(PickupHarness.run(PickupHarness.newUser()).final.motionEffects == ["page-slide"])
        var still = PickupHarness.newUser()
        still.reduceMotion = true
        #expect(PickupHarness.run(still).final.motionEffects.isEmpty)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aSeedReplaysToTheSameTrace(seed: UInt64) {
        var configuration = PickupHarness.newUser()
        configuration.faults.rules = [FaultRule(endpoint: nil, kind: .drop, trigger: FaultRule.Trigger(probability: Probability(0.3)))]
        let script: @Sendable (PickupWorld) async -> Void = { await PickupHarness.onboardAndSignIn($0) }
        let first = PickupHarness.run(configuration, seed: seed, script)
        #expect(first.result.trace.hashHex == PickupHarness.run(configuration, seed: seed, script).result.trace.hashHex)
    }
}
