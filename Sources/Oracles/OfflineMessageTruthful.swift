import SimKernel
import AppVocabulary

/// A message that tells the user they are offline is true (seed 004: the app watches the
/// connection with `NWPathMonitor`, "updates `isOffline` on path changes"; seed 003: "Offline
/// completion: Auto-sync when connection returns").
///
/// Judged by the device's record of the connection, not the app's flag: on a screen in front,
/// an error whose text says the user is offline ("You're offline…") stands only while the device
/// is offline, give or take the flash window. Shown while online, it sends the user to check a
/// connection that works; left up after the connection returns, it promises what never comes.
public struct OfflineMessageTruthful: Oracle {
    public let name = "offlineMessageTruthful"
    public let summary = "an error that says the user is offline shows only while the device is offline (within the flash window)"
    /// A promise of any app's screens.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var online = true
        var shown: ScreenState?
        var shownSaysOffline = false
        var inFront = true
        var wrongSince: (time: SimulationInstant, index: Int)?
        let view = run.events([.connectivity, .screen, .launched, .backgrounded, .foregrounded])
        for event in view.places {
            if let since = wrongSince, since.time.duration(to: event.time) > settings.flashWindow {
                return [violation(since: since, shown: shown, run: run, settings: settings)]
            }
            switch view[event] {
            case .connectivity(let isOnline): online = isOnline
            case .screen(let state): shown = state; shownSaysOffline = Self.saysOffline(state)
            case .backgrounded: inFront = false
            default: inFront = true
            }
            let wrong = online && inFront && shownSaysOffline
            if !wrong { wrongSince = nil } else if wrongSince == nil { wrongSince = (event.time, event.index) }
        }
        if let since = wrongSince, since.time.duration(to: run.end) > settings.flashWindow {
            return [violation(since: since, shown: shown, run: run, settings: settings)]
        }
        return []
    }

    /// Whether the screen's error tells the user they are offline: "offline" in any case.
    static func saysOffline(_ state: ScreenState) -> Bool {
        guard state.route != nil, let text = state.errorText else { return false }
        return TextSearch.contains(text, "offline", ignoringASCIICase: true)
    }

    private func violation(since: (time: SimulationInstant, index: Int), shown: ScreenState?, run: RunObservation,
                           settings: OracleSettings) -> Violation {
        Violation(oracle: name, at: since.time.advanced(by: settings.flashWindow),
                  message: "From \(since.time) the device was online but \(shown?.route.map(\.description) ?? "the screen") said "
                    + "\"\(shown?.errorText ?? "")\" for longer than \(settings.flashWindow.totalMilliseconds)ms. A message that "
                    + "says the user is offline follows the connection: gone, and what it promised done, once it is back.",
                  excerpt: run.lines([since.index]))
    }
}
