import SimKernel
import AppVocabulary

/// Nothing happens beneath a system sheet (#64 item 3: "what a modal hides").
///
/// A system sheet (`ScreenState.systemSheet`: a permission prompt, the Sign in with Apple sheet)
/// covers the app: the user sees the sheet and answers it, and what is beneath waits. Judged on
/// the screens and the wire, for every app that shows one:
/// - while one sheet stays up, the screen beneath it keeps its route and gains no error: an error
///   or a new screen shown beneath a sheet is one the user never saw (seed 004's pickup app:
///   "Error display: Inline below button", below a sheet that was left up over it);
/// - the answer a sheet gave is sent on only once the sheet is gone: a request that carries a
///   sheet's credential (`RequestRole.credential`) sent while a sheet is still up left it up over
///   the request it started, and over that request's error if it fails.
/// A kill closes every sheet (the screens of a process that is not running show none).
public struct NothingBeneathASheet: Oracle {
    public let name = "nothingBeneathASheet"
    public let summary = "a system sheet is up only while it asks: no error or new screen beneath it, and its answer is sent once it is gone"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Most runs never show a sheet: one look at the screens.
        guard run.screens.contains(where: { $0.state.systemSheet != nil }) else { return [] }
        if let changed = changedBeneath(run) { return [changed] }
        return credentialSentUnderASheet(run).map { [$0] } ?? []
    }

    /// The first screen that, under a sheet up since an earlier screen, shows another route or a
    /// new error beneath it.
    private func changedBeneath(_ run: RunObservation) -> Violation? {
        var covered: (index: Int, sheet: String, state: ScreenState)?
        for screen in run.screens {
            guard let sheet = screen.state.systemSheet else {
                covered = nil
                continue
            }
            guard let first = covered, first.sheet == sheet else {
                covered = (screen.index, sheet, screen.state)
                continue
            }
            let beneath = screen.state
            if beneath.route != first.state.route {
                return Violation(oracle: name, at: screen.time,
                                 message: "At \(screen.time) the app went to \(beneath.route?.description ?? "no screen") beneath the "
                                    + "system sheet \"\(sheet)\", up since it covered \(first.state.route?.description ?? "no screen"): "
                                    + "the user sees the sheet, and a screen changes only once it is gone.",
                                 excerpt: run.lines([first.index, screen.index]))
            }
            if let error = beneath.errorText, error != first.state.errorText {
                return Violation(oracle: name, at: screen.time,
                                 message: "At \(screen.time) the error \"\(error)\" appeared beneath the system sheet \"\(sheet)\": "
                                    + "the sheet hides it, and an error the user cannot see tells them nothing (seed 004: "
                                    + "\"Error display: Inline below button\").",
                                 excerpt: run.lines([first.index, screen.index]))
            }
        }
        return nil
    }

    /// A request carrying a sheet's credential, sent while the screen still shows a sheet.
    private func credentialSentUnderASheet(_ run: RunObservation) -> Violation? {
        let exchanges = run.roles.credentialExchanges
        guard !exchanges.isEmpty else { return nil }
        let view = run.events([.requestSent])
        for sent in view.places {
            guard case .requestSent(_, _, let endpoint) = view[sent], exchanges.contains(endpoint),
                  let standing = run.screen(atIndex: sent.index), let sheet = standing.state.systemSheet else { continue }
            return Violation(oracle: name, at: sent.time,
                             message: "At \(sent.time) the app sent \(endpoint.rawValue) with the sheet's answer while the system "
                                + "sheet \"\(sheet)\" was still up: a sheet goes when it has answered, not over the request it started "
                                + "(and that request's error, if it fails).",
                             excerpt: run.lines([standing.index, sent.index]))
        }
        return nil
    }
}
