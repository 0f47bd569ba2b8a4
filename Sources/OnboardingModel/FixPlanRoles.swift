import AppVocabulary

/// The roles of the fix plan's actions and requests (seeds 002, 003): what the oracles read of
/// them, declared the way any app declares its own (`AppRoles`).
public enum FixPlanRoles {
    public static let roles = AppRoles(
        actions: [
            // 002 §9: Get started is a new user's start, Log in a returning user's.
            (.getStarted, .start(returning: false)), (.logIn, .start(returning: true)),
            (.typeEmail, .input(.email)), (.sendCode, .submit(.email)),
            (.typeCode, .input(.code)), (.verify, .submit(.code)), (.resendCode, .resend),
            (.useDifferentEmail, .startOver), (.startOver, .startOver), (.retry, .retry),
            (.selectGoal, .choice), (.confirmGoal, .submit(.choice)), (.openTerms, .link), (.back, .back),
            // 000 Pitfall 4: "Only if user taps Enable, show iOS dialog"; Not now declines.
            (.notNow, .decline),
            // The device's sign-out (a scenario's `signOut` step) is recorded as the user's tap.
            (.signOut, .signOut),
        ],
        requests: [
            // 002 §5: Resend 30 s after each code sent ("resendCountdown = 30").
            (.sendOTP, RequestRole(purpose: .sendsCode, resendAfter: .seconds(30))),
            (.verifyOTP, RequestRole(purpose: .signsIn)),
            // 002 §1: after a sign-in the app asks where the user is, and routes by the answer.
            (.journey, RequestRole(cause: .app, purpose: .journey)),
            // 002 §2: "a single automatic retry with 2s delay".
            (.generateGoals, RequestRole(cause: .app, retryPause: .seconds(2))),
            (.program, RequestRole(cause: .app)),
            // 003: analytics, the step sync and the push token go on in the background, through
            // the sync queue, whose "Retry behavior on backend push failure" backs off from 1 s.
            (.analytics, RequestRole(cause: .background, purpose: .analytics, backoff: .seconds(1))),
            (.pushProgress, RequestRole(cause: .background, backoff: .seconds(1))),
            (.registerPush, RequestRole(cause: .background, backoff: .seconds(1))),
            (.refreshSession, RequestRole(cause: .background, purpose: .refreshesSession)),
        ],
        // What each error blames (002 §1's fix: "Couldn't connect" for a call that failed).
        errors: [
            ("Couldn't send the code", .request([.sendOTP])), ("Failed to resend code", .request([.sendOTP])),
            ("That code didn't work", .input), ("Couldn't connect", .connection),
            ("Couldn't load goal options", .request([.generateGoals])), ("Couldn't save your goal", .request([.selectGoal])),
            ("Couldn't activate your program", .request([.approveProgram, .activateProgram])),
            ("Couldn't check your program", .request([.program])), ("You've been signed out", .session),
        ],
        // 000 Pitfall 1 and the checklist: "Only one onboarding_started per new user"; the funnel ends at the main app.
        analytics: [("onboarding_started", .newUserStart), ("onboarding_completed", .completion)],
        // 002 §1: the steps after the code screen are the signed-in user's (their journey is on the backend).
        // (`complete` is no screen: the main app shows it, so it is not among the app's routes.)
        signedInRoutes: OnboardingPhase.inOrder.filter { $0 > .authVerification && $0 != .complete }.map(Route.onboarding),
        // Its main app shows an offline banner while offline, as seed 004's does (`ClientStore.screen`).
        offlineBanner: true,
        // 003: "Force-quit mid-onboarding: Resume from where they left off": a relaunch may ask to
        // continue or start over (`ClientStore.show(phase:resumeGate:)`).
        resumeGate: true,
        // 003: "Offline-first: Never block user from continuing onboarding due to network": an
        // offline tap waits behind its spinner up to 20 s for the connection (`connectionReturns()`).
        offlineWait: .seconds(20),
        // 002's steps in order (003: "Resume from where they left off"): a relaunch goes no further.
        stepOrder: OnboardingPhase.inOrder.filter { $0 != .complete }.map(Route.onboarding))
}
