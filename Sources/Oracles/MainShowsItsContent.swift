import SimKernel
import AppVocabulary

/// The main screen shows the user's content, or says why not (seed 004: "Offline launch shows
/// cached main view with offline banner"; "Token refresh triggered on MainTabView appear", and the
/// list loads with it).
///
/// For an app that declares the request that loads its main screen's content
/// (`RequestRole.Purpose.loadsContent`): a main screen (a route of kind `.main`) in the
/// foreground, no alert over it, that stays for any time shows someone's content
/// (`ScreenState.contentOwner`; `ownDataOnly` judges whose), a spinner while it loads, or an error.
/// An empty main screen with none of these tells the user nothing, and nothing is coming: a dead
/// end after a sign-in. An app that declares no content request (the fix plan's main app is
/// outside its onboarding) is not judged.
public struct MainShowsItsContent: Oracle {
    public let name = "mainShowsItsContent"
    public let summary = "the main screen shows the user's content, a spinner while it loads, or an error"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard run.roles.declares(.loadsContent) else { return [] }
        for (position, screen) in run.screens.enumerated() where Self.isEmpty(screen.state) {
            let until = run.screenEnds(at: position)
            guard until > screen.time else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "From \(screen.time) to \(until) the main screen (\(screen.state.route!)) showed no content, "
                                + "no spinner and no error: load the user's content when it appears, and say so if it cannot load "
                                + "(seed 004: the main view shows the user's list, cached when offline).",
                              excerpt: run.excerpt(from: max(0, screen.index - 4), to: screen.index))]
        }
        return []
    }

    static func isEmpty(_ state: ScreenState) -> Bool {
        state.route?.kind == .main && state.foreground && state.alert == nil && state.contentOwner == nil
            && state.spinner == nil && state.errorText == nil
    }
}
