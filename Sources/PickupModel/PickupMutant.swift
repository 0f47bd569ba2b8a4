/// The pickup app's bugs, each the behaviour before the line its fix changes (seed 004's rules).
public enum PickupMutant: String, Sendable, CaseIterable {
    /// Sign-out also clears the completion flag: onboarding shows again after a sign-out (the
    /// flag is device-wide: "Onboarding (once) -> Sign In -> Main").
    case onboardingAgain = "pickup-onboarding-again"
    /// Skip hides onboarding for this launch without storing the flag: the next launch shows it again.
    case skipWithoutFlag = "pickup-skip-no-flag"
    /// An offline launch without a session shows the cached main view: the auth wall bypassed.
    case offlineBypass = "pickup-offline-bypass"
    /// The banner shows when the connection goes and is never cleared when it comes back.
    case bannerSticks = "pickup-banner-sticks"
    /// Sign Out signs out at once, without the confirmation alert.
    case unconfirmedSignOut = "pickup-unconfirmed-sign-out"
    /// The button stays enabled under its loading overlay: a double tap sends two sign-ins.
    case doubleSignIn = "pickup-double-sign-in"
    /// A refused token refresh (401) is ignored: the user stays on main, where nothing loads.
    case deadToken = "pickup-dead-token"

    public var summary: String {
        switch self {
        case .onboardingAgain: "sign-out clears hasCompletedOnboarding: onboarding shows again after a sign-out"
        case .skipWithoutFlag: "Skip does not store hasCompletedOnboarding: the next launch shows onboarding again"
        case .offlineBypass: "an offline launch without a session shows main: the auth wall bypassed"
        case .bannerSticks: "the offline banner is never cleared after the connection comes back"
        case .unconfirmedSignOut: "Sign Out signs out without the confirmation alert"
        case .doubleSignIn: "the sign-in button stays enabled while signing in: a double tap sends two requests"
        case .deadToken: "a failed token refresh (401) leaves the user on main with nothing working"
        }
    }
}
