import Testing
import SimKernel
@testable import AppVocabulary
@testable import OnboardingModel

/// Each fix-plan bug (seed 002 §1–14): with its switch on the model shows the seed's symptom;
/// with it off, the fixed behaviour.
@Suite struct FixPlanMutantTests {
    static let email = Harness.newEmail
    static let back = Harness.returningEmail

    @Test func fix1FailedJourneyFetchAfterOTPLandsOnEmptyMainInsteadOfShowingRetry() {
        let configuration = Harness.returning(Journey(intakeComplete: true),
            faults: FaultPlan(rules: [FaultRule(endpoint: .journey, kind: .error(status: 503), trigger: .nth(1))]))
        let runs = fixedAndMutant(.fix1, configuration) { world in
            await world.walk(to: .authVerification, email: Self.back, returning: true)
            await world.enterCode(email: Self.back, after: .seconds(5))
        }
        #expect(runs.fixed.final.route == .onboarding(.authVerification))
        #expect(runs.fixed.final.errorText == "Couldn't connect. Please check your connection and try again.")
        #expect(runs.fixed.final.actions == [.retry])
        #expect(runs.mutant.final.route == .main)
        #expect(runs.mutant.final.errorText == nil)
        #expect(runs.mutant.finalJourney?.programStatus != .active)
    }

    @Test func fix2OneGoalGenerationFailureIsRetriedQuietlyAndTwoShowAnErrorWithRetry() {
        // 002 §2: "Backend is slow or returns 500 during goal generation. User taps through
        // ProcessOverview, arrives at GoalReview": the first call is slow and then fails, so the
        // view's own re-fetch is skipped (a load is still in flight).
        func configuration(failures: Int) -> WorldConfiguration {
            WorldConfiguration(faults: FaultPlan(rules: [
                FaultRule(endpoint: .generateGoals, kind: .delay(.seconds(8)), trigger: .nth(1)),
                FaultRule(endpoint: .generateGoals, kind: .error(status: 500), trigger: .first(failures))]))
        }
        let script: @Sendable (OnboardingWorld) async -> Void = { world in
            await world.walk(to: .goalReview)
            await world.wait(.seconds(15))
        }
        let once = fixedAndMutant(.fix2, configuration(failures: 1), script)
        #expect(once.fixed.errorsShown.isEmpty)
        #expect(once.fixed.final.actions == [.selectGoal])
        #expect(once.mutant.final.errorText == "Couldn't load goal options")
        #expect(once.mutant.final.actions == [.retry])
        let twice = Harness.run(configuration(failures: 2), script)
        #expect(twice.final.errorText == "Couldn't load goal options")
        #expect(twice.final.actions == [.retry])
    }

    @Test func fix3FailedApproveStopsTheButtonWithNoMessage() {
        let configuration = WorldConfiguration(faults: FaultPlan(rules: [
            FaultRule(endpoint: .approveProgram, kind: .error(status: 500), trigger: .nth(1))]))
        let runs = fixedAndMutant(.fix3, configuration) { world in
            await world.walk(to: .programReview)
            await world.tap(.activate, after: .seconds(5))
        }
        #expect(runs.fixed.final.route == .onboarding(.programReview))
        #expect(runs.fixed.final.errorText == ClientStore.activationError)
        #expect(runs.fixed.final.actions == [.activate])
        #expect(runs.mutant.final.route == .onboarding(.programReview))
        #expect(runs.mutant.final.errorText == nil)
        #expect(runs.mutant.final.spinner == nil)
    }

    @Test func fix3AndFix10TogetherReachSuccessWithoutAnActiveProgram() {
        var configuration = WorldConfiguration(faults: FaultPlan(rules: [
            FaultRule(endpoint: .approveProgram, kind: .error(status: 500), trigger: .nth(1))]))
        configuration.mutants = MutantSet([.fix3, .fix10])
        let run = Harness.run(configuration) { world in
            await world.walk(to: .programReview)
            await world.tap(.activate, after: .seconds(3))
            await world.tap(.enableNotifications, after: .seconds(3))
        }
        #expect(run.final.route == .onboarding(.success))
        #expect(run.final.workoutCard == "Ready when you are!")
        #expect(run.finalJourney?.programStatus != .active)
    }

    @Test func fix4ReinstallWithALiveSessionRoutesByTheBackendJourney() {
        var configuration = Harness.returning(Journey(intakeComplete: true, goalsComplete: true, programStatus: .draft))
        configuration.sessionEmail = Self.back
        let runs = fixedAndMutant(.fix4, configuration) { world in await world.wait(.seconds(5)) }
        #expect(runs.fixed.screens.first?.loadingScreen == "launch-screen")
        #expect(runs.fixed.final.route == .onboarding(.programReview))
        #expect(runs.mutant.final.route == .onboarding(.intro))
    }

    @Test func fix5OldResendTimerKeepsCountingAfterUseADifferentEmail() {
        let runs = fixedAndMutant(.fix5, WorldConfiguration()) { world in
            await world.walk(to: .authVerification)
            await world.wait(.seconds(5))
            await world.tap(.useDifferentEmail, after: .seconds(2))
            await world.tap(.sendCode, after: .seconds(6))
        }
        // The first verification screen goes away at `left`; the second shows for the last 6 s.
        func leftAt(_ run: ModelRun) -> Int64 {
            run.result.trace.entries.first {
                ($0.record as? ModelEvent) == .screenDisappeared("otp-verification#1")
            }!.time.milliseconds
        }
        func ticks(_ run: ModelRun, lastMs: Int64) -> Int {
            run.timerTicks.filter { $0.at > run.result.virtualTime.milliseconds - lastMs }.count
        }
        // Fixed: timer 1 stops with its screen; the countdown falls one per second.
        #expect(!runs.fixed.timerTicks.contains { $0.id == 1 && $0.at > leftAt(runs.fixed) })
        #expect(ticks(runs.fixed, lastMs: 5_000) <= 5)
        // Mutant: timer 1 outlives its screen, and with timer 2 the countdown falls two per second.
        #expect(runs.mutant.timerTicks.contains { $0.id == 1 && $0.at > leftAt(runs.mutant) })
        #expect(ticks(runs.mutant, lastMs: 5_000) >= 9)
    }

    @Test func fix6UseADifferentEmailKeepsTheEmailInTheField() {
        let runs = fixedAndMutant(.fix6, WorldConfiguration()) { world in
            await world.walk(to: .authVerification)
            await world.tap(.useDifferentEmail)
        }
        #expect(runs.fixed.final.route == .onboarding(.auth))
        #expect(runs.fixed.final.emailField == Self.email)
        #expect(runs.mutant.final.emailField == "")
    }

    @Test func fix7GrantedPermissionRegistersAPushToken() {
        let runs = fixedAndMutant(.fix7, WorldConfiguration(), policy: UserPolicy(email: Self.email))
        #expect(runs.fixed.pushTokenRegistered)
        #expect(!runs.mutant.pushTokenRegistered)
        #expect(runs.mutant.final.route == .main)
    }

    @Test func fix8FailedGoalSelectionShowsAnError() {
        let configuration = WorldConfiguration(faults: FaultPlan(rules: [
            FaultRule(endpoint: .selectGoal, kind: .error(status: 500), trigger: .nth(1))]))
        let runs = fixedAndMutant(.fix8, configuration) { world in
            await world.walk(to: .goalReview)
            await world.wait(.seconds(5))
            await world.tap(.selectGoal)
            await world.tap(.confirmGoal, after: .seconds(3))
        }
        #expect(runs.fixed.final.errorText == "Couldn't save your goal. Please try again.")
        #expect(runs.fixed.final.actions.contains(.confirmGoal))
        #expect(runs.mutant.final.route == .onboarding(.goalReview))
        #expect(runs.mutant.final.errorText == nil)
    }

    @Test func fix9ReturningUsersResendSucceedsAgainstAStrictBackend() {
        let configuration = Harness.returning(strict: true)
        let runs = fixedAndMutant(.fix9, configuration) { world in
            await world.walk(to: .authVerification, email: Self.back, returning: true)
            await world.wait(.seconds(31))
            await world.tap(.resendCode, after: .seconds(2))
        }
        #expect(runs.fixed.final.errorText == nil)
        #expect(runs.fixed.final.countdown.map { $0 > 25 } == true)
        #expect(runs.mutant.final.errorText == "Failed to resend code. Please try again.")
    }

    @Test func fix10SuccessIsShownOnlyWithAnActiveProgram() {
        var configuration = Harness.returning(Journey(intakeComplete: true, goalsComplete: true, programStatus: .approved))
        configuration.sessionEmail = Self.back
        configuration.cache = [.init(email: Self.back, cache: OnboardingCache(phase: .success))]
        let runs = fixedAndMutant(.fix10, configuration) { world in
            await world.wait(.milliseconds(300))
            await world.tap(.resume, after: .seconds(2))
        }
        #expect(runs.fixed.final.route == .onboarding(.success), "the check stays on success and offers Activate in place")
        #expect(runs.fixed.final.errorText == "Your program isn't active yet. Activate it to continue.")
        #expect(runs.fixed.final.actions == [.activate])
        #expect(runs.mutant.final.route == .onboarding(.success))
        #expect(runs.mutant.final.workoutCard == "Ready when you are!")
    }

    @Test func fix11NoConfettiWhileReduceMotionIsOn() {
        let configuration = WorldConfiguration(settings: DeviceSettings(reduceMotion: true))
        let runs = fixedAndMutant(.fix11, configuration, policy: UserPolicy(email: Self.email))
        #expect(runs.fixed.screens.allSatisfy { $0.motionEffects.isEmpty })
        #expect(runs.mutant.screens.contains { $0.motionEffects == ["confetti"] })
        let moving = Harness.run(WorldConfiguration(), policy: UserPolicy(email: Self.email))
        #expect(moving.screens.contains { $0.motionEffects == ["confetti"] })
    }

    @Test func fix12AnApostropheInTheEmailIsAcceptedAndMalformedAddressesAreNot() {
        #expect(EmailValidation.isValid("o'brien@gmail.com", mutants: .none))
        #expect(!EmailValidation.isValid("o'brien@gmail.com", mutants: MutantSet([.fix12])))
        for malformed in ["obrien@gmail", "obrien.gmail.com", "o brien@gmail.com", "@gmail.com", "a@b.c"] {
            #expect(!EmailValidation.isValid(malformed, mutants: .none), "\(malformed)")
        }
        let runs = fixedAndMutant(.fix12, WorldConfiguration()) { world in
            await world.walk(to: .auth)
            await world.tap(.typeEmail, "o'brien@gmail.com")
        }
        #expect(runs.fixed.final.actions.contains(.sendCode))
        #expect(!runs.mutant.final.actions.contains(.sendCode))
    }

    @Test func fix13ResumeGateOnColdLaunchButNotOnForeground() {
        var configuration = Harness.returning(Journey(intakeComplete: true))
        configuration.sessionEmail = Self.back
        configuration.cache = [.init(email: Self.back, cache: OnboardingCache(phase: .processOverview))]
        let runs = fixedAndMutant(.fix13, configuration) { world in
            await world.wait(.seconds(1))
            await world.tap(.resume)
            await world.device.background()
            await world.wait(.seconds(60))
            await world.device.foreground()
            await world.wait(.seconds(1))
        }
        #expect(runs.fixed.screens.first?.resumeGate == true)
        #expect(runs.fixed.final.resumeGate == false)
        #expect(runs.mutant.screens.first?.resumeGate == true)
        #expect(runs.mutant.final.resumeGate == true)
    }

    @Test func fix14PlaceholderLegalURLsFailTheLaunchReadinessCheck() {
        let runs = fixedAndMutant(.fix14, WorldConfiguration())
        func shipped(_ run: ModelRun) -> (String, String)? {
            run.events.compactMap { event -> (String, String)? in
                if case .appConfiguration(let terms, let privacy) = event { return (terms, privacy) } else { return nil }
            }.first
        }
        let fixed = shipped(runs.fixed), mutant = shipped(runs.mutant)
        #expect(fixed.map { LaunchReadiness.problems(termsURL: $0.0, privacyURL: $0.1).isEmpty } == true)
        #expect(mutant.map { LaunchReadiness.problems(termsURL: $0.0, privacyURL: $0.1).count } == 2)
    }
}
