/// A known bug of the fix plan or the seeds, put back into the model by a switch.
///
/// Default: every switch off, the fixed app. Each switch sits at the line its fix changes,
/// with a comment quoting the seed, so the model's code documents each fix.
public enum Mutant: String, Sendable, CaseIterable, Comparable {
    case fix1 = "fix-1", fix2 = "fix-2", fix3 = "fix-3", fix4 = "fix-4", fix5 = "fix-5"
    case fix6 = "fix-6", fix7 = "fix-7", fix8 = "fix-8", fix9 = "fix-9", fix10 = "fix-10"
    case fix11 = "fix-11", fix12 = "fix-12", fix13 = "fix-13", fix14 = "fix-14"
    case pit1 = "pit-1", pit2 = "pit-2", pit3 = "pit-3", pit6 = "pit-6", pit7 = "pit-7", pit10 = "pit-10"
    case pit12 = "pit-12"
    case decCacheUser = "dec-cache-user", decCorrupt = "dec-corrupt", decTimeout = "dec-timeout"
    case decResumeLogin = "dec-resume-login"
    case decAccountLoss = "dec-account-loss"
    case decSourceOfTruth = "dec-source-of-truth"
    case decOfflineEvents = "dec-offline-events", decPushOrder = "dec-push-order"
    case decResumeAnonymous = "dec-resume-anonymous", decResumeStep = "dec-resume-step"
    case decSignedInIntake = "dec-signed-in-intake", decStartOverSignedIn = "dec-start-over-signed-in"
    case decStartedAfterReinstall = "dec-started-after-reinstall"
    case decSuccessCheckFlash = "dec-success-check-flash", decSuccessCheckFallback = "dec-success-check-fallback"
    case appAuthWall = "app-auth-wall", appOfflineBanner = "app-offline-banner"
    case appStaleError = "app-stale-error"
    // The pickup app's (seed 004), each at its line in PickupModel.
    case pickupOnboardingAgain = "pickup-onboarding-again", pickupSkipNoFlag = "pickup-skip-no-flag"
    case pickupOfflineBypass = "pickup-offline-bypass", pickupBannerSticks = "pickup-banner-sticks"
    case pickupUnconfirmedSignOut = "pickup-unconfirmed-sign-out", pickupDoubleSignIn = "pickup-double-sign-in"
    case pickupDeadToken = "pickup-dead-token", pickupOfflineRetry = "pickup-offline-retry"
    case pickupStaleLoad = "pickup-stale-load", pickupSilentSignInError = "pickup-silent-sign-in-error"
    case pickupSharedCache = "pickup-shared-cache"

    /// The app the bug is in.
    public var app: AppID { rawValue.hasPrefix("pickup-") ? .pickup : .fixPlan }

    public static func < (lhs: Mutant, rhs: Mutant) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// What the old code did, in one line.
    public var summary: String {
        switch self {
        case .fix1: "completeLogin() catch sets phase complete: empty main app after a failed journey fetch"
        case .fix2: "goal generation is fire-and-forget with no retry: one transient failure shows an error"
        case .fix3: "activation chain ignores approve/activate errors: the button stops, nothing happens"
        case .fix4: "syncWithBackend() is a no-op: reinstall with a live session restarts onboarding"
        case .fix5: "OTP resend timer never cancelled: old timers keep counting after the screen is gone"
        case .fix6: "'Use a different email' clears the email: the auth field comes back empty"
        case .fix7: "notification permission granted but the app never registers for remote notifications"
        case .fix8: "goal selection failure is silent: the button re-enables with no message"
        case .fix9: "resend code always sends shouldCreateUser: true, even for returning users"
        case .fix10: "success screen shown without checking that the program was activated"
        case .fix11: "confetti ignores Reduce Motion"
        case .fix12: "strict email regex rejects valid addresses such as o'brien@gmail.com"
        case .fix13: "resume gate shown on foreground as well as on cold launch"
        case .fix14: "legal document URLs are example.com placeholders"
        case .pit1: "auth restore and onboarding check in separate state: onboarding flashes for returning users"
        case .pit2: "nested loading screens: launch loading, then the main app's own loading view"
        case .pit3: "initialisation re-runs on view recreation: onboarding_started sent again"
        case .pit6: "local-first step write whose backend push is never retried: progress lost"
        case .pit7: "completion routed through NotificationCenter: missed while the observer is detached"
        case .pit12: "back is offered after sign-in and steps back across it: processOverview goes back to the code screen"
        case .pit10: "a button's action does not guard on its own busy state: two quick taps send two requests"
        case .decCacheUser: "onboarding cache not keyed by user: user B inherits user A's status"
        case .decCorrupt: "corrupted onboarding cache trusted as complete"
        case .decTimeout: "launch backend check has no timeout: loading forever when it never answers"
        case .decResumeLogin: "a log-in resumed after a kill forgets it is a log-in: its code request asks to create the account"
        case .decAccountLoss: "a 401 for the signed-in account is taken for a network error: session and cache stay, the main app stays up"
        case .decSourceOfTruth: "a sign-up that signs in to an existing account ignores its journey: a finished user onboards again"
        case .decOfflineEvents: "analytics events are fire-and-forget: one sent offline (onboarding_completed) is lost"
        case .decPushOrder: "each step's progress push is sent on its own, not after the previous one: pushes arrive out of order"
        case .decResumeAnonymous: "progress before sign-in is not cached (no user to key it by): a force-quit in the intake restarts at the intro"
        case .decResumeStep: "a force-quit on the code screen restarts at the intro instead of the email step"
        case .decSignedInIntake: "a signed-in user routed to the intake goes on to the email screen, and Back leads to the intro: asked to sign in again"
        case .decSuccessCheckFlash: "the success screen that finds the program not active sends the user back to program review by itself, a moment after it showed: a route flash"
        case .decSuccessCheckFallback: "the success screen that cannot check the program shows 'Ready when you are!' and lets the user start: an empty main app if it was not active"
        case .decStartedAfterReinstall: "a signed-in user sent to the intro by a fallback launch after a reinstall logs onboarding_started again (its guard was in the deleted cache)"
        case .decStartOverSignedIn: "the resume gate offers a signed-in user Start over, which goes back to the intro: asked to sign in again"
        case .appAuthWall: "sign-out from the main app clears the session but the main app stays on screen"
        case .appOfflineBanner: "the offline banner shows when the connection drops and never hides when it returns"
        case .appStaleError: "Continue after a failed journey check spins with the old \"Couldn't connect\" still on screen (found by onboarding-mutate's errorClearsOnNewAttempt)"
        case .pickupOnboardingAgain: "sign-out clears hasCompletedOnboarding: onboarding shows again after a sign-out"
        case .pickupSkipNoFlag: "Skip does not store hasCompletedOnboarding: the next launch shows onboarding again"
        case .pickupOfflineBypass: "an offline launch without a session shows main: the auth wall bypassed"
        case .pickupBannerSticks: "the offline banner is never cleared after the connection comes back"
        case .pickupUnconfirmedSignOut: "Sign Out signs out without the confirmation alert"
        case .pickupDoubleSignIn: "the sign-in button stays enabled while signing in: a double tap sends two requests"
        case .pickupDeadToken: "a failed token refresh (401) leaves the user on main with nothing working"
        case .pickupOfflineRetry: "main offers Retry while offline, and the tap changes nothing (found by explore --app pickup)"
        case .pickupStaleLoad: "a sign-out leaves the session's bookings load in flight: the next sign-in loads twice at once (found by explore --app pickup)"
        case .pickupSilentSignInError: "a failed sign-in request puts the button back with no error: the user is left guessing"
        case .pickupSharedCache: "the cached pickups are the phone's, not the user's: an offline launch shows the last user's list to the next"
        }
    }

    /// The seed file and section the bug comes from.
    public var source: String {
        switch self {
        case .fix1, .fix2, .fix3, .fix4, .fix5, .fix6, .fix7, .fix8, .fix9, .fix10, .fix11, .fix12, .fix13, .fix14:
            "002 §\(rawValue.dropFirst(4))"
        case .pit1: "000 Pitfall 1"
        case .pit2: "000 Pitfall 2"
        case .pit3: "000 Pitfall 3"
        case .pit6: "000 Pitfall 6; 003 Sync timing"
        case .pit7: "000 Pitfall 7; 003 NotificationCenter routing"
        case .pit10: "000 Pitfall 10"
        case .pit12: "000 Pitfall 12"
        case .decCacheUser: "003 Cache behavior (per-user)"
        case .decCorrupt: "003 Cache behavior (corrupted)"
        case .decTimeout: "003 Loading state (timeout fallback)"
        case .decResumeLogin: "003 Force-quit mid-onboarding (resume); 002 §9"
        case .decAccountLoss: "003 Account loss (deletion/password reset)"
        case .decSourceOfTruth: "003 Backend is source of truth; 002 §1-2"
        case .decOfflineEvents: "003 Offline completion: auto-sync (SyncQueue, same as events)"
        case .decPushOrder: "003 Push to backend after each onboarding step (SyncQueue)"
        case .decResumeAnonymous, .decResumeStep: "003 Force-quit mid-onboarding: resume from the cached step"
        case .decSuccessCheckFlash: "002 §10; 000 Pitfall 1 (no flash)"
        case .decSuccessCheckFallback: "002 §10 (\"Ready when you are!\" fallback); 002 §1 (no empty main app)"
        case .decStartedAfterReinstall: "000 Pitfall 3; 003 Timeout fallback, cache (survives kill, not reinstall)"
        case .decStartOverSignedIn: "003 Backend is source of truth; 003 Session (survives until sign-out)"
        case .decSignedInIntake: "000 Pitfall 12 (\"Can't go back after auth\"); 003 Session (survives until sign-out)"
        case .appAuthWall: "004 Auth wall"
        case .appOfflineBanner: "004 Offline banner (auto-shows/hides)"
        case .appStaleError: "002 §1, §2 (errorMessage = nil as each attempt starts)"
        case .pickupOnboardingAgain: "004 @AppStorage(\"hasCompletedOnboarding\"); routing: Onboarding (once) -> Sign In -> Main"
        case .pickupSkipNoFlag: "004 \"Skip\" text button; @AppStorage(\"hasCompletedOnboarding\")"
        case .pickupOfflineBypass: "004 Auth wall (no guest bypass); offline launch shows cached main view"
        case .pickupBannerSticks: "004 Banner auto-shows/hides (NWPathMonitor)"
        case .pickupUnconfirmedSignOut: "004 Sign-out confirmation alert (Cancel default, Sign Out destructive)"
        case .pickupDoubleSignIn: "004 Loading state overlays ProgressView() on button area"
        case .pickupDeadToken: "004 Token refresh triggered on MainTabView appear"
        case .pickupOfflineRetry: "004 Banner auto-shows/hides (NWPathMonitor); offline launch shows cached main view"
        case .pickupStaleLoad: "004 Sign Out: clears Keychain and routes back to WelcomeAuthView"
        case .pickupSilentSignInError: "004 Error display: inline below button"
        case .pickupSharedCache: "004 Offline launch shows cached main view; 003 cache keyed by user"
        }
    }
}

/// The set of mutants switched on for a run; empty is the fixed app.
public struct MutantSet: Sendable, Equatable, CustomStringConvertible {
    /// Sorted, without duplicates, so that its text is canonical.
    public let members: [Mutant]

    public init(_ mutants: [Mutant] = []) {
        members = Array(Set(mutants)).sorted()
    }

    public static let none = MutantSet()

    public func contains(_ mutant: Mutant) -> Bool { members.contains(mutant) }

    public var description: String {
        members.isEmpty ? "none" : members.map(\.rawValue).joined(separator: ",")
    }
}
