import AppVocabulary

/// The fix plan's app's bugs (002's fixes, 000's pitfalls, 003's decisions, 004's app-wide
/// ones), each put back into the model by a switch: its plug-in's catalogue, what `guards`,
/// `--mutant` and `regress` name. The app's own, as a team's app lists its own.
public enum FixPlanCatalogue {
    public static let entries: [Mutant.Entry] = [
        Mutant.Entry(.fix1, app: .fixPlan,
              summary: "completeLogin() catch sets phase complete: empty main app after a failed journey fetch",
              source: "002 §1"),
        Mutant.Entry(.fix2, app: .fixPlan,
              summary: "goal generation is fire-and-forget with no retry: one transient failure shows an error",
              source: "002 §2"),
        Mutant.Entry(.fix3, app: .fixPlan,
              summary: "activation chain ignores approve/activate errors: the button stops, nothing happens",
              source: "002 §3"),
        Mutant.Entry(.fix4, app: .fixPlan,
              summary: "syncWithBackend() is a no-op: reinstall with a live session restarts onboarding",
              source: "002 §4"),
        Mutant.Entry(.fix5, app: .fixPlan,
              summary: "OTP resend timer never cancelled: old timers keep counting after the screen is gone",
              source: "002 §5"),
        Mutant.Entry(.fix6, app: .fixPlan,
              summary: "'Use a different email' clears the email: the auth field comes back empty",
              source: "002 §6"),
        Mutant.Entry(.fix7, app: .fixPlan,
              summary: "notification permission granted but the app never registers for remote notifications",
              source: "002 §7"),
        Mutant.Entry(.fix8, app: .fixPlan,
              summary: "goal selection failure is silent: the button re-enables with no message",
              source: "002 §8"),
        Mutant.Entry(.fix9, app: .fixPlan,
              summary: "resend code always sends shouldCreateUser: true, even for returning users",
              source: "002 §9"),
        Mutant.Entry(.fix10, app: .fixPlan,
              summary: "success screen shown without checking that the program was activated",
              source: "002 §10"),
        Mutant.Entry(.fix11, app: .fixPlan,
              summary: "confetti ignores Reduce Motion",
              source: "002 §11"),
        Mutant.Entry(.fix12, app: .fixPlan,
              summary: "strict email regex rejects valid addresses such as o'brien@gmail.com",
              source: "002 §12"),
        Mutant.Entry(.fix13, app: .fixPlan,
              summary: "resume gate shown on foreground as well as on cold launch",
              source: "002 §13"),
        Mutant.Entry(.fix14, app: .fixPlan,
              summary: "legal document URLs are example.com placeholders",
              source: "002 §14"),
        Mutant.Entry(.pit1, app: .fixPlan,
              summary: "auth restore and onboarding check in separate state: onboarding flashes for returning users",
              source: "000 Pitfall 1"),
        Mutant.Entry(.pit2, app: .fixPlan,
              summary: "nested loading screens: launch loading, then the main app's own loading view",
              source: "000 Pitfall 2"),
        Mutant.Entry(.pit3, app: .fixPlan,
              summary: "initialisation re-runs on view recreation: onboarding_started sent again",
              source: "000 Pitfall 3"),
        Mutant.Entry(.pit6, app: .fixPlan,
              summary: "local-first step write whose backend push is never retried: progress lost",
              source: "000 Pitfall 6; 003 Sync timing"),
        Mutant.Entry(.pit7, app: .fixPlan,
              summary: "completion routed through NotificationCenter: missed while the observer is detached",
              source: "000 Pitfall 7; 003 NotificationCenter routing"),
        Mutant.Entry(.pit10, app: .fixPlan,
              summary: "a button's action does not guard on its own busy state: two quick taps send two requests",
              source: "000 Pitfall 10"),
        Mutant.Entry(.pit12, app: .fixPlan,
              summary: "back is offered after sign-in and steps back across it: processOverview goes back to the code screen",
              source: "000 Pitfall 12"),
        Mutant.Entry(.decCacheUser, app: .fixPlan,
              summary: "onboarding cache not keyed by user: user B inherits user A's status",
              source: "003 Cache behavior (per-user)"),
        Mutant.Entry(.decCorrupt, app: .fixPlan,
              summary: "corrupted onboarding cache trusted as complete",
              source: "003 Cache behavior (corrupted)"),
        Mutant.Entry(.decTimeout, app: .fixPlan,
              summary: "launch backend check has no timeout: loading forever when it never answers",
              source: "003 Loading state (timeout fallback)"),
        Mutant.Entry(.decResumeLogin, app: .fixPlan,
              summary: "a log-in resumed after a kill forgets it is a log-in: its code request asks to create the account",
              source: "003 Force-quit mid-onboarding (resume); 002 §9"),
        Mutant.Entry(.decAccountLoss, app: .fixPlan,
              summary: "a 401 for the signed-in account is taken for a network error: session and cache stay, the main app stays up",
              source: "003 Account loss (deletion/password reset)"),
        Mutant.Entry(.decSourceOfTruth, app: .fixPlan,
              summary: "a sign-up that signs in to an existing account ignores its journey: a finished user onboards again",
              source: "003 Backend is source of truth; 002 §1-2"),
        Mutant.Entry(.decOfflineEvents, app: .fixPlan,
              summary: "analytics events are fire-and-forget: one sent offline (onboarding_completed) is lost",
              source: "003 Offline completion: auto-sync (SyncQueue, same as events)"),
        Mutant.Entry(.decPushOrder, app: .fixPlan,
              summary: "each step's progress push is sent on its own, not after the previous one: pushes arrive out of order",
              source: "003 Push to backend after each onboarding step (SyncQueue)"),
        Mutant.Entry(.decResumeAnonymous, app: .fixPlan,
              summary: "progress before sign-in is not cached (no user to key it by): a force-quit in the intake restarts at the intro",
              source: "003 Force-quit mid-onboarding: resume from the cached step"),
        Mutant.Entry(.decResumeStep, app: .fixPlan,
              summary: "a force-quit on the code screen restarts at the intro instead of the email step",
              source: "003 Force-quit mid-onboarding: resume from the cached step"),
        Mutant.Entry(.decProgressElsewhere, app: .fixPlan,
              summary: "a signed-in relaunch with a cached step never asks the backend: steps done on another device are done again",
              source: "002 §4 (progress made on another device); 003 Backend is source of truth; cross-device continuity"),
        Mutant.Entry(.decSignedInIntake, app: .fixPlan,
              summary: "a signed-in user routed to the intake goes on to the email screen, and Back leads to the intro: asked to sign in again",
              source: "000 Pitfall 12 (\"Can't go back after auth\"); 003 Session (survives until sign-out)"),
        Mutant.Entry(.decStartOverSignedIn, app: .fixPlan,
              summary: "the resume gate offers a signed-in user Start over, which goes back to the intro: asked to sign in again",
              source: "003 Backend is source of truth; 003 Session (survives until sign-out)"),
        Mutant.Entry(.decStartedAfterReinstall, app: .fixPlan,
              summary: "a signed-in user sent to the intro by a fallback launch after a reinstall logs onboarding_started again (its guard was in the deleted cache)",
              source: "000 Pitfall 3; 003 Timeout fallback, cache (survives kill, not reinstall)"),
        Mutant.Entry(.decSuccessCheckFlash, app: .fixPlan,
              summary: "the success screen that finds the program not active sends the user back to program review by itself, a moment after it showed: a route flash",
              source: "002 §10; 000 Pitfall 1 (no flash)"),
        Mutant.Entry(.decSuccessCheckFallback, app: .fixPlan,
              summary: "the success screen that cannot check the program shows 'Ready when you are!' and lets the user start: an empty main app if it was not active",
              source: "002 §10 (\"Ready when you are!\" fallback); 002 §1 (no empty main app)"),
        Mutant.Entry(.appAuthWall, app: .fixPlan,
              summary: "sign-out from the main app clears the session but the main app stays on screen",
              source: "004 Auth wall"),
        Mutant.Entry(.appOfflineBanner, app: .fixPlan,
              summary: "the offline banner shows when the connection drops and never hides when it returns",
              source: "004 Offline banner (auto-shows/hides)"),
        Mutant.Entry(.appStaleError, app: .fixPlan,
              summary: "Continue after a failed journey check spins with the old \"Couldn't connect\" still on screen (found by onboarding-mutate's errorClearsOnNewAttempt)",
              source: "002 §1, §2 (errorMessage = nil as each attempt starts)"),
        Mutant.Entry(.appOfflineTap, app: .fixPlan,
              summary: "offline, a tap's request fails at once and the error already on screen comes back unchanged: the tap does nothing (found by everyTapHasAnEffect once it judged only screens that stood)",
              source: "003 (\"Offline-first: Never block user from continuing onboarding due to network\"), 002 §3"),
        Mutant.Entry(.appOfflineAsItLeaves, app: .fixPlan,
              summary: "the connection goes as a tap's request leaves, before the path monitor says so: the request fails at once and the error already on screen comes back unchanged (found by the swarm's goesOffline coincidence; everyTapHasAnEffect)",
              source: "003 (\"Offline-first: Never block user from continuing onboarding due to network\"), 002 §3"),
        Mutant.Entry(.appBackToIntake, app: .fixPlan,
              summary: "Back on the email screen goes to the intake's last step however the user came: one who tapped Log in on the intro is sent into the sign-up's intake (found by hand mutation; backReturnsWhereTheUserCameFrom)",
              source: "000 Pitfall 12 (\"Define clear back navigation rules\": each step's previous)"),
        Mutant.Entry(.appPushWithoutPermission, app: .fixPlan,
              summary: "the push token is registered whatever the user answers the notification prompt: \"Don't Allow\" and the backend still gets a token (found by hand mutation; pushRegistered now judges both ways)",
              source: "002 §7 (the fix: \"if granted { UIApplication.shared.registerForRemoteNotifications() }\")"),
        Mutant.Entry(.appSlowCountdown, app: .fixPlan,
              summary: "the resend countdown runs 60 s, not 30: Resend comes a minute after each code (found by hand mutation; resendAfterTheCountdown now judges a late Resend too)",
              source: "002 §5 (startResendTimer(): resendCountdown = 30)"),
        Mutant.Entry(.appFirstGoalSaved, app: .fixPlan,
              summary: "Confirm saves the first goal on the list, whichever the user selected (found by hand mutation once the free user picked among the goals the screen lists)",
              source: "002 §8 (confirmSelection() saves the goal the user selected on GoalReviewView)"),
        Mutant.Entry(.appCompletionNotLogged, app: .fixPlan,
              summary: "Start on the success screen never logs onboarding_completed: the funnel loses every finished user (found by hand mutation; exactlyOnce now also asks for it once)",
              source: "000 (\"Analytics show same user completing onboarding multiple times\": the completion event, once per user); 003 (\"Offline completion: Auto-sync when connection returns\")"),
        Mutant.Entry(.appFailedResendWaits, app: .fixPlan,
              summary: "a failed resend restarts the 30 s countdown anyway: \"Failed to resend code. Please try again.\" with Resend gone for half a minute (found by hand mutation; tryAgainIsOffered)",
              source: "002 §9 (the fix: canResend = false; resendCountdown = 30 only after a successful resend, else \"Failed to resend code. Please try again.\")"),
        Mutant.Entry(.appNetworkBlamesCode, app: .fixPlan,
              summary: "a code lost to the network is answered \"That code didn't work. Check it and try again.\" like a wrong one: the user retypes a right code instead of waiting for the connection (found by hand mutation; inputBlamedOnlyWhenRejected)",
              source: "002 §1 (the fix: a failed call shows \"Couldn't connect. Please check your connection and try again.\"); verifyCode answers only a rejected (401) code with the code's error"),
        Mutant.Entry(.appCancelledActivationError, app: .fixPlan,
              summary: "an activation cancelled by the end of its session (a revoked or deleted account) records \"Couldn't activate your program\" after the sign-out cleared the errors: the next sign-in opens program review with an error before any tap (a bug of the fixed model, found by a hand-written bug's reader; errorHasACause)",
              source: "002 §3 (\"Check if approve failed\": this attempt's error); 003 (account loss: the user signs in again to a clean session)"),
        Mutant.Entry(.appPermissionAskedAgain, app: .fixPlan,
              summary: "the notifications card comes back after a relaunch though the user answered the prompt on this install (killed before the next step reached the backend): its Enable asks what the phone will not ask again (a bug of the fixed model, found by permissionAskedOncePerInstall)",
              source: "000 Pitfall 4 (\"Once denied, the user must navigate to iOS Settings to re-enable\"); 002 §7 (requestNotificationPermission)"),
    ]
}

extension Mutant {
    // Their fingerprints spelled out, so that naming one costs nothing (a test holds each equal
    // to `NameFingerprint.of`).
    public static var fix1: Mutant { Mutant("fix-1", fingerprint: 0xbbe0a67fb5398cfa) }
    public static var fix2: Mutant { Mutant("fix-2", fingerprint: 0xbbe0a57fb5398b47) }
    public static var fix3: Mutant { Mutant("fix-3", fingerprint: 0xbbe0a47fb5398994) }
    public static var fix4: Mutant { Mutant("fix-4", fingerprint: 0xbbe0a37fb53987e1) }
    public static var fix5: Mutant { Mutant("fix-5", fingerprint: 0xbbe0a27fb539862e) }
    public static var fix6: Mutant { Mutant("fix-6", fingerprint: 0xbbe0a17fb539847b) }
    public static var fix7: Mutant { Mutant("fix-7", fingerprint: 0xbbe0a07fb53982c8) }
    public static var fix8: Mutant { Mutant("fix-8", fingerprint: 0xbbe09f7fb5398115) }
    public static var fix9: Mutant { Mutant("fix-9", fingerprint: 0xbbe09e7fb5397f62) }
    public static var fix10: Mutant { Mutant("fix-10", fingerprint: 0x7847b500f0ca3b3e) }
    public static var fix11: Mutant { Mutant("fix-11", fingerprint: 0x7847b600f0ca3cf1) }
    public static var fix12: Mutant { Mutant("fix-12", fingerprint: 0x7847b300f0ca37d8) }
    public static var fix13: Mutant { Mutant("fix-13", fingerprint: 0x7847b400f0ca398b) }
    public static var fix14: Mutant { Mutant("fix-14", fingerprint: 0x7847b900f0ca420a) }
    public static var pit1: Mutant { Mutant("pit-1", fingerprint: 0x54b35165a9ee70d4) }
    public static var pit2: Mutant { Mutant("pit-2", fingerprint: 0x54b35465a9ee75ed) }
    public static var pit3: Mutant { Mutant("pit-3", fingerprint: 0x54b35365a9ee743a) }
    public static var pit6: Mutant { Mutant("pit-6", fingerprint: 0x54b35065a9ee6f21) }
    public static var pit7: Mutant { Mutant("pit-7", fingerprint: 0x54b34f65a9ee6d6e) }
    public static var pit10: Mutant { Mutant("pit-10", fingerprint: 0xdb2433bfc029d36c) }
    public static var pit12: Mutant { Mutant("pit-12", fingerprint: 0xdb2435bfc029d6d2) }
    public static var decCacheUser: Mutant { Mutant("dec-cache-user", fingerprint: 0x5b36060cc11b61dc) }
    public static var decCorrupt: Mutant { Mutant("dec-corrupt", fingerprint: 0x57fd27c81b9e1073) }
    public static var decTimeout: Mutant { Mutant("dec-timeout", fingerprint: 0x8c95f56a34d0dc8d) }
    public static var decResumeLogin: Mutant { Mutant("dec-resume-login", fingerprint: 0x5a66ddfb6ef210a5) }
    public static var decAccountLoss: Mutant { Mutant("dec-account-loss", fingerprint: 0x389b464637acf817) }
    public static var decSourceOfTruth: Mutant { Mutant("dec-source-of-truth", fingerprint: 0x233dd9e1bc53aa5f) }
    public static var decOfflineEvents: Mutant { Mutant("dec-offline-events", fingerprint: 0xcb021478e7f0e2e9) }
    public static var decPushOrder: Mutant { Mutant("dec-push-order", fingerprint: 0x8f0427514cf5c217) }
    public static var decResumeAnonymous: Mutant { Mutant("dec-resume-anonymous", fingerprint: 0x8a4fd424fbf91a05) }
    public static var decProgressElsewhere: Mutant { Mutant("dec-progress-elsewhere", fingerprint: 0x6cd2413352116fbc) }
    public static var decResumeStep: Mutant { Mutant("dec-resume-step", fingerprint: 0x91246c300ffda6ea) }
    public static var decSignedInIntake: Mutant { Mutant("dec-signed-in-intake", fingerprint: 0x5ce892cb3510aa6d) }
    public static var decStartOverSignedIn: Mutant { Mutant("dec-start-over-signed-in", fingerprint: 0xcc0028b820e6bcce) }
    public static var decStartedAfterReinstall: Mutant { Mutant("dec-started-after-reinstall", fingerprint: 0x92240004745df8b5) }
    public static var decSuccessCheckFlash: Mutant { Mutant("dec-success-check-flash", fingerprint: 0x210651a151092adf) }
    public static var decSuccessCheckFallback: Mutant { Mutant("dec-success-check-fallback", fingerprint: 0xf5551e2b1eb26d6d) }
    public static var appAuthWall: Mutant { Mutant("app-auth-wall", fingerprint: 0x025f25b2b2a49994) }
    public static var appOfflineBanner: Mutant { Mutant("app-offline-banner", fingerprint: 0xafd8b79da1c5362f) }
    public static var appStaleError: Mutant { Mutant("app-stale-error", fingerprint: 0x910a235805ea30eb) }
    public static var appOfflineTap: Mutant { Mutant("app-offline-tap", fingerprint: 0x5089195e9f53ec82) }
    public static var appOfflineAsItLeaves: Mutant { Mutant("app-offline-as-it-leaves", fingerprint: 0x57bb2dc8551ac484) }
    public static var appBackToIntake: Mutant { Mutant("app-back-to-intake", fingerprint: 0xa679eb85a5a03ef1) }
    public static var appPushWithoutPermission: Mutant { Mutant("app-push-without-permission", fingerprint: 0xa2e0175781051216) }
    public static var appSlowCountdown: Mutant { Mutant("app-slow-countdown", fingerprint: 0xe2fb5f4bffc0c498) }
    public static var appFirstGoalSaved: Mutant { Mutant("app-first-goal-saved", fingerprint: 0xad63e3c8baa6704f) }
    public static var appCompletionNotLogged: Mutant { Mutant("app-completion-not-logged", fingerprint: 0xefade1057254b8e2) }
    public static var appFailedResendWaits: Mutant { Mutant("app-failed-resend-waits", fingerprint: 0xd43b61526e9de241) }
    public static var appNetworkBlamesCode: Mutant { Mutant("app-network-blames-code", fingerprint: 0xf5a8ae521f578990) }
    public static var appCancelledActivationError: Mutant { Mutant("app-cancelled-activation-error", fingerprint: 0x2460d1e800119966) }
    public static var appPermissionAskedAgain: Mutant { Mutant("app-permission-asked-again") }
}
