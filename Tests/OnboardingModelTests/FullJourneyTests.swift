import Testing
import SimKernel
@testable import AppVocabulary
@testable import OnboardingModel

/// Whole journeys on the fixed model: a new user from launch to main, a returning user.
@Suite struct FullJourneyTests {
    @Test func aNewUserGoesFromLaunchToMainWithNoEscapedJobs() {
        let run = Harness.run(WorldConfiguration(), policy: UserPolicy(email: Harness.newEmail))
        #expect(run.result.outcome == .completed, "\(run.result.report)")
        #expect(run.result.foreignEnqueues == 0)
        #expect(run.result.foreignEnqueues == 0)
        #expect(run.policyOutcome == .reachedMain)
        #expect(run.final.route == .main)
        #expect(run.finalJourney == .complete)
        #expect(run.pushTokenRegistered)
        #expect(run.errorsShown.isEmpty)
        #expect(run.analytics("onboarding_started").count == 1)
        #expect(run.analytics("onboarding_completed").count == 1)
        let phases = run.routes.compactMap { route -> OnboardingPhase? in
            return route?.phase
        }
        #expect(phases == [.intro, .intake, .intakeComplete, .auth, .authVerification, .processOverview,
                           .goalReview, .programReview, .notificationPermission, .success])
    }

    @Test func aReturningUserLogsInAndLandsOnMain() {
        let run = Harness.run(Harness.returning(), policy: UserPolicy(email: Harness.returningEmail, returning: true))
        #expect(run.result.isClean, "\(run.result.report)")
        #expect(run.policyOutcome == .reachedMain)
        #expect(run.routes.last == .main)
        #expect(run.analytics("onboarding_started").isEmpty)
    }

    @Test func aReturningUserWhoseKeyboardCapitalisedTheAddressLogsInToTheirOwnAccount() {
        let typed = FreeUser.autocapitalised(Harness.returningEmail)
        let run = Harness.run(Harness.returning(), policy: UserPolicy(email: typed, returning: true))
        #expect(run.result.isClean, "\(run.result.report)")
        #expect(run.policyOutcome == .reachedMain)
        #expect(run.finalJourney == .complete)
        #expect(run.analytics("onboarding_started").isEmpty)
        #expect(!run.events.contains { if case .accountSeeded(_, let email, _) = $0 { email == typed } else { false } },
                "a capitalised address must not create a second account")
    }

    @Test(arguments: [SchedulingStrategy.fifo, .seeded])
    func theSameSeedGivesTheSameTraceHashForAFullJourney(strategy: SchedulingStrategy) {
        func once() -> String {
            let simulation = Simulation(seed: 11, strategy: strategy)
            let result = simulation.run {
                let world = OnboardingWorld(simulation: simulation, configuration: WorldConfiguration())
                await world.prepare()
                await world.device.launch()
                _ = await UserPolicy(email: Harness.newEmail).drive(world)
            }
            #expect(result.isClean)
            return result.traceHash
        }
        #expect(once() == once())
    }

    @Test func aReturningUserWithACachedCompleteJourneySeesMainInTheFirstFrame() {
        var configuration = Harness.returning()
        configuration.sessionEmail = Harness.returningEmail
        configuration.cache = [.init(email: Harness.returningEmail, cache: OnboardingCache(phase: .complete))]
        let run = Harness.run(configuration) { world in await world.wait(.seconds(5)) }
        #expect(run.screens.first?.route == .main)
        #expect(run.screens.allSatisfy { $0.loadingScreen == nil })
    }
}
