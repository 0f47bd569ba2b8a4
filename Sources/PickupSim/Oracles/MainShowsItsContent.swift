import SimKernel
import AppVocabulary
import Oracles

/// The main tab shows the user's pickups, or says why not (seed 004: "Offline launch shows cached
/// main view with offline banner"; "Token refresh triggered on MainTabView appear", and the list
/// loads with it).
///
/// A main screen in the foreground (no alert over it) that stays for any time shows someone's
/// list (`ownDataOnly` judges whose), a spinner while it loads, or an error: an empty main tab
/// with none of these tells the user nothing, and nothing is coming. The pickup app's rule: the
/// fix plan's main app is outside its onboarding.
public struct MainShowsItsContent: Oracle {
    public let name = "mainShowsItsContent"
    public let summary = "the main tab shows the user's list, a spinner while it loads, or an error"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        for (position, screen) in run.screens.enumerated() where Self.isEmpty(screen.state) {
            let until = run.screenEnds(at: position)
            guard until > screen.time else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "From \(screen.time) to \(until) the main tab showed no list, no spinner and no error: "
                                + "load the user's pickups when it appears, and say so if they cannot load (seed 004).",
                              excerpt: run.excerpt(from: max(0, screen.index - 4), to: screen.index))]
        }
        return []
    }

    static func isEmpty(_ state: ScreenState) -> Bool {
        state.route == .mainTab && state.foreground && state.alert == nil && state.contentOwner == nil
            && state.spinner == nil && state.errorText == nil
    }
}
