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

    /// One stable line for the trace.
    public var canonicalText: String {
        var parts = ["route=\(route.map(\.description) ?? "none")"]
        if let loadingScreen { parts.append("loading=\(loadingScreen)") }
        if let spinner { parts.append("spinner=\(spinner)") }
        if let errorText { parts.append("error=\"\(errorText)\"") }
        parts.append("actions=[\(actions.map(\.rawValue).joined(separator: ","))]")
        if !emailField.isEmpty { parts.append("email=\"\(emailField)\"") }
        if let countdown { parts.append("countdown=\(countdown)") }
        if !motionEffects.isEmpty { parts.append("motion=[\(motionEffects.joined(separator: ","))]") }
        if resumeGate { parts.append("resume-gate") }
        if let workoutCard { parts.append("card=\"\(workoutCard)\"") }
        if offlineBanner { parts.append("offline-banner") }
        if !foreground { parts.append("background") }
        return parts.joined(separator: " ")
    }
}
