import SimKernel
import AppVocabulary

/// A screen that offers nothing says why (seed 002 §1: "Show error instead of assuming"; §10:
/// the success screen checks the program before it offers Start; seed 000 Pitfall 7).
///
/// A screen of the flow, in the foreground, with no action to take, no spinner, no loading screen,
/// no error and no system sheet over it (a permission prompt the user answers) leaves the user nothing to do and no sign that anything is happening. Such a
/// screen may pass within an instant; one that stays for any time at all is a blank wait, however
/// short (`noSilentDeadEnd` judges the long ones, after its patience). The main app is the
/// product's own screen and is not judged.
public struct NoBlankWait: Oracle {
    public let name = "noBlankWait"
    public let summary = "no screen of the flow stays with no action, no spinner and no error"
    /// A policy (`OraclePolicy`): one seed's way of keeping its promise.
    public var policy: OraclePolicy? {
        OraclePolicy(promise: "seed 002 §1: \"Show error instead of assuming\", and seed 000 Pitfall 7",
                     ways: ["give every screen of the flow an action, a spinner, a loading view or an error at every moment it stands"])
    }
    /// A promise of any app's screens (actions, spinners and errors are shared vocabulary).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        for (position, screen) in run.screens.enumerated() where Self.isBlank(screen.state) {
            let until = run.screenEnds(at: position)
            guard until > screen.time else { continue }
            let route = screen.state.route?.description ?? "no screen"
            return [Violation(oracle: name, at: screen.time,
                              message: "From \(screen.time) to \(until) the user saw \(route) with nothing to do, no spinner and "
                                + "no error: a blank wait. Show a spinner while the app works, or what went wrong and a way on "
                                + "(seed 002 §1, §10).",
                              excerpt: run.excerpt(from: max(0, screen.index - 4), to: screen.index))]
        }
        return []
    }

    static func isBlank(_ state: ScreenState) -> Bool {
        guard let route = state.route, route.kind != .main, state.foreground else { return false }
        // A system sheet over the app (the phone's permission prompt) is the user's to answer.
        return state.actions.isEmpty && state.spinner == nil && state.loadingScreen == nil && state.errorText == nil
            && state.alert == nil && state.systemSheet == nil
    }
}
