/// What the user sees at one instant: the route and everything on it an oracle may judge.
///
/// Oracles read this (through the trace), never the actors' internals.
public struct ScreenState: Sendable, Equatable {
    /// The root route; `nil` while the app is not running (never launched, or killed).
    public var route: Route?
    /// A full-screen loading view (`launch-screen`, `main-loading`, …), if one covers the route.
    public var loadingScreen: String?
    /// An inline activity indicator (a spinning button, options loading), if any.
    public var spinner: String?
    /// An error message on screen, if any.
    public var errorText: String?
    /// The actions the user can take now, in a fixed order.
    public var actions: [UserAction] = []
    /// Contents of the email field on the auth screen.
    public var emailField: String = ""
    /// The OTP resend countdown, while it shows.
    public var countdown: Int?
    /// Motion effects playing (`confetti`).
    public var motionEffects: [String] = []
    /// The "welcome back, resume where you left off" gate.
    public var resumeGate = false
    /// The first-workout card on the success screen.
    public var workoutCard: String?
    /// The offline banner of seed 004.
    public var offlineBanner = false
    /// True while the app is in the foreground.
    public var foreground = true

    public init(route: Route? = nil) { self.route = route }

    public static let notRunning = ScreenState(route: nil)

    /// One stable line for the trace (built by appending: it is rendered for every screen change).
    public var canonicalText: String {
        var text = "route="
        text.reserveCapacity(96)
        text += route.map(\.description) ?? "none"
        if let loadingScreen { text += " loading=" + loadingScreen }
        if let spinner { text += " spinner=" + spinner }
        if let errorText { text += " error=\"" + errorText + "\"" }
        text += " actions=["
        for (position, action) in actions.enumerated() {
            if position > 0 { text += "," }
            text += action.rawValue
        }
        text += "]"
        if !emailField.isEmpty { text += " email=\"" + emailField + "\"" }
        if let countdown { text += " countdown=" + String(countdown) }
        if !motionEffects.isEmpty { text += " motion=[" + motionEffects.joined(separator: ",") + "]" }
        if resumeGate { text += " resume-gate" }
        if let workoutCard { text += " card=\"" + workoutCard + "\"" }
        if offlineBanner { text += " offline-banner" }
        if !foreground { text += " background" }
        return text
    }
}
