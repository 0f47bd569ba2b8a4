import SimKernel
import AppVocabulary

/// Onboarding shows once per install (seed 004: "@AppStorage("hasCompletedOnboarding")",
/// "Routing: Onboarding (once) → Sign In → Main").
///
/// Once the app has shown anything past onboarding (the sign-in wall or the main app), no
/// onboarding page shows again until the app is deleted and reinstalled: not after a kill, not
/// after a sign-out, not to a second user of the same phone. The flag is the device's, not a user's.
public struct OnboardingOncePerInstall: Oracle {
    public let name = "onboardingOncePerInstall"
    public let summary = "once past onboarding, no onboarding page shows again until a reinstall"
    /// The kinds of screen past onboarding: once one shows, onboarding is over for the install.
    let pastOnboarding: [Route.Kind]
    /// The device's flag that says onboarding is over, and where the promise comes from, as the message names them.
    let flag: String
    let promise: String

    /// The pickup app's rule (seed 004). A plug-in whose onboarding holds a sign-up screen of
    /// its own names only `.main` (seed 001's Trendy: `onboarding_complete` is the device's).
    public init(pastOnboarding: [Route.Kind] = [.auth, .main], flag: String = "hasCompletedOnboarding", promise: String = "seed 004") {
        self.pastOnboarding = pastOnboarding
        self.flag = flag
        self.promise = promise
    }

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var past: RunObservation.Event?
        let view = run.events([.screen, .reinstalled])
        for event in view.places {
            guard case .screen(let state) = view[event] else {
                past = nil  // a reinstall deletes the flag with the app
                continue
            }
            guard let kind = state.route?.kind else { continue }
            if pastOnboarding.contains(kind) {
                if past == nil { past = view.recorded(event) }
            } else if kind == .onboarding, let past {
                let between = run.events([.userAction, .killed, .launched, .signedOut]).between(after: past.index, before: event.index)
                return [Violation(oracle: name, at: event.time,
                                  message: "Onboarding showed again at \(event.time) (\(state.route.map(\.description) ?? "")) "
                                    + "although the app had shown \(kindName(of: past)) at \(past.time) and was not reinstalled. "
                                    + "Onboarding shows once per install: store \(flag) when it ends, however it ends, "
                                    + "and keep it through sign-outs (\(promise)).",
                                  excerpt: run.lines([past.index] + between.suffix(4).map(\.index) + [event.index]))]
            }
        }
        return []
    }

    private func kindName(of event: RunObservation.Event) -> String {
        guard case .screen(let state) = event.event, let route = state.route else { return "a screen" }
        return route.kind == .main ? "the main app" : "\(route)"
    }
}
