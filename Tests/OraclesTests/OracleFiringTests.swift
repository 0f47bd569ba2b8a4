import Testing
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import Scenarios
import ToolAppsForTests

/// Every oracle fires on the bug it exists for and stays quiet on the fixed model.
@Suite struct OracleFiringTests {
    init() { ToolApps.register() }
    struct Case: Sendable, CustomStringConvertible {
        let oracle: String
        let scenario: String
        let mutant: Mutant
        var description: String { "\(oracle) on \(mutant.rawValue)" }
    }

    static let cases: [Case] = [
        Case(oracle: "noRouteFlash", scenario: "pitfalls/returning-user-launch-flash.json", mutant: .pit1),
        Case(oracle: "noSilentDeadEnd", scenario: "fix-plan/activation-network-blip.json", mutant: .fix3),
        Case(oracle: "noSilentDeadEnd", scenario: "fix-plan/returning-login-loses-signal-after-otp.json", mutant: .fix1),
        Case(oracle: "noSilentDeadEnd", scenario: "decisions/launch-check-never-answers.json", mutant: .decTimeout),
        Case(oracle: "noSilentDeadEnd", scenario: "pitfalls/complete-while-backgrounded.json", mutant: .pit7),
        Case(oracle: "singleLoadingSpan", scenario: "pitfalls/reinstall-completed-user-loading.json", mutant: .pit2),
        Case(oracle: "exactlyOnce", scenario: "pitfalls/view-recreated-started-twice.json", mutant: .pit3),
        Case(oracle: "noLeakedTimers", scenario: "fix-plan/otp-timer-after-different-email.json", mutant: .fix5),
        Case(oracle: "noLostProgress", scenario: "pitfalls/offline-step-syncs-later.json", mutant: .pit6),
        Case(oracle: "pushRegistered", scenario: "fix-plan/enable-notifications-registers-push.json", mutant: .fix7),
        Case(oracle: "successImpliesActive", scenario: "fix-plan/success-after-backend-reset.json", mutant: .fix10),
        Case(oracle: "reduceMotion", scenario: "fix-plan/reduce-motion-success.json", mutant: .fix11),
        Case(oracle: "launchReadiness", scenario: "fix-plan/legal-links-before-launch.json", mutant: .fix14),
        Case(oracle: "budgets", scenario: "decisions/launch-check-never-answers.json", mutant: .decTimeout),
        Case(oracle: "emailPreserved", scenario: "fix-plan/back-from-otp-keeps-email.json", mutant: .fix6),
        Case(oracle: "validEmailAccepted", scenario: "fix-plan/apostrophe-in-email.json", mutant: .fix12),
        Case(oracle: "resumeGateColdLaunchOnly", scenario: "fix-plan/foreground-mid-onboarding.json", mutant: .fix13),
        Case(oracle: "settledRouteMatchesJourney", scenario: "fix-plan/reinstall-with-live-session.json", mutant: .fix4),
        Case(oracle: "noDuplicateSubmission", scenario: "pitfalls/double-tap-send-code.json", mutant: .pit10),
        Case(oracle: "refusedSessionEnds", scenario: "decisions/account-deleted-on-main.json", mutant: .decAccountLoss),
        Case(oracle: "refusedSessionEnds", scenario: "pickup/revoked-session-signs-out.json", mutant: .pickupDeadToken),
        Case(oracle: "onboardingOncePerInstall", scenario: "pickup/skip-is-remembered.json", mutant: .pickupSkipNoFlag),
        Case(oracle: "onboardingOncePerInstall", scenario: "pickup/sign-out-asks-and-keeps-onboarding-done.json", mutant: .pickupOnboardingAgain),
        Case(oracle: "noSilentDeadEnd", scenario: "pickup/failed-sign-in-says-so.json", mutant: .pickupSilentSignInError),
        Case(oracle: "failuresSurface", scenario: "pickup/failed-sign-in-says-so.json", mutant: .pickupSilentSignInError),
        Case(oracle: "ownDataOnly", scenario: "pickup/shared-phone-keeps-lists-apart.json", mutant: .pickupSharedCache),
        Case(oracle: "everyPageBeforeSignIn", scenario: "pickup/three-pages-before-sign-in.json", mutant: .pickupNextSkipsPage),
        Case(oracle: "offlineMessageTruthful", scenario: "pickup/offline-main-waits-for-the-connection.json", mutant: .pickupOfflinePromise),
        Case(oracle: "ownDataOnly", scenario: "pickup/next-user-never-sees-the-last-list.json", mutant: .pickupSignOutKeepsList),
        Case(oracle: "signOutConfirmed", scenario: "pickup/sign-out-asks-and-keeps-onboarding-done.json", mutant: .pickupUnconfirmedSignOut),
        Case(oracle: "routeByJourneyAfterSignIn", scenario: "decisions/finished-user-taps-get-started.json", mutant: .decSourceOfTruth),
        Case(oracle: "noLostProgress", scenario: "pitfalls/progress-pushes-in-order.json", mutant: .decPushOrder),
        Case(oracle: "resumesAtCachedStep", scenario: "decisions/kill-during-intake-resumes.json", mutant: .decResumeAnonymous),
        Case(oracle: "resumesAtCachedStep", scenario: "decisions/kill-on-code-screen-resumes-at-email.json", mutant: .decResumeStep),
        Case(oracle: "backNavigation", scenario: "pitfalls/back-navigation.json", mutant: .pit12),
        Case(oracle: "signedInStaysSignedIn", scenario: "decisions/signed-in-user-finishes-intake.json", mutant: .decSignedInIntake),
        Case(oracle: "signedInStaysSignedIn", scenario: "decisions/resume-gate-signed-in.json", mutant: .decStartOverSignedIn),
        Case(oracle: "exactlyOnce", scenario: "decisions/started-once-after-reinstall.json", mutant: .decStartedAfterReinstall),
        Case(oracle: "noRouteFlash", scenario: "fix-plan/success-after-backend-reset.json", mutant: .decSuccessCheckFlash),
        Case(oracle: "noSilentDeadEnd", scenario: "fix-plan/success-check-offline.json", mutant: .decSuccessCheckFallback),
        Case(oracle: "errorClearsOnNewAttempt", scenario: "decisions/continue-after-failed-journey-check.json", mutant: .appStaleError),
        Case(oracle: "everyTapHasAnEffect", scenario: "decisions/offline-send-code-waits-for-the-connection.json", mutant: .appOfflineTap),
        Case(oracle: "backReturnsWhereTheUserCameFrom", scenario: "pitfalls/back-from-log-in-returns-to-intro.json", mutant: .appBackToIntake),
        Case(oracle: "pushRegistered", scenario: "fix-plan/dont-allow-registers-no-push.json", mutant: .appPushWithoutPermission),
        Case(oracle: "resendAfterTheCountdown", scenario: "fix-plan/resend-after-thirty-seconds.json", mutant: .appSlowCountdown),
        Case(oracle: "requestsCarryWhatTheUserEntered", scenario: "fix-plan/confirm-saves-the-chosen-goal.json", mutant: .appFirstGoalSaved),
        Case(oracle: "exactlyOnce", scenario: "pitfalls/completed-offline-event-arrives.json", mutant: .appCompletionNotLogged),
        Case(oracle: "tryAgainIsOffered", scenario: "fix-plan/failed-resend-can-try-again.json", mutant: .appFailedResendWaits),
        Case(oracle: "mainAppearanceRefreshesToken", scenario: "pickup/refresh-sent-as-the-path-goes-is-made-online.json", mutant: .pickupRefreshLostOffline),
        Case(oracle: "noErrorFromTheLastSession", scenario: "decisions/revoked-during-activation-starts-clean.json", mutant: .appCancelledActivationError),
        Case(oracle: "resumeCatchesUpWithTheJourney", scenario: "decisions/progress-on-another-device-picked-up.json", mutant: .decProgressElsewhere),
        Case(oracle: "inputBlamedOnlyWhenRejected", scenario: "fix-plan/lost-code-is-not-called-wrong.json", mutant: .appNetworkBlamesCode),
        Case(oracle: "failuresSurface", scenario: "fix-plan/goal-selection-fails-silently.json", mutant: .fix8),
        Case(oracle: "failuresSurface", scenario: "fix-plan/activation-network-blip.json", mutant: .fix3),
        Case(oracle: "logoutKeepsProgress", scenario: "auth-and-offline/sign-out-leaves-main.json", mutant: .decCacheUser),
        Case(oracle: "noLostEvents", scenario: "pitfalls/completed-offline-event-arrives.json", mutant: .decOfflineEvents),
        Case(oracle: "authWall", scenario: "auth-and-offline/sign-out-leaves-main.json", mutant: .appAuthWall),
        Case(oracle: "offlineBannerTruthful", scenario: "auth-and-offline/offline-banner-follows-connection.json", mutant: .appOfflineBanner),
        Case(oracle: "transientFailureHidden", scenario: "fix-plan/slow-goal-generation-fails-once.json", mutant: .fix2),
        Case(oracle: "requestsAccepted", scenario: "fix-plan/returning-user-resends-code.json", mutant: .fix9),
    ]

    static func load(_ relative: String) throws -> Scenario {
        let (scenarios, problems) = ScenarioLoader.load([Paths.scenario(relative)])
        guard let scenario = scenarios.first, problems.isEmpty else { throw LoadError(problems: problems) }
        return scenario
    }

    struct LoadError: Error { let problems: [ScenarioError] }

    @Test(arguments: cases)
    func theOracleFiresWithTheMutantAndStaysQuietWhenFixed(_ check: Case) throws {
        let scenario = try Self.load(check.scenario)
        let fixed = ScenarioRunner.run(scenario)
        #expect(!fixed.violations.contains { $0.oracle == check.oracle }, "\(fixed.violations)")
        let mutated = ScenarioRunner.run(scenario, mutants: [check.mutant])
        let fired = mutated.violations.filter { $0.oracle == check.oracle }
        #expect(!fired.isEmpty, "\(check.oracle) stayed quiet with \(check.mutant.rawValue) on")
        for violation in fired {
            #expect(!violation.message.isEmpty)
            #expect(!violation.excerpt.isEmpty, "a violation carries the trace lines that prove it")
        }
    }

    @Test func theRouteFlashOracleReportsAllThreeForms() throws {
        let result = ScenarioRunner.run(try Self.load("pitfalls/returning-user-launch-flash.json"), mutants: [.pit1])
        let messages = result.violations.filter { $0.oracle == "noRouteFlash" }.map(\.message)
        #expect(messages.contains { $0.contains("before the main app") })
        #expect(messages.contains { $0.contains("with no user action in between") })
        #expect(messages.contains { $0.contains("first frame") })
    }

    @Test func everyBundledScenarioPassesOnTheFixedModel() {
        let (scenarios, _) = ScenarioLoader.load([Paths.scenarios])
        for scenario in scenarios {
            let result = ScenarioRunner.run(scenario)
            #expect(result.passed, "\(scenario.file): \(result.violations.map { "\($0.oracle): \($0.message)" })")
            #expect(result.simulation.foreignEnqueues == 0)
        }
    }
}
