/// Realistic mistakes a team could make implementing seed 004. All off by default.
public enum UmuveBug: String, CaseIterable, Sendable {
    /// "Skip" only jumps to the last page; the user still has to tap "Get Started".
    /// Breaks: "\"Skip\" text button in top-right corner".
    case skipDoesNotFinishOnboarding = "umuve-skip-does-not-finish-onboarding"
    /// Finishing onboarding is not written to UserDefaults: onboarding shows again on every launch.
    /// Breaks: "App routing: Onboarding (once) -> Sign In -> Main".
    case onboardingFlagNotPersisted = "umuve-onboarding-flag-not-persisted"
    /// Swiping back to a previous onboarding page snaps forward again.
    /// Breaks: "Uses `TabView` with `PageTabViewStyle(indexDisplayMode: .always)` for native iOS swipe + dots".
    case onboardingSwipeBackIgnored = "umuve-onboarding-swipe-back-ignored"
    /// Closing the Apple sheet shows "Sign in with Apple failed" below the button.
    /// Breaks: "Calls `authManager.handleAppleSignInCompletion(result)`" (a cancel is not a failure).
    case cancelShowsError = "umuve-cancel-shows-error"
    /// After a failed or cancelled sign-in the spinner stays over the button and it can't be tapped again.
    /// Breaks: "Loading state overlays `ProgressView()` on button area".
    case signInSpinnerStuck = "umuve-sign-in-spinner-stuck"
    /// A failed backend token exchange (or being offline) shows no message: the button just comes back.
    /// Breaks: "Error message displays inline below button in `Color.umuveError`".
    case backendSignInErrorSwallowed = "umuve-backend-sign-in-error-swallowed"
    /// Launching offline ignores the Keychain session and shows the sign-in screen.
    /// Breaks: "Offline launch shows cached main view with offline banner (NWPathMonitor overlay)".
    case offlineLaunchShowsSignIn = "umuve-offline-launch-shows-sign-in"
    /// A failed pickups load wipes the cached list off the screen, leaving only the error.
    /// Breaks: "Offline launch shows cached main view with offline banner".
    case failedLoadClearsList = "umuve-failed-load-clears-list"
    /// The "You're offline" banner never goes away once shown, even when back online.
    /// Breaks: "Banner auto-shows/hides with `.transition(.move(edge: .top).combined(with: .opacity))`".
    case bannerStuckAfterReconnect = "umuve-banner-stuck-after-reconnect"
    /// When the connection comes back nothing reloads: the stale list / offline error stays.
    /// Breaks: "Network monitor starts on `.onAppear`, updates `isOffline` on path changes".
    case noReloadOnReconnect = "umuve-no-reload-on-reconnect"
    /// The rotated refresh token is not written to the Keychain: next launch's refresh is refused and
    /// the user is signed out. Breaks: "Token refresh triggered on MainTabView appear".
    case rotatedRefreshTokenNotSaved = "umuve-rotated-refresh-token-not-saved"
    /// After a 401 the token is refreshed but the pickups request is not retried: an error shows.
    /// Breaks: "Token refresh triggered on MainTabView appear: `Task { await authManager.refreshTokenIfNeeded() }`".
    case noRetryAfterTokenRefresh = "umuve-no-retry-after-token-refresh"
    /// The launch refresh runs even offline and any failure signs the user out.
    /// Breaks: "Offline launch shows cached main view with offline banner".
    case refreshFailureSignsOutOffline = "umuve-refresh-failure-signs-out-offline"
    /// Sign-out leaves the pickups list in memory and in UserDefaults: the next user sees it.
    /// Breaks: "Sign Out calls `Task { await authManager.logout() }` which clears Keychain".
    case signOutKeepsCachedList = "umuve-sign-out-keeps-cached-list"
    /// A forced sign-out while the sign-out alert is up leaves it pending: it pops up after the next sign-in.
    /// Breaks: "`@State private var showSignOutConfirmation = false` for alert state".
    case alertSurvivesForcedSignOut = "umuve-alert-survives-forced-sign-out"
    /// A background refresh finishing after "Sign Out" writes the session back: the user is signed in again.
    /// Breaks: "Sign Out calls ... `logout()` which clears Keychain and routes back to WelcomeAuthView".
    case refreshResurrectsSignedOutSession = "umuve-refresh-resurrects-signed-out-session"
    /// A pickups load still in flight at sign-out lands later and shows the previous user's list.
    /// Breaks: "Auth wall: user must sign in before accessing any app content".
    case staleListAfterUserSwitch = "umuve-stale-list-after-user-switch"
    /// Concurrent refreshes (appear + 401 retry) both spend the same rotating refresh token; the
    /// loser's 401 signs the user out. Breaks: "Token refresh triggered on MainTabView appear".
    case duplicateRefreshRequests = "umuve-duplicate-refresh-requests"
    /// A revoked session sends the user to sign-in with no explanation.
    /// Breaks: "Auth wall: user must sign in before accessing any app content" (silently, unexplained).
    case noSignedOutMessage = "umuve-no-signed-out-message"
    // Found by onboarding-sim in the code above as first written (fixed; kept so the checks keep finding them).
    /// Refresh stays enabled offline: tapped, it fails at once with the error already shown, and
    /// nothing the user sees changes. Breaks: "Offline banner overlay on MainTabView".
    case refreshOfferedOffline = "umuve-refresh-offered-offline"
    /// A reload when the connection comes back starts beside a load already running: two requests
    /// for one list, and the failure of the first is never shown. Breaks: "updates `isOffline` on path changes".
    case concurrentListLoads = "umuve-concurrent-list-loads"
    /// The sign-in screen keeps "You're offline" after the connection is back.
    /// Breaks: "Banner auto-shows/hides" (what says offline follows the connection).
    case offlineSignInErrorStays = "umuve-offline-sign-in-error-stays"
    /// A sign-out leaves the list's request running: the next user's load goes out beside it.
    /// Breaks: "Sign Out calls `Task { await authManager.logout() }`" (the session's work ends with it).
    case signOutLeavesTheLoadRunning = "umuve-sign-out-leaves-the-load-running"
    /// The list's retry after a refresh is refused too (the account went meanwhile, or the tokens
    /// expired again): an error shows, with no second refresh, and the user stays in the main app
    /// as a user who may no longer exist. Breaks: seed 003's
    /// account loss, signed out and told why. (Found by #64's session refused after a failure.)
    case secondRefusalShowsAnError = "umuve-second-refusal-shows-an-error"
}
