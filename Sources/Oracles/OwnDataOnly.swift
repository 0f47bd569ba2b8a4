import SimKernel
import AppVocabulary

/// Only the signed-in user's data (seed 003: "Cache keyed by user"; "On logout: keep cache,
/// clear session"; seed 004: "Auth wall: user must sign in before accessing any app content",
/// "Offline launch shows cached main view").
///
/// A screen that shows a user's data (`contentOwner`: their list of pickups) shows the signed-in
/// user's, never another's: not a cached copy left on a shared phone by the user before, not an
/// answer that arrives after the user changed. Both apps: any screen that names whose data it
/// shows is judged.
public struct OwnDataOnly: Oracle {
    public let name = "ownDataOnly"
    public let summary = "a screen shows only the signed-in user's data, never another user's"
    /// A promise of any app's screens (the data's owner against the session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        for screen in run.screens {
            guard let owner = screen.state.contentOwner else { continue }
            let signedIn = run.signedInUser(atIndex: screen.index)
            guard owner != signedIn else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "At \(screen.time) \(screen.state.route.map(\.description) ?? "the screen") showed the data of "
                                + "\(owner) while \(signedIn.map { "\($0) was" } ?? "nobody was") signed in: another user's data. "
                                + "Key what the phone keeps by user, and show only the signed-in user's (seeds 003, 004).",
                              excerpt: run.lines([screen.index]))]
        }
        return []
    }
}
