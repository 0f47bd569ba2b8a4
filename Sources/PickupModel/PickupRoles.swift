import AppVocabulary

/// The roles of the pickup app's actions and requests (seed 004): what the oracles read of them,
/// declared the way any app declares its own (`AppRoles`).
public enum PickupRoles {
    public static let roles = AppRoles(
        actions: [
            (.getStarted, .start(returning: false)), (.retry, .retry),
            (.signOut, .signOut), (.confirmSignOut, .confirmSignOut),
            // The alert's Cancel, and the Apple sheet's close button.
            (.cancelSignOut, .cancel), (.cancelAppleSheet, .cancel),
        ],
        requests: [
            (.appleSignIn, RequestRole(purpose: .signsIn)),
            // "Token refresh triggered on MainTabView appear": the app's own, in the background.
            (.refreshSession, RequestRole(cause: .background, purpose: .refreshesSession, sentWhenMainAppears: true)),
            // The main tab's list of pickups: what the main screen shows.
            (.bookings, RequestRole(cause: .app, purpose: .loadsContent)),
        ],
        // What each error blames (004: the sheet's failure is the sheet's; offline, the cached view).
        errors: [
            ("Sign in with Apple failed", .systemSheet), ("Couldn't sign in", .request([.appleSignIn])),
            ("Your session has expired", .session), ("You're offline", .offline),
            ("Couldn't load your pickups", .request([.bookings])),
        ],
        // "Offline banner overlay on MainTabView: 'You're offline' with wifi.slash icon".
        offlineBanner: true)
}
