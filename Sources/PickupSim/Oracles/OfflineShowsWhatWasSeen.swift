import SimKernel
import AppVocabulary
import Oracles

/// Offline, the main tab shows the list the user already saw (seed 004: "Offline launch shows
/// cached main view with offline banner").
///
/// Once the signed-in user has seen their own list on this phone (since the backend issued the
/// session: a new sign-in; a reinstall empties the phone), the main tab of a launch made offline
/// shows a list in the foreground until the connection returns: the phone keeps what the user saw;
/// and offline, the list the user reads stands under no offline error (the banner says it; the
/// error says the list will load, and it is there).
/// Judged by what the user saw and by the world's connectivity, never by what the app put in its
/// cache. The pickup app's rule.
public struct OfflineShowsWhatWasSeen: Oracle {
    public let name = "offlineShowsWhatWasSeen"
    public let summary = "offline, the main tab still shows the list the signed-in user already saw, under no offline error"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var seenBy: Set<String> = []  // looked up only
        var online = true
        var firstSeen: [String: Int] = [:]  // looked up only
        var launchedOffline = false  // this launch began offline, and the device has stayed so
        let view = run.events([.sessionIssued, .reinstalled, .connectivity, .launched])
        var marks = view.places.makeIterator()
        var mark = marks.next()
        for (position, screen) in run.screens.enumerated() {
            while let event = mark, event.index < screen.index {
                switch view[event] {
                case .sessionIssued(let user): seenBy.remove(user)
                case .reinstalled: seenBy.removeAll()
                case .connectivity(let isOnline):
                    online = isOnline
                    if isOnline { launchedOffline = false }
                case .launched: launchedOffline = !online
                default: break
                }
                mark = marks.next()
            }
            guard screen.state.route == .mainTab, let user = run.signedInUser(atIndex: screen.index) else { continue }
            if screen.state.contentOwner == user {
                if seenBy.insert(user).inserted { firstSeen[user] = screen.index }
                // Offline over the list the user reads, the banner says it all: the offline error
                // ("your pickups will load when you're back online") says the list is not there,
                // and it is (checked on the screen that stays; a failed reload's error may stay).
                if !online, screen.state.foreground, let error = screen.state.errorText, run.roles.blame(ofError: error) == .offline,
                   run.screenEnds(at: position) > screen.time {
                    return [Violation(oracle: name, at: screen.time,
                                      message: "At \(screen.time), offline, the main tab showed \(user)'s list under the error \"\(error)\": "
                                        + "the list is on screen, and the offline banner tells them the rest (seed 004: \"Offline "
                                        + "launch shows cached main view with offline banner\").",
                                      excerpt: run.lines([screen.index]))]
                }
                continue
            }
            guard launchedOffline, screen.state.foreground, screen.state.contentOwner == nil, screen.state.spinner == nil,
                  seenBy.contains(user) else { continue }
            // Judged on what stays: the app may fill the tab within the instant it appears.
            let until = run.screenEnds(at: position)
            guard until > screen.time else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "At \(screen.time), in a launch made offline, the main tab showed \(user) no list, although they had seen "
                                + "their list on this phone: keep what the user saw and show it offline (seed 004: \"Offline "
                                + "launch shows cached main view with offline banner\").",
                              excerpt: run.lines([firstSeen[user], screen.index].compactMap { $0 }))]
        }
        return []
    }
}
