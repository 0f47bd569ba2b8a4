import SimKernel
import AppVocabulary

/// No silent dead end (DESIGN §4; seed 002 §1, §3, §8; seed 000 Pitfall 7).
///
/// After every forward user action and every launch, within the patience window (or until the
/// user acts again, the app is killed, or the run ends), the user has made progress (the route
/// changed), or sees a spinner backed by pending work that is bounded by a timeout, or sees an
/// error with a way forward. At the end of the run the same holds for what is on screen. Every
/// app: these are screens, spinners, errors and actions. For an app that asks the backend where
/// the user is (a request whose role is `.journey`: the fix plan's), the main app (any route of
/// kind `.main`) shown for a journey that is not complete, or after a sign-in whose journey check
/// failed, is a dead end too (seed 002 §1: "teleported into MainAppView with zero data").
public struct NoSilentDeadEnd: Oracle {
    public let name = "noSilentDeadEnd"
    public let summary = "after every action and at the end: progress, a spinner backed by bounded work, or an error with a way forward; never an empty main app"
    /// A promise of any app's screens; the empty-main-app rule judges the apps that ask the
    /// backend where the user is (a request whose role is `.journey`).
    public var isShared: Bool { true }

    // Actions that only enter input (`ActionRole.isEntry`): nobody expects them to move the flow
    // on. Ways out of what a tap opened (`ActionRole.cancel`: a sheet's close button, an
    // alert's Cancel): when one appears, nothing new was offered, so it is no progress; tapping
    // one ends the window of the tap that opened it and starts none.

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var violations: [Violation] = []
        var judgedScreens: [Int] = []
        // Where windows close: the next checkpoint or a kill (positions in `run.events`).
        let candidates = run.events([.userAction, .launched, .killed]).places
        var stops: [Int] = []
        stops.reserveCapacity(candidates.count)
        for candidate in candidates where isStop(at: candidate.position, in: run) { stops.append(candidate.position) }
        for (order, position) in stops.enumerated() where isCheckpoint(at: position, in: run) {
            let checkpoint = run.events[position]
            let next = order + 1 < stops.count ? stops[order + 1] : nil
            // A second tap (or a kill) in the same instant: the app had no moment to answer the
            // first, and the later checkpoint's window judges what the user saw next.
            if let next, run.events[next].time == checkpoint.time, isStop(at: next, in: run) { continue }
            let windowEnd = windowEndIndex(after: checkpoint, at: position, nextStop: next, in: run, patience: settings.patience)
            if let violation = judge(checkpoint, untilIndex: windowEnd.index, endingAt: windowEnd.time, in: run) {
                violations.append(violation)
                judgedScreens.append(run.screen(atIndex: windowEnd.index)?.index ?? -1)
            }
        }
        if let final = run.screens.last, !judgedScreens.contains(final.index), let violation = judgeEnd(run) {
            violations.append(violation)
        }
        if violations.isEmpty, let idle = idleWait(run, patience: settings.patience) { violations.append(idle) }
        return run.roles.declares(.journey) ? violations + emptyMainApps(run, patience: settings.patience) : violations
    }

    /// Whether the event at `position` of `run.events` (a tap, a launch or a kill) opens a window.
    private func isCheckpoint(at position: Int, in run: RunObservation) -> Bool {
        switch run.events[position].event.kind {
        case .userAction:
            switch run.role(ofTapAtPosition: position) {
            case .cancel: false
            case let role: !role.isEntry
            }
        case .launched: true
        default: false
        }
    }

    /// A checkpoint, a kill, or a dismissal: the user closed what the last tap opened, which
    /// ends that tap's window and is no checkpoint of its own (they expect to be back).
    private func isStop(at position: Int, in run: RunObservation) -> Bool {
        switch run.events[position].event.kind {
        case .killed: true
        case .userAction where run.role(ofTapAtPosition: position) == .cancel: true
        default: isCheckpoint(at: position, in: run)
        }
    }

    /// The last trace index the checkpoint's window covers, and when the window closes: at the
    /// next checkpoint, a kill, the end of patience, or the end of the run, whichever is first.
    /// `position` is the checkpoint's place in `run.events`, `nextStop` the next checkpoint's or kill's.
    private func windowEndIndex(after checkpoint: RunObservation.Event, at position: Int, nextStop: Int?,
                                in run: RunObservation, patience: Duration) -> (index: Int, time: SimulationInstant) {
        let deadline = min(checkpoint.time.advanced(by: patience), run.end)
        if let stop = nextStop, run.events[stop].time <= deadline {
            return (run.events[stop - 1].index, run.events[stop].time)
        }
        return (max(checkpoint.index, run.lastIndex(atOrBefore: deadline)), deadline)
    }

    private func judge(_ checkpoint: RunObservation.Event, untilIndex end: Int, endingAt closes: SimulationInstant,
                       in run: RunObservation) -> Violation? {
        var tapped: UserAction?
        if case .userAction(let action, _) = checkpoint.event { tapped = action }
        let isLaunch = tapped == nil
        let atCheckpoint = run.screen(atIndex: checkpoint.index)?.state
        // After a launch, any screen past the app's launch screen is progress.
        let before = isLaunch ? nil : atCheckpoint?.route
        let window = run.screens(after: checkpoint.index, through: end)
        // Progress: the route changed, a pager turned its page, the screen offers something new to
        // do (a retry that loaded the options), the resend countdown restarted, or the resume gate
        // went away.
        let offeredBefore = atCheckpoint?.actions ?? []
        let progressed = window.contains { screen in
            (screen.state.route.map { isLaunch ? $0.kind != .launch : $0 != before } ?? false)
                || (!isLaunch && screen.state.page != atCheckpoint?.page)
                || screen.state.actions.contains { !offeredBefore.contains($0) && run.roles.role(of: $0) != .cancel }
                || (screen.state.countdown ?? 0) > (atCheckpoint?.countdown ?? 0)
                || (atCheckpoint?.resumeGate == true && !screen.state.resumeGate)
        }
        guard !progressed, let shown = run.screen(atIndex: end), let route = shown.state.route else { return nil }
        let state = shown.state
        // A user who sent the app to the background is not looking at it.
        guard state.foreground, !Self.isTheEnd(state) else { return nil }
        if state.errorText != nil && !state.actions.isEmpty { return nil }
        let waited = checkpoint.time.duration(to: closes).totalMilliseconds
        let action = tapped.map { "'\($0.rawValue)'" } ?? "launch"
        if state.spinner != nil || state.loadingScreen != nil {
            guard let problem = unbackedSpinner(shown, atIndex: end, in: run) else { return nil }
            return Violation(oracle: name, at: closes,
                             message: "After \(action) at \(checkpoint.time) the user saw \(route) with \(spinnerName(state)) "
                                + "for \(waited)ms: \(problem). Bound the work with a timeout and show an error with Retry.",
                             excerpt: run.excerpt(from: checkpoint.index, to: end))
        }
        if isLaunch && !state.actions.isEmpty { return nil }
        // The user's last move since the tap was to change their input, and the screen lets them go
        // on with it (type more, or send it): the next move is theirs (a team's trial: an edit
        // cancelled the app's own retry, and Send stayed on offer, or waited for a valid address).
        if let last = run.events([.userAction]).between(after: checkpoint.index, before: end + 1).last,
           case .userAction(let typed, _) = last.event, run.roles.role(of: typed).isInput,
           state.actions.contains(where: { action in
               switch run.roles.role(of: action) {
               case .submit, .input: true
               default: false
               }
           }) {
            return nil
        }
        // The app said what went wrong, and took the error down when the connection came back,
        // with the way on offered again: the user was told and can go on (a design shipped apps
        // use: "You're offline" gone once the path monitor says the connection is back).
        if !state.actions.isEmpty, Self.errorWentWithTheConnection(after: checkpoint.index, through: end, in: run) { return nil }
        return Violation(oracle: name, at: closes,
                         message: "After \(action) at \(checkpoint.time) the user had seen no progress by \(closes) "
                            + "(\(waited)ms), and \(route) then showed no spinner and no error: a silent dead end. Show what "
                            + "went wrong and a way to retry.",
                         excerpt: run.excerpt(from: checkpoint.index, to: end))
    }

    /// Whether, between trace indices `start` and `end`, the screen showed an error that went away
    /// no earlier than the connection came back (a `connectivity` online event after the error,
    /// at or before the screen without it).
    static func errorWentWithTheConnection(after start: Int, through end: Int, in run: RunObservation) -> Bool {
        let window = run.screens(after: start, through: end)
        guard let told = window.lastIndex(where: { $0.state.errorText != nil }),
              let cleared = window[(told + 1)...].first(where: { $0.state.errorText == nil }) else { return false }
        return run.events([.connectivity]).between(after: window[told].index, before: cleared.index + 1).contains { event in
            if case .connectivity(online: true) = event.event { true } else { false }
        }
    }

    /// What is on screen as the run ends. An app in the background at the end shows nothing: the
    /// user is in another app, and what they see when they come back is judged where they do.
    private func judgeEnd(_ run: RunObservation) -> Violation? {
        guard let shown = run.screens.last, shown.state.foreground, let route = shown.state.route,
              !Self.isTheEnd(shown.state) else { return nil }
        let state = shown.state
        if state.errorText != nil && !state.actions.isEmpty { return nil }
        if state.spinner != nil || state.loadingScreen != nil {
            guard let problem = unbackedSpinner(shown, atIndex: run.lastIndex(atOrBefore: run.end), in: run) else { return nil }
            return Violation(oracle: name, at: run.end,
                             message: "At the end of the run the user had seen \(route) with \(spinnerName(state)) since "
                                + "\(shown.time): \(problem).",
                             excerpt: run.excerpt(from: shown.index, to: run.lastIndex(atOrBefore: run.end)))
        }
        guard state.actions.isEmpty else { return nil }
        return Violation(oracle: name, at: run.end,
                         message: "At the end of the run the user had seen \(route) since \(shown.time) with nothing to do: "
                            + "no action, no spinner, no error.",
                         excerpt: run.excerpt(from: shown.index, to: run.lastIndex(atOrBefore: run.end)))
    }

    /// The main app is where the flow ends: no dead end to be in, unless it shows a wait (a
    /// spinner or its own loading screen), which, as anywhere, must be backed by bounded work
    /// (mutation work: Trendy's home came up under a loading view that nothing would ever end).
    static func isTheEnd(_ state: ScreenState) -> Bool {
        state.route?.kind == .main && state.spinner == nil && state.loadingScreen == nil
    }

    /// Why a spinner on `shown` is not backed by bounded work as of trace index `index`, or nil if it is.
    private func unbackedSpinner(_ shown: (index: Int, time: SimulationInstant, state: ScreenState),
                                 atIndex index: Int, in run: RunObservation) -> String? {
        let outstanding = run.outstandingRequests(atIndex: index).filter { !run.isBackground($0.endpoint, id: $0.id) }
        if outstanding.contains(where: { $0.timeoutMs != nil }) { return nil }
        if let unbounded = outstanding.first {
            return "it waits on request \(unbounded.id) (\(unbounded.endpoint.rawValue)) which has no timeout"
        }
        let resolvesLater = run.screens.contains { $0.index > shown.index && $0.state != shown.state }
        return resolvesLater ? nil : "nothing is pending behind it"
    }

    private func spinnerName(_ state: ScreenState) -> String {
        if let loading = state.loadingScreen { return "the loading screen '\(loading)'" }
        return "the spinner '\(state.spinner ?? "")'"
    }

    /// The main app shown while the signed-in user's journey is not complete: judged when main
    /// appears and whenever a user signs in while it shows (the main app stays, the user
    /// changes), each against the journey a patience window later.
    private func emptyMainApps(_ run: RunObservation, patience: Duration) -> [Violation] {
        var violations: [Violation] = []
        var previousWasMain = false
        var moments: [(index: Int, time: SimulationInstant)] = []
        for screen in run.screens {
            let isMain = screen.state.route?.kind == .main
            defer { previousWasMain = isMain }
            guard isMain, !previousWasMain else { continue }
            moments.append((screen.index, screen.time))
        }
        let view = run.events([.signedIn])
        for signIn in view.places where run.screen(atIndex: signIn.index)?.state.route?.kind == .main {
            moments.append((signIn.index, signIn.time))
        }
        // The backend's journeys are on record when the app's world records them (the fix
        // plan's does: `AccountJourney`), and then the record says whether the user is complete;
        // otherwise the wire says whether the app knew where the user is.
        let recordsJourneys = !run.events([.accountSeeded, .journeyChanged]).isEmpty
        for moment in moments.sorted(by: { $0.index < $1.index }) {
            let violation = recordsJourneys ? incompleteJourney(at: moment, in: run, patience: patience)
                : failedJourneyCheck(before: moment, in: run)
            if let violation { violations.append(violation) }
        }
        return violations
    }

    /// The main app shown at `moment` for a user whose recorded journey is not complete.
    private func incompleteJourney(at moment: (index: Int, time: SimulationInstant), in run: RunObservation,
                                   patience: Duration) -> Violation? {
        // The user the main app was shown for, and their journey a patience window later (it
        // may complete a moment after the app moved on). A journey complete when main showed
        // is no dead end either, even if it changes later: a program reset on another device
        // is the main app's story, not onboarding's.
        let later = max(run.lastIndex(atOrBefore: min(moment.time.advanced(by: patience), run.end)), moment.index)
        let user = run.signedInUser(atIndex: moment.index)
        let journey = user.flatMap { run.journey(of: $0, atIndex: later) }
        let journeyThen = user.flatMap { run.journey(of: $0, atIndex: moment.index) }
        guard journey?.isComplete != true, journeyThen?.isComplete != true else { return nil }
        return Violation(
            oracle: name, at: moment.time,
            message: "The main app showed for \(user.map { "user \($0)" } ?? "nobody signed in") "
                + (user != nil && journey == nil ? "who has no journey on record (an account made in this run that has not finished "
                    + "onboarding; 003: \"If user A logs out and new user B logs in: User B sees onboarding\")"
                    : "whose journey is \(journey.map(\.description) ?? "unknown")")
                + ": an empty main app, a dead end (seed 002 §1). "
                + "Stay on the current step and show an error with Retry.",
            excerpt: run.excerpt(from: max(0, moment.index - 6), to: moment.index))
    }

    /// The main app shown at `moment` after a sign-in in the same launch whose journey check
    /// (every request of role `.journey` the app sent since the sign-in's answer) failed, with no
    /// journey answered `ok` since: the app showed main without knowing where the user is. Read
    /// from the wire, for every app that declares a journey request.
    private func failedJourneyCheck(before moment: (index: Int, time: SimulationInstant), in run: RunObservation) -> Violation? {
        var signIn: RunObservation.Event?
        var asked: [Int] = []
        var failure: RunObservation.Event?
        var knows = false
        let view = run.events([.launched, .requestSent, .responseReceived]).between(after: -1, before: moment.index)
        for event in view.places {
            switch view[event] {
            case .launched:
                signIn = nil
                asked = []
                failure = nil
                knows = false
            case .responseReceived(_, _, "ok") where run.endpoint(at: event, is: .signsIn):
                signIn = view.recorded(event)
                asked = []
                failure = nil
                knows = false
            case .requestSent(let id, _, _) where signIn != nil && run.endpoint(at: event, is: .journey):
                asked.append(id)
            case .responseReceived(let id, _, let outcome) where asked.contains(id):
                if outcome == "ok" { knows = true } else { failure = failure ?? view.recorded(event) }
            default: break
            }
        }
        guard let signIn, let failure, !knows, case .responseReceived(_, let endpoint, let outcome) = failure.event else { return nil }
        return Violation(
            oracle: name, at: moment.time,
            message: "After the sign-in answered at \(signIn.time) the app asked where the user is (\(endpoint.rawValue)), "
                + "the answer failed at \(failure.time) (\(outcome)), and the main app showed at \(moment.time) anyway: an "
                + "empty main app, a dead end (seed 002 §1). Stay on the current step and show an error with Retry.",
            excerpt: run.lines([signIn.index, failure.index, moment.index]))
    }
}
