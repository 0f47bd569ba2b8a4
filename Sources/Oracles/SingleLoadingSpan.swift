import SimKernel
import AppVocabulary

/// Single loading span (seed 000 Pitfall 2: "Users see 2-4 different loading screens in
/// sequence"; seed 003: "Loading screen matches Launch Screen aesthetic").
///
/// At most one contiguous loading span per launch between the user's taps; one loading screen
/// followed directly by a different one counts as two. A loading screen the user's own tap
/// brings back (Retry after a failed launch check) starts a new count.
public struct SingleLoadingSpan: Oracle {
    public let name = "singleLoadingSpan"
    public let summary = "at most one contiguous loading screen per launch"
    /// A policy (`OraclePolicy`): one seed's way of keeping its promise.
    public var policy: OraclePolicy? {
        OraclePolicy(promise: "seed 003's decision that the loading screen matches the Launch Screen, against seed 000 Pitfall 2 (\"Users see 2-4 different loading screens in sequence\")",
                     ways: ["show one loading view per launch, from the first frame until the first screen of the flow", "let a loading view hand over to the flow, never to another loading view"])
    }
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let taps = run.events([.userAction]).map(\.index)
        var nextTap = 0
        return run.launches.compactMap { launch in
            var spans: [(name: String, index: Int, time: SimulationInstant)] = []
            var current: String?
            for screen in run.screens(during: launch) {
                // A loading screen the user's own tap brought back (Retry after a failed check)
                // starts a new sequence: the pitfall is loading views the user did not ask for.
                var tapped = false
                while nextTap < taps.count, taps[nextTap] < screen.index {
                    tapped = true
                    nextTap += 1
                }
                if tapped { spans.removeAll() }
                let loading = screen.state.loadingScreen
                if let loading, loading != current || tapped { spans.append((loading, screen.index, screen.time)) }
                current = loading
                if spans.count > 1 { break }
            }
            guard spans.count > 1, let second = spans.dropFirst().first else { return nil }
            return Violation(
                oracle: name, at: second.time,
                message: "Launch \(launch.number) showed \(spans.count) loading screens in sequence with no tap between them "
                    + "(\(spans.map(\.name).joined(separator: ", "))). Keep one loading screen, matching the "
                    + "launch screen, until the route is decided.",
                excerpt: run.lines(spans.map(\.index)))
        }
    }
}
