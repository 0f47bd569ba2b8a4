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

    public static func < (lhs: UserAction, rhs: UserAction) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
