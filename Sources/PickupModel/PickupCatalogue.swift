import AppVocabulary

/// The pickup app's bugs (seed 004), each put back into the model by a switch: its plug-in's
/// catalogue, what `guards`, `--mutant` and `regress` name.
public enum PickupCatalogue {
    public static let entries: [Mutant.Entry] = [
        Mutant.Entry(.pickupOnboardingAgain, app: .pickup,
              summary: "sign-out clears hasCompletedOnboarding: onboarding shows again after a sign-out",
              source: "004 @AppStorage(\"hasCompletedOnboarding\"); routing: Onboarding (once) -> Sign In -> Main"),
        Mutant.Entry(.pickupSkipNoFlag, app: .pickup,
              summary: "Skip does not store hasCompletedOnboarding: the next launch shows onboarding again",
              source: "004 \"Skip\" text button; @AppStorage(\"hasCompletedOnboarding\")"),
        Mutant.Entry(.pickupOfflineBypass, app: .pickup,
              summary: "an offline launch without a session shows main: the auth wall bypassed",
              source: "004 Auth wall (no guest bypass); offline launch shows cached main view"),
        Mutant.Entry(.pickupBannerSticks, app: .pickup,
              summary: "the offline banner is never cleared after the connection comes back",
              source: "004 Banner auto-shows/hides (NWPathMonitor)"),
        Mutant.Entry(.pickupUnconfirmedSignOut, app: .pickup,
              summary: "Sign Out signs out without the confirmation alert",
              source: "004 Sign-out confirmation alert (Cancel default, Sign Out destructive)"),
        Mutant.Entry(.pickupDoubleSignIn, app: .pickup,
              summary: "the sign-in button stays enabled while signing in: a double tap sends two requests",
              source: "004 Loading state overlays ProgressView() on button area"),
        Mutant.Entry(.pickupDeadToken, app: .pickup,
              summary: "a failed token refresh (401) leaves the user on main with nothing working",
              source: "004 Token refresh triggered on MainTabView appear"),
        Mutant.Entry(.pickupOfflineRetry, app: .pickup,
              summary: "main offers Retry while offline, and the tap changes nothing (found by explore --app pickup)",
              source: "004 Banner auto-shows/hides (NWPathMonitor); offline launch shows cached main view"),
        Mutant.Entry(.pickupStaleLoad, app: .pickup,
              summary: "a sign-out leaves the session's bookings load in flight: the next sign-in loads twice at once (found by explore --app pickup)",
              source: "004 Sign Out: clears Keychain and routes back to WelcomeAuthView"),
        Mutant.Entry(.pickupSilentSignInError, app: .pickup,
              summary: "a failed sign-in request puts the button back with no error: the user is left guessing",
              source: "004 Error display: inline below button"),
        Mutant.Entry(.pickupSharedCache, app: .pickup,
              summary: "the cached pickups are the phone's, not the user's: an offline launch shows the last user's list to the next",
              source: "004 Offline launch shows cached main view; 003 cache keyed by user"),
        Mutant.Entry(.pickupNextSkipsPage, app: .pickup,
              summary: "Next on the first page jumps to the last: the user never sees the second page (found by hand mutation; everyPageBeforeSignIn)",
              source: "004 (\"Next button for screens 1-2\"; \"First launch shows 3 onboarding screens before sign-in\")"),
        Mutant.Entry(.pickupOfflinePromise, app: .pickup,
              summary: "back online, main keeps \"You're offline. Your pickups will load when you're back online.\" and loads nothing until the user taps Retry (found by hand mutation; offlineMessageTruthful)",
              source: "004 (NWPathMonitor \"updates isOffline on path changes\"; \"Offline launch shows cached main view\"); 003 (\"Auto-sync when connection returns\")"),
        Mutant.Entry(.pickupSignOutKeepsList, app: .pickup,
              summary: "sign-out leaves the last user's pickups on main: the next person to sign in sees them until their own list loads (found by hand mutation, with the pickup-user-switch persona)",
              source: "004 (\"logout() which clears Keychain and routes back to WelcomeAuthView\"); 003 (\"Cache keyed by user\")"),
        Mutant.Entry(.pickupRefreshLostOffline, app: .pickup,
              summary: "a token refresh sent in the instant the device went offline (before the path monitor said so) fails offline and is never made once the connection is back (a bug of the fixed model, found at 10⁶ seeds by mainAppearanceRefreshesToken)",
              source: "004 (\"Token refresh triggered on MainTabView appear\"; NWPathMonitor \"updates isOffline on path changes\")"),
    ]
}

extension Mutant {
    // Their fingerprints spelled out, so that naming one costs nothing (a test holds each equal
    // to `NameFingerprint.of`).
    public static var pickupOnboardingAgain: Mutant { Mutant("pickup-onboarding-again", fingerprint: 0xd0a88fb2cd59efb0) }
    public static var pickupSkipNoFlag: Mutant { Mutant("pickup-skip-no-flag", fingerprint: 0x1655c428d0a33b8a) }
    public static var pickupOfflineBypass: Mutant { Mutant("pickup-offline-bypass", fingerprint: 0x576f1d791db9a552) }
    public static var pickupBannerSticks: Mutant { Mutant("pickup-banner-sticks", fingerprint: 0xa585b6a4a26b2850) }
    public static var pickupUnconfirmedSignOut: Mutant { Mutant("pickup-unconfirmed-sign-out", fingerprint: 0x4bb886e7b25918ab) }
    public static var pickupDoubleSignIn: Mutant { Mutant("pickup-double-sign-in", fingerprint: 0x784f8d39c3f7a363) }
    public static var pickupDeadToken: Mutant { Mutant("pickup-dead-token", fingerprint: 0xf4638a48b931ed86) }
    public static var pickupOfflineRetry: Mutant { Mutant("pickup-offline-retry", fingerprint: 0x45714949659c056c) }
    public static var pickupStaleLoad: Mutant { Mutant("pickup-stale-load", fingerprint: 0x2a26ca03a3a52f14) }
    public static var pickupSilentSignInError: Mutant { Mutant("pickup-silent-sign-in-error", fingerprint: 0x6505e97e1447c128) }
    public static var pickupSharedCache: Mutant { Mutant("pickup-shared-cache", fingerprint: 0x60743735d3c37d52) }
    public static var pickupNextSkipsPage: Mutant { Mutant("pickup-next-skips-page", fingerprint: 0xa4b29007a865540c) }
    public static var pickupOfflinePromise: Mutant { Mutant("pickup-offline-promise", fingerprint: 0x2d52f8cd6e447b17) }
    public static var pickupSignOutKeepsList: Mutant { Mutant("pickup-sign-out-keeps-list", fingerprint: 0x3fbc54cd9c93b862) }
    public static var pickupRefreshLostOffline: Mutant { Mutant("pickup-refresh-lost-offline", fingerprint: 0xb2ad4e2dd67a569e) }
}
