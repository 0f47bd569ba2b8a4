/// What the system's Sign in with Apple sheet does with one sign-in attempt: the sheet any app
/// that offers Sign in with Apple shows (seed 004's pickup app does), so a scenario or a swarm
/// can say how it answers.
public enum CredentialSheetOutcome: String, Sendable, CaseIterable {
    /// The user approves; the app gets a credential to send to the backend.
    case approve
    /// The user closes the sheet (`ASAuthorizationError.canceled`): no error is due.
    case cancel
    /// The sheet fails (`ASAuthorizationError.failed`): the app says so below the button.
    case fail
}
