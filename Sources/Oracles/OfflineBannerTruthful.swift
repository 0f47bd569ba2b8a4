import SimKernel
import AppVocabulary

/// The offline banner tells the truth (seed 004: "Offline launch shows cached main view with
/// offline banner"; "Banner auto-shows/hides with .transition(…)").
///
/// On the screen that carries the banner (the main app, in the foreground) the banner shows while
/// the device is offline and is gone while it is online, each within the flash window of the
/// change: it may lag a connection change by an animation, never longer.
public struct OfflineBannerTruthful: Oracle {
    public let name = "offlineBannerTruthful"
    public let summary = "on the main app the offline banner shows exactly while the device is offline (within the flash window)"
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Only an app that declares a banner is held to one (`AppRoles(offlineBanner:)`).
        guard run.roles.showsOfflineBanner else { return [] }
        // Online all along and no banner anywhere: nothing to judge (most runs).
        if run.events([.connectivity]).isEmpty && !run.screens.contains(where: { $0.state.offlineBanner }) { return [] }
        var online = true
        var shown: ScreenState?
        var wrongSince: (time: SimulationInstant, index: Int)?
        func judge(until time: SimulationInstant) -> Violation? {
            guard let since = wrongSince, since.time.duration(to: time) > settings.flashWindow else { return nil }
            let state = online ? "online" : "offline"
            return Violation(oracle: name, at: since.time.advanced(by: settings.flashWindow),
                             message: "From \(since.time) the device was \(state) but the main app "
                                + "\(online ? "still showed" : "did not show") the offline banner for longer than "
                                + "\(settings.flashWindow.totalMilliseconds)ms. The banner follows the connection (seed 004).",
                             excerpt: run.lines([since.index]))
        }
        // In front by the device's record (launch, home, return), not by the app's flag.
        var inFront = true
        let view = run.events([.connectivity, .screen, .launched, .backgrounded, .foregrounded])
        for event in view.places {
            if let violation = judge(until: event.time) { return [violation] }
            switch view[event] {
            case .connectivity(let isOnline): online = isOnline
            case .screen(let state): shown = state
            case .backgrounded: inFront = false
            default: inFront = true
            }
            let wrong = shown.map { $0.route?.kind == .main && inFront && $0.offlineBanner == online } ?? false
            if !wrong { wrongSince = nil } else if wrongSince == nil { wrongSince = (event.time, event.index) }
        }
        return judge(until: run.end).map { [$0] } ?? []
    }
}
