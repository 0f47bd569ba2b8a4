/// A known bug of the fix plan or the seeds, put back into a model by a switch.
///
/// Default: every switch off, the fixed app. Each switch sits at the line its fix changes,
/// with a comment quoting the seed, so the model's code documents each fix.
///
/// Open: an app outside this package names its own bugs (`Mutant("trendy-lost-step")`) and lists
/// them, with their summaries and sources, in its plug-in's catalogue. Two mutants are the same
/// when their ids are.
public struct Mutant: ListedVocabularyName {
    /// The catalogue id, as scenarios' `guards` and `--mutant` name it (`fix-3`).
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    public init(_ id: String) { rawValue = id; fingerprint = NameFingerprint.of(id) }
    /// Any id makes a mutant; `Mutant.entry(named:)` says whether a catalogue lists it.
    public init(rawValue: String) { self.init(rawValue) }
    /// For the names below: their fingerprints spelled out, so that naming one costs nothing
    /// (a test holds each equal to `NameFingerprint.of`).
    @usableFromInline init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }

    public static func listedPosition(of name: Mutant) -> Int? { positions[name.rawValue] }

    /// One catalogue line: the bug, the app it is in, what the old code did and where the seeds say so.
    public struct Entry: Sendable {
        public let mutant: Mutant
        /// The app the bug is in.
        public let app: AppID
        /// What the old code did, in one line.
        public let summary: String
        /// The seed file and section the bug comes from.
        public let source: String

        public init(_ mutant: Mutant, app: AppID, summary: String, source: String) {
            self.mutant = mutant
            self.app = app
            self.summary = summary
            self.source = source
        }
    }

    /// The catalogue entry of the mutant with this id, if a catalogue lists it.
    public static func entry(named id: String) -> Entry? { positions[id].map { catalogue[$0] } }

    /// The bundled catalogue's ids, in catalogue order.
    public static let allCases: [Mutant] = catalogue.map(\.mutant)

    private static let positions: [String: Int] = Dictionary(
        uniqueKeysWithValues: catalogue.enumerated().map { ($0.element.mutant.rawValue, $0.offset) })

    /// The app the bug is in (the fix plan's for an id no catalogue lists).
    public var app: AppID { Self.entry(named: rawValue)?.app ?? .fixPlan }
    /// What the old code did, in one line.
    public var summary: String { Self.entry(named: rawValue)?.summary ?? "" }
    /// The seed file and section the bug comes from.
    public var source: String { Self.entry(named: rawValue)?.source ?? "" }
}

extension Mutant {
    @inlinable public static var fix1: Mutant { Mutant("fix-1", fingerprint: 0xbbe0a67fb5398cfa) }
    @inlinable public static var fix2: Mutant { Mutant("fix-2", fingerprint: 0xbbe0a57fb5398b47) }
    @inlinable public static var fix3: Mutant { Mutant("fix-3", fingerprint: 0xbbe0a47fb5398994) }
    @inlinable public static var fix4: Mutant { Mutant("fix-4", fingerprint: 0xbbe0a37fb53987e1) }
    @inlinable public static var fix5: Mutant { Mutant("fix-5", fingerprint: 0xbbe0a27fb539862e) }
    @inlinable public static var fix6: Mutant { Mutant("fix-6", fingerprint: 0xbbe0a17fb539847b) }
    @inlinable public static var fix7: Mutant { Mutant("fix-7", fingerprint: 0xbbe0a07fb53982c8) }
    @inlinable public static var fix8: Mutant { Mutant("fix-8", fingerprint: 0xbbe09f7fb5398115) }
    @inlinable public static var fix9: Mutant { Mutant("fix-9", fingerprint: 0xbbe09e7fb5397f62) }
    @inlinable public static var fix10: Mutant { Mutant("fix-10", fingerprint: 0x7847b500f0ca3b3e) }
    @inlinable public static var fix11: Mutant { Mutant("fix-11", fingerprint: 0x7847b600f0ca3cf1) }
    @inlinable public static var fix12: Mutant { Mutant("fix-12", fingerprint: 0x7847b300f0ca37d8) }
    @inlinable public static var fix13: Mutant { Mutant("fix-13", fingerprint: 0x7847b400f0ca398b) }
    @inlinable public static var fix14: Mutant { Mutant("fix-14", fingerprint: 0x7847b900f0ca420a) }
    @inlinable public static var pit1: Mutant { Mutant("pit-1", fingerprint: 0x54b35165a9ee70d4) }
    @inlinable public static var pit2: Mutant { Mutant("pit-2", fingerprint: 0x54b35465a9ee75ed) }
    @inlinable public static var pit3: Mutant { Mutant("pit-3", fingerprint: 0x54b35365a9ee743a) }
    @inlinable public static var pit6: Mutant { Mutant("pit-6", fingerprint: 0x54b35065a9ee6f21) }
    @inlinable public static var pit7: Mutant { Mutant("pit-7", fingerprint: 0x54b34f65a9ee6d6e) }
    @inlinable public static var pit10: Mutant { Mutant("pit-10", fingerprint: 0xdb2433bfc029d36c) }
    @inlinable public static var pit12: Mutant { Mutant("pit-12", fingerprint: 0xdb2435bfc029d6d2) }
    @inlinable public static var decCacheUser: Mutant { Mutant("dec-cache-user", fingerprint: 0x5b36060cc11b61dc) }
    @inlinable public static var decCorrupt: Mutant { Mutant("dec-corrupt", fingerprint: 0x57fd27c81b9e1073) }
    @inlinable public static var decTimeout: Mutant { Mutant("dec-timeout", fingerprint: 0x8c95f56a34d0dc8d) }
    @inlinable public static var decResumeLogin: Mutant { Mutant("dec-resume-login", fingerprint: 0x5a66ddfb6ef210a5) }
    @inlinable public static var decAccountLoss: Mutant { Mutant("dec-account-loss", fingerprint: 0x389b464637acf817) }
    @inlinable public static var decSourceOfTruth: Mutant { Mutant("dec-source-of-truth", fingerprint: 0x233dd9e1bc53aa5f) }
    @inlinable public static var decOfflineEvents: Mutant { Mutant("dec-offline-events", fingerprint: 0xcb021478e7f0e2e9) }
    @inlinable public static var decPushOrder: Mutant { Mutant("dec-push-order", fingerprint: 0x8f0427514cf5c217) }
    @inlinable public static var decResumeAnonymous: Mutant { Mutant("dec-resume-anonymous", fingerprint: 0x8a4fd424fbf91a05) }
    @inlinable public static var decProgressElsewhere: Mutant { Mutant("dec-progress-elsewhere", fingerprint: 0x6cd2413352116fbc) }
    @inlinable public static var decResumeStep: Mutant { Mutant("dec-resume-step", fingerprint: 0x91246c300ffda6ea) }
    @inlinable public static var decSignedInIntake: Mutant { Mutant("dec-signed-in-intake", fingerprint: 0x5ce892cb3510aa6d) }
    @inlinable public static var decStartOverSignedIn: Mutant { Mutant("dec-start-over-signed-in", fingerprint: 0xcc0028b820e6bcce) }
    @inlinable public static var decStartedAfterReinstall: Mutant { Mutant("dec-started-after-reinstall", fingerprint: 0x92240004745df8b5) }
    @inlinable public static var decSuccessCheckFlash: Mutant { Mutant("dec-success-check-flash", fingerprint: 0x210651a151092adf) }
    @inlinable public static var decSuccessCheckFallback: Mutant { Mutant("dec-success-check-fallback", fingerprint: 0xf5551e2b1eb26d6d) }
    @inlinable public static var appAuthWall: Mutant { Mutant("app-auth-wall", fingerprint: 0x025f25b2b2a49994) }
    @inlinable public static var appOfflineBanner: Mutant { Mutant("app-offline-banner", fingerprint: 0xafd8b79da1c5362f) }
    @inlinable public static var appStaleError: Mutant { Mutant("app-stale-error", fingerprint: 0x910a235805ea30eb) }
    @inlinable public static var appOfflineTap: Mutant { Mutant("app-offline-tap", fingerprint: 0x5089195e9f53ec82) }
    @inlinable public static var appBackToIntake: Mutant { Mutant("app-back-to-intake", fingerprint: 0xa679eb85a5a03ef1) }
    @inlinable public static var appPushWithoutPermission: Mutant { Mutant("app-push-without-permission", fingerprint: 0xa2e0175781051216) }
    @inlinable public static var appSlowCountdown: Mutant { Mutant("app-slow-countdown", fingerprint: 0xe2fb5f4bffc0c498) }
    @inlinable public static var appFirstGoalSaved: Mutant { Mutant("app-first-goal-saved", fingerprint: 0xad63e3c8baa6704f) }
    @inlinable public static var appCompletionNotLogged: Mutant { Mutant("app-completion-not-logged", fingerprint: 0xefade1057254b8e2) }
    @inlinable public static var appFailedResendWaits: Mutant { Mutant("app-failed-resend-waits", fingerprint: 0xd43b61526e9de241) }
    @inlinable public static var appNetworkBlamesCode: Mutant { Mutant("app-network-blames-code", fingerprint: 0xf5a8ae521f578990) }
    @inlinable public static var appCancelledActivationError: Mutant { Mutant("app-cancelled-activation-error", fingerprint: 0x2460d1e800119966) }
    @inlinable public static var pickupOnboardingAgain: Mutant { Mutant("pickup-onboarding-again", fingerprint: 0xd0a88fb2cd59efb0) }
    @inlinable public static var pickupSkipNoFlag: Mutant { Mutant("pickup-skip-no-flag", fingerprint: 0x1655c428d0a33b8a) }
    @inlinable public static var pickupOfflineBypass: Mutant { Mutant("pickup-offline-bypass", fingerprint: 0x576f1d791db9a552) }
    @inlinable public static var pickupBannerSticks: Mutant { Mutant("pickup-banner-sticks", fingerprint: 0xa585b6a4a26b2850) }
    @inlinable public static var pickupUnconfirmedSignOut: Mutant { Mutant("pickup-unconfirmed-sign-out", fingerprint: 0x4bb886e7b25918ab) }
    @inlinable public static var pickupDoubleSignIn: Mutant { Mutant("pickup-double-sign-in", fingerprint: 0x784f8d39c3f7a363) }
    @inlinable public static var pickupDeadToken: Mutant { Mutant("pickup-dead-token", fingerprint: 0xf4638a48b931ed86) }
    @inlinable public static var pickupOfflineRetry: Mutant { Mutant("pickup-offline-retry", fingerprint: 0x45714949659c056c) }
    @inlinable public static var pickupStaleLoad: Mutant { Mutant("pickup-stale-load", fingerprint: 0x2a26ca03a3a52f14) }
    @inlinable public static var pickupSilentSignInError: Mutant { Mutant("pickup-silent-sign-in-error", fingerprint: 0x6505e97e1447c128) }
    @inlinable public static var pickupSharedCache: Mutant { Mutant("pickup-shared-cache", fingerprint: 0x60743735d3c37d52) }
    @inlinable public static var pickupNextSkipsPage: Mutant { Mutant("pickup-next-skips-page", fingerprint: 0xa4b29007a865540c) }
    @inlinable public static var pickupOfflinePromise: Mutant { Mutant("pickup-offline-promise", fingerprint: 0x2d52f8cd6e447b17) }
    @inlinable public static var pickupSignOutKeepsList: Mutant { Mutant("pickup-sign-out-keeps-list", fingerprint: 0x3fbc54cd9c93b862) }
    @inlinable public static var pickupRefreshLostOffline: Mutant { Mutant("pickup-refresh-lost-offline", fingerprint: 0xb2ad4e2dd67a569e) }
}

extension Mutant {
    /// The bundled apps' bugs, the fix plan's app first (002's fixes, 000's pitfalls, 003's
    /// decisions, 004's app-wide ones), then the pickup app's.
    static let catalogue: [Entry] = [
        Entry(.fix1, app: .fixPlan,
              summary: "completeLogin() catch sets phase complete: empty main app after a failed journey fetch",
              source: "002 §1"),
        Entry(.fix2, app: .fixPlan,
              summary: "goal generation is fire-and-forget with no retry: one transient failure shows an error",
              source: "002 §2"),
        Entry(.fix3, app: .fixPlan,
              summary: "activation chain ignores approve/activate errors: the button stops, nothing happens",
              source: "002 §3"),
        Entry(.fix4, app: .fixPlan,
              summary: "syncWithBackend() is a no-op: reinstall with a live session restarts onboarding",
              source: "002 §4"),
        Entry(.fix5, app: .fixPlan,
              summary: "OTP resend timer never cancelled: old timers keep counting after the screen is gone",
              source: "002 §5"),
        Entry(.fix6, app: .fixPlan,
              summary: "'Use a different email' clears the email: the auth field comes back empty",
              source: "002 §6"),
        Entry(.fix7, app: .fixPlan,
              summary: "notification permission granted but the app never registers for remote notifications",
              source: "002 §7"),
        Entry(.fix8, app: .fixPlan,
              summary: "goal selection failure is silent: the button re-enables with no message",
              source: "002 §8"),
        Entry(.fix9, app: .fixPlan,
              summary: "resend code always sends shouldCreateUser: true, even for returning users",
              source: "002 §9"),
        Entry(.fix10, app: .fixPlan,
              summary: "success screen shown without checking that the program was activated",
              source: "002 §10"),
        Entry(.fix11, app: .fixPlan,
              summary: "confetti ignores Reduce Motion",
              source: "002 §11"),
        Entry(.fix12, app: .fixPlan,
              summary: "strict email regex rejects valid addresses such as o'brien@gmail.com",
              source: "002 §12"),
        Entry(.fix13, app: .fixPlan,
              summary: "resume gate shown on foreground as well as on cold launch",
              source: "002 §13"),
        Entry(.fix14, app: .fixPlan,
              summary: "legal document URLs are example.com placeholders",
              source: "002 §14"),
        Entry(.pit1, app: .fixPlan,
              summary: "auth restore and onboarding check in separate state: onboarding flashes for returning users",
              source: "000 Pitfall 1"),
        Entry(.pit2, app: .fixPlan,
              summary: "nested loading screens: launch loading, then the main app's own loading view",
              source: "000 Pitfall 2"),
        Entry(.pit3, app: .fixPlan,
              summary: "initialisation re-runs on view recreation: onboarding_started sent again",
              source: "000 Pitfall 3"),
        Entry(.pit6, app: .fixPlan,
              summary: "local-first step write whose backend push is never retried: progress lost",
              source: "000 Pitfall 6; 003 Sync timing"),
        Entry(.pit7, app: .fixPlan,
              summary: "completion routed through NotificationCenter: missed while the observer is detached",
              source: "000 Pitfall 7; 003 NotificationCenter routing"),
        Entry(.pit10, app: .fixPlan,
              summary: "a button's action does not guard on its own busy state: two quick taps send two requests",
              source: "000 Pitfall 10"),
        Entry(.pit12, app: .fixPlan,
              summary: "back is offered after sign-in and steps back across it: processOverview goes back to the code screen",
              source: "000 Pitfall 12"),
        Entry(.decCacheUser, app: .fixPlan,
              summary: "onboarding cache not keyed by user: user B inherits user A's status",
              source: "003 Cache behavior (per-user)"),
        Entry(.decCorrupt, app: .fixPlan,
              summary: "corrupted onboarding cache trusted as complete",
              source: "003 Cache behavior (corrupted)"),
        Entry(.decTimeout, app: .fixPlan,
              summary: "launch backend check has no timeout: loading forever when it never answers",
              source: "003 Loading state (timeout fallback)"),
        Entry(.decResumeLogin, app: .fixPlan,
              summary: "a log-in resumed after a kill forgets it is a log-in: its code request asks to create the account",
              source: "003 Force-quit mid-onboarding (resume); 002 §9"),
        Entry(.decAccountLoss, app: .fixPlan,
              summary: "a 401 for the signed-in account is taken for a network error: session and cache stay, the main app stays up",
              source: "003 Account loss (deletion/password reset)"),
        Entry(.decSourceOfTruth, app: .fixPlan,
              summary: "a sign-up that signs in to an existing account ignores its journey: a finished user onboards again",
              source: "003 Backend is source of truth; 002 §1-2"),
        Entry(.decOfflineEvents, app: .fixPlan,
              summary: "analytics events are fire-and-forget: one sent offline (onboarding_completed) is lost",
              source: "003 Offline completion: auto-sync (SyncQueue, same as events)"),
        Entry(.decPushOrder, app: .fixPlan,
              summary: "each step's progress push is sent on its own, not after the previous one: pushes arrive out of order",
              source: "003 Push to backend after each onboarding step (SyncQueue)"),
        Entry(.decResumeAnonymous, app: .fixPlan,
              summary: "progress before sign-in is not cached (no user to key it by): a force-quit in the intake restarts at the intro",
              source: "003 Force-quit mid-onboarding: resume from the cached step"),
        Entry(.decResumeStep, app: .fixPlan,
              summary: "a force-quit on the code screen restarts at the intro instead of the email step",
              source: "003 Force-quit mid-onboarding: resume from the cached step"),
        Entry(.decProgressElsewhere, app: .fixPlan,
              summary: "a signed-in relaunch with a cached step never asks the backend: steps done on another device are done again",
              source: "002 §4 (progress made on another device); 003 Backend is source of truth; cross-device continuity"),
        Entry(.decSignedInIntake, app: .fixPlan,
              summary: "a signed-in user routed to the intake goes on to the email screen, and Back leads to the intro: asked to sign in again",
              source: "000 Pitfall 12 (\"Can't go back after auth\"); 003 Session (survives until sign-out)"),
        Entry(.decStartOverSignedIn, app: .fixPlan,
              summary: "the resume gate offers a signed-in user Start over, which goes back to the intro: asked to sign in again",
              source: "003 Backend is source of truth; 003 Session (survives until sign-out)"),
        Entry(.decStartedAfterReinstall, app: .fixPlan,
              summary: "a signed-in user sent to the intro by a fallback launch after a reinstall logs onboarding_started again (its guard was in the deleted cache)",
              source: "000 Pitfall 3; 003 Timeout fallback, cache (survives kill, not reinstall)"),
        Entry(.decSuccessCheckFlash, app: .fixPlan,
              summary: "the success screen that finds the program not active sends the user back to program review by itself, a moment after it showed: a route flash",
              source: "002 §10; 000 Pitfall 1 (no flash)"),
        Entry(.decSuccessCheckFallback, app: .fixPlan,
              summary: "the success screen that cannot check the program shows 'Ready when you are!' and lets the user start: an empty main app if it was not active",
              source: "002 §10 (\"Ready when you are!\" fallback); 002 §1 (no empty main app)"),
        Entry(.appAuthWall, app: .fixPlan,
              summary: "sign-out from the main app clears the session but the main app stays on screen",
              source: "004 Auth wall"),
        Entry(.appOfflineBanner, app: .fixPlan,
              summary: "the offline banner shows when the connection drops and never hides when it returns",
              source: "004 Offline banner (auto-shows/hides)"),
        Entry(.appStaleError, app: .fixPlan,
              summary: "Continue after a failed journey check spins with the old \"Couldn't connect\" still on screen (found by onboarding-mutate's errorClearsOnNewAttempt)",
              source: "002 §1, §2 (errorMessage = nil as each attempt starts)"),
        Entry(.appOfflineTap, app: .fixPlan,
              summary: "offline, a tap's request fails at once and the error already on screen comes back unchanged: the tap does nothing (found by everyTapHasAnEffect once it judged only screens that stood)",
              source: "003 (\"Offline-first: Never block user from continuing onboarding due to network\"), 002 §3"),
        Entry(.appBackToIntake, app: .fixPlan,
              summary: "Back on the email screen goes to the intake's last step however the user came: one who tapped Log in on the intro is sent into the sign-up's intake (found by hand mutation; backReturnsWhereTheUserCameFrom)",
              source: "000 Pitfall 12 (\"Define clear back navigation rules\": each step's previous)"),
        Entry(.appPushWithoutPermission, app: .fixPlan,
              summary: "the push token is registered whatever the user answers the notification prompt: \"Don't Allow\" and the backend still gets a token (found by hand mutation; pushRegistered now judges both ways)",
              source: "002 §7 (the fix: \"if granted { UIApplication.shared.registerForRemoteNotifications() }\")"),
        Entry(.appSlowCountdown, app: .fixPlan,
              summary: "the resend countdown runs 60 s, not 30: Resend comes a minute after each code (found by hand mutation; resendAfterTheCountdown now judges a late Resend too)",
              source: "002 §5 (startResendTimer(): resendCountdown = 30)"),
        Entry(.appFirstGoalSaved, app: .fixPlan,
              summary: "Confirm saves the first goal on the list, whichever the user selected (found by hand mutation once the free user picked among the goals the screen lists)",
              source: "002 §8 (confirmSelection() saves the goal the user selected on GoalReviewView)"),
        Entry(.appCompletionNotLogged, app: .fixPlan,
              summary: "Start on the success screen never logs onboarding_completed: the funnel loses every finished user (found by hand mutation; exactlyOnce now also asks for it once)",
              source: "000 (\"Analytics show same user completing onboarding multiple times\": the completion event, once per user); 003 (\"Offline completion: Auto-sync when connection returns\")"),
        Entry(.appFailedResendWaits, app: .fixPlan,
              summary: "a failed resend restarts the 30 s countdown anyway: \"Failed to resend code. Please try again.\" with Resend gone for half a minute (found by hand mutation; tryAgainIsOffered)",
              source: "002 §9 (the fix: canResend = false; resendCountdown = 30 only after a successful resend, else \"Failed to resend code. Please try again.\")"),
        Entry(.appNetworkBlamesCode, app: .fixPlan,
              summary: "a code lost to the network is answered \"That code didn't work. Check it and try again.\" like a wrong one: the user retypes a right code instead of waiting for the connection (found by hand mutation; inputBlamedOnlyWhenRejected)",
              source: "002 §1 (the fix: a failed call shows \"Couldn't connect. Please check your connection and try again.\"); verifyCode answers only a rejected (401) code with the code's error"),
        Entry(.appCancelledActivationError, app: .fixPlan,
              summary: "an activation cancelled by the end of its session (a revoked or deleted account) records \"Couldn't activate your program\" after the sign-out cleared the errors: the next sign-in opens program review with an error before any tap (a bug of the fixed model, found by a hand-written bug's reader; errorHasACause)",
              source: "002 §3 (\"Check if approve failed\": this attempt's error); 003 (account loss: the user signs in again to a clean session)"),
        Entry(.pickupOnboardingAgain, app: .pickup,
              summary: "sign-out clears hasCompletedOnboarding: onboarding shows again after a sign-out",
              source: "004 @AppStorage(\"hasCompletedOnboarding\"); routing: Onboarding (once) -> Sign In -> Main"),
        Entry(.pickupSkipNoFlag, app: .pickup,
              summary: "Skip does not store hasCompletedOnboarding: the next launch shows onboarding again",
              source: "004 \"Skip\" text button; @AppStorage(\"hasCompletedOnboarding\")"),
        Entry(.pickupOfflineBypass, app: .pickup,
              summary: "an offline launch without a session shows main: the auth wall bypassed",
              source: "004 Auth wall (no guest bypass); offline launch shows cached main view"),
        Entry(.pickupBannerSticks, app: .pickup,
              summary: "the offline banner is never cleared after the connection comes back",
              source: "004 Banner auto-shows/hides (NWPathMonitor)"),
        Entry(.pickupUnconfirmedSignOut, app: .pickup,
              summary: "Sign Out signs out without the confirmation alert",
              source: "004 Sign-out confirmation alert (Cancel default, Sign Out destructive)"),
        Entry(.pickupDoubleSignIn, app: .pickup,
              summary: "the sign-in button stays enabled while signing in: a double tap sends two requests",
              source: "004 Loading state overlays ProgressView() on button area"),
        Entry(.pickupDeadToken, app: .pickup,
              summary: "a failed token refresh (401) leaves the user on main with nothing working",
              source: "004 Token refresh triggered on MainTabView appear"),
        Entry(.pickupOfflineRetry, app: .pickup,
              summary: "main offers Retry while offline, and the tap changes nothing (found by explore --app pickup)",
              source: "004 Banner auto-shows/hides (NWPathMonitor); offline launch shows cached main view"),
        Entry(.pickupStaleLoad, app: .pickup,
              summary: "a sign-out leaves the session's bookings load in flight: the next sign-in loads twice at once (found by explore --app pickup)",
              source: "004 Sign Out: clears Keychain and routes back to WelcomeAuthView"),
        Entry(.pickupSilentSignInError, app: .pickup,
              summary: "a failed sign-in request puts the button back with no error: the user is left guessing",
              source: "004 Error display: inline below button"),
        Entry(.pickupSharedCache, app: .pickup,
              summary: "the cached pickups are the phone's, not the user's: an offline launch shows the last user's list to the next",
              source: "004 Offline launch shows cached main view; 003 cache keyed by user"),
        Entry(.pickupNextSkipsPage, app: .pickup,
              summary: "Next on the first page jumps to the last: the user never sees the second page (found by hand mutation; everyPageBeforeSignIn)",
              source: "004 (\"Next button for screens 1-2\"; \"First launch shows 3 onboarding screens before sign-in\")"),
        Entry(.pickupOfflinePromise, app: .pickup,
              summary: "back online, main keeps \"You're offline. Your pickups will load when you're back online.\" and loads nothing until the user taps Retry (found by hand mutation; offlineMessageTruthful)",
              source: "004 (NWPathMonitor \"updates isOffline on path changes\"; \"Offline launch shows cached main view\"); 003 (\"Auto-sync when connection returns\")"),
        Entry(.pickupSignOutKeepsList, app: .pickup,
              summary: "sign-out leaves the last user's pickups on main: the next person to sign in sees them until their own list loads (found by hand mutation, with the pickup-user-switch persona)",
              source: "004 (\"logout() which clears Keychain and routes back to WelcomeAuthView\"); 003 (\"Cache keyed by user\")"),
        Entry(.pickupRefreshLostOffline, app: .pickup,
              summary: "a token refresh sent in the instant the device went offline (before the path monitor said so) fails offline and is never made once the connection is back (a bug of the fixed model, found at 10⁶ seeds by mainAppearanceRefreshesToken)",
              source: "004 (\"Token refresh triggered on MainTabView appear\"; NWPathMonitor \"updates isOffline on path changes\")"),
    ]
}

/// The set of mutants switched on for a run; empty is the fixed app.
public struct MutantSet: Sendable, Equatable, CustomStringConvertible {
    /// Sorted, without duplicates, so that its text is canonical.
    public let members: [Mutant]

    public init(_ mutants: [Mutant] = []) {
        members = Array(Set(mutants)).sorted()
    }

    public static let none = MutantSet()

    @inlinable public func contains(_ mutant: Mutant) -> Bool { !members.isEmpty && members.contains(mutant) }

    public var description: String {
        members.isEmpty ? "none" : members.map(\.rawValue).joined(separator: ",")
    }
}
