/// Something a user can do on a screen. The screen lists the ones enabled at each instant.
public enum UserAction: String, Sendable, CaseIterable, Comparable {
    case getStarted = "get-started"
    case logIn = "log-in"
    case next = "continue"
    case typeEmail = "type-email"
    case sendCode = "send-code"
    case typeCode = "type-code"
    case verify
    case resendCode = "resend-code"
    case useDifferentEmail = "use-different-email"
    case retry
    case selectGoal = "select-goal"
    case confirmGoal = "confirm-goal"
    case activate
    case enableNotifications = "enable-notifications"
    case notNow = "not-now"
    case start
    case resume
    case startOver = "start-over"
    case openTerms = "open-terms"
    /// The back button (000 Pitfall 12): one step back where the flow allows it.
    case back
    // The pickup app (seed 004); `get-started` and `retry` are shared.
    /// "Next" on the first two onboarding pages.
    case nextPage = "next"
    /// "Skip", top right on every onboarding page.
    case skip
    /// The Sign in with Apple button (the app's only sign-in).
    case signInWithApple = "sign-in-with-apple"
    /// Sign Out in Profile: asks for a confirmation first.
    case signOut = "sign-out"
    /// The confirmation alert's destructive "Sign Out".
    case confirmSignOut = "confirm-sign-out"
    /// The confirmation alert's "Cancel" (the default).
    case cancelSignOut = "cancel-sign-out"
    /// The Apple sheet's close button, while the sheet is up: the user changed their mind.
    case cancelAppleSheet = "cancel-apple-sheet"

    public static func < (lhs: UserAction, rhs: UserAction) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
