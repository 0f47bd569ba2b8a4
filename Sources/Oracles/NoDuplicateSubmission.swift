import SimKernel
import AppVocabulary

/// No duplicate submission (seed 000 Pitfall 10: "User taps Continue or Sign Up but nothing
/// visibly happens during async operations. User taps again, causing duplicate submissions.").
///
/// One user intent sends at most one request of its kind while one is in flight: the app never
/// sends a request to an endpoint while an earlier request to that endpoint is still waiting for
/// its answer. Background requests (`RequestRole.Cause.background`: analytics, queued pushes
/// and tokens, the token refresh) are separate intents each and are not judged. A load of a
/// session the user signed out of, still out when the next session's goes, is one too many: a
/// sign-out cancels what the session started (the pickup app's `pickup-stale-load`). One of a
/// process since killed went with it (a task the app started on its own outlives nothing).
public struct NoDuplicateSubmission: Oracle {
    public let name = "noDuplicateSubmission"
    public let summary = "no request is sent while one of its kind is still in flight (two taps, one submission)"
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var isShared: Bool { true }
    /// Endpoints a queue or a fire-and-forget event sends, where several in flight are separate intents.

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Where each request was answered (ids count from 1), from the answers alone: two slices
        // of one kind each are read in place, with no merged copy (every explored seed runs this).
        var answeredAt: [Int] = []
        let view = run.events([.responseReceived])
        for event in view.places {
            guard case .responseReceived(let id, _, _) = view[event], id > 0 else { continue }
            if answeredAt.count <= id { answeredAt += repeatElement(.max, count: id + 1 - answeredAt.count) }
            answeredAt[id] = event.index
        }
        // Per endpoint, the earlier request answered last: still in flight if that is after a new one.
        var open: [(endpoint: Endpoint, id: Int, index: Int, answered: Int)] = []
        var violations: [Violation] = []
        let sent = run.events([.requestSent])
        for event in sent.places {
            guard case .requestSent(let id, _, let endpoint) = sent[event], !run.isBackground(at: event, id: id) else { continue }
            let answered = id < answeredAt.count ? answeredAt[id] : .max
            if let position = open.firstIndex(where: { $0.endpoint == endpoint }) {
                let earlier = open[position]
                // A request of a killed process went with it: the relaunch's own is no duplicate.
                if earlier.answered > event.index,
                   run.events([.killed]).between(after: earlier.index, before: event.index).first == nil {
                    violations.append(Violation(
                        oracle: name, at: event.time,
                        message: "The app sent \(endpoint.rawValue) #\(id) while #\(earlier.id) was still waiting for its answer: "
                            + "one intent, two submissions (000 Pitfall 10). Guard the action on its own busy state and disable "
                            + "the button while it runs.",
                        excerpt: run.lines((Self.taps(before: event.index, in: run) + [earlier.index, event.index]).sorted())))
                }
                if answered > earlier.answered { open[position] = (endpoint, id, event.index, answered) }
            } else {
                open.append((endpoint, id, event.index, answered))
            }
        }
        return violations
    }

    /// The last two taps before trace index `index`: usually the two that sent the requests.
    static func taps(before index: Int, in run: RunObservation) -> [Int] {
        let taps = run.events([.userAction]).between(after: -1, before: index)
        return taps.suffix(2).map(\.index)
    }
}
