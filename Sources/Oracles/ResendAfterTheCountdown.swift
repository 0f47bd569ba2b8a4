import SimKernel
import AppVocabulary

/// Resend waits for the countdown (seed 002 §5: `startResendTimer()` sets `resendCountdown = 30`
/// `.onAppear` of the code screen, and again "in `resendCode()` after successful resend").
///
/// A promise of every app that shows a resend countdown, judged through its roles: a request
/// that sends a code (`RequestRole.Purpose.sendsCode`) declares how long after its successful
/// answer Resend comes (`resendAfter`: 30 s for the fix plan's), the code screen is a screen that
/// offers typing or sending a code (`AppRoles.codeActions`), and Resend is the action of role
/// `.resend`. The code screen offers Resend only once that long has passed since a code was last
/// sent (the first send or a resend): judged on the wire and the screen, so a countdown that
/// never started, started late, or ran fast is caught alike. The other way: the countdown shows
/// at most that many seconds, and a code screen in front and idle that long (and a tick) after a
/// code was sent offers Resend, whether or not the user went to the background meanwhile (to
/// read the code in Mail): a countdown that ran slow, never ended, froze in the background or
/// started again on the way back is caught too. Both to the second (#64): a code screen in front
/// and idle, asking for the code, that shows "0" stands with Resend on it (a count that reached zero a tick before its
/// button is a Resend late), and the due time allows one tick of the countdown, no more.
public struct ResendAfterTheCountdown: Oracle {
    public let name = "resendAfterTheCountdown"
    public let summary = "Resend is offered when the countdown after a code sent ends (30 s in seed 002): not before, and not later"
    /// A promise of any app that declares a resend countdown (`RequestRole.resendAfter`).
    public var isShared: Bool { true }

    /// How late Resend may come after its countdown's length: one tick of the countdown.
    static let tickSlack = Duration.seconds(1)

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let roles = run.roles
        guard roles.declaresResendCountdown, !roles.codeActions.isEmpty else { return [] }
        if let early = offeredEarly(run) { return [early] }
        return notOfferedInTime(run).map { [$0] } ?? []
    }

    /// When Resend is due after `answer`, if it is a successful answer to a request that sends a
    /// code with a countdown.
    private static func countdown(after answer: ModelEvent, roles: AppRoles) -> Duration? {
        guard case .responseReceived(_, let endpoint, "ok") = answer else { return nil }
        return roles.resendCountdown(after: endpoint)
    }

    /// Resend offered before the countdown has run since a code was sent, or a countdown that
    /// shows more than its length.
    private func offeredEarly(_ run: RunObservation) -> Violation? {
        let roles = run.roles
        let answers = run.events([.responseReceived])
        // No code sent, nothing to judge (and no walk over the screens).
        let places = answers.places
        guard let first = places.firstIndex(where: { Self.countdown(after: answers[$0], roles: roles) != nil }) else { return nil }
        var sent: (event: EventPlace, countdown: Duration, seconds: Int)?
        let resendActions = roles.resendActions
        // Found only when a screen could break the rule: most runs show none.
        var codeRoutes: CodeRoutes?
        var pending = places[first...].makeIterator()
        var next = pending.next()
        let screens = run.screens
        for (position, screen) in zip(screens.indices, screens) {
            while let answer = next, answer.index < screen.index {
                if let countdown = Self.countdown(after: answers[answer], roles: roles) {
                    sent = (answer, countdown, Int(countdown.components.seconds))
                }
                next = pending.next()
            }
            guard let sent else { continue }
            let seconds = sent.seconds
            let countsTooHigh = screen.state.countdown.map { $0 > seconds } ?? false
            let offersResend = screen.state.actions.contains(where: resendActions.contains)
            let zeroStands = screen.state.countdown == 0 && !offersResend && screen.state.foreground
                && screen.state.spinner == nil && screen.state.errorText == nil
                && screen.state.actions.contains(where: { roles.role(of: $0) == .input(.code) })
                && (position + 1 < screens.endIndex ? screens[position + 1].time : run.end) > screen.time
            guard countsTooHigh || zeroStands || (sent.event.time.duration(to: screen.time) < sent.countdown && offersResend)
            else { continue }
            if codeRoutes == nil { codeRoutes = CodeRoutes(run) }
            guard codeRoutes?.isCodeScreen(screen.state) == true else { continue }
            // A resend already out (Resend hidden while it goes) is not a screen at rest.
            if zeroStands, !run.outstandingRequests(atIndex: screen.index).contains(where: { roles.endpoint($0.endpoint, is: .sendsCode) }) {
                return Violation(oracle: name, at: screen.time,
                                 message: "At \(screen.time) the code screen's countdown showed 0 with no Resend to tap: "
                                    + "Resend comes as the count reaches zero, not a tick later (seed 002 §5: resendCountdown = 30).",
                                 excerpt: run.lines([screen.index]))
            }
            if countsTooHigh, let shown = screen.state.countdown {
                return Violation(oracle: name, at: screen.time,
                                 message: "At \(screen.time) the code screen's countdown showed \(shown) s: the resend countdown "
                                    + "runs \(seconds) s (seed 002 §5: resendCountdown = 30).",
                                 excerpt: run.lines([screen.index]))
            }
            return Violation(oracle: name, at: screen.time,
                             message: "At \(screen.time) the code screen offered Resend "
                                + "\(sent.event.time.duration(to: screen.time).totalMilliseconds)ms after a code was sent at "
                                + "\(sent.event.time): the resend countdown runs \(seconds) s from each code sent "
                                + "(seed 002 §5: resendCountdown = 30).",
                             excerpt: run.lines([sent.event.index, screen.index]))
        }
        return nil
    }

    /// The code screen in front, idle, for the whole countdown (and a tick's slack) since a code
    /// was sent, and still no Resend: the countdown ran slow or never ended.
    private func notOfferedInTime(_ run: RunObservation) -> Violation? {
        let roles = run.roles
        // A trip to the background (to read the code in Mail) does not stop the countdown: the
        // fixed app's timer runs on, and the screen in front at the due time must offer Resend.
        let interruptions = run.events([.killed, .launched])
        let answers = run.events([.responseReceived])
        for sent in answers.places {
            guard let countdown = Self.countdown(after: answers[sent], roles: roles) else { continue }
            let due = sent.time.advanced(by: countdown + Self.tickSlack)
            guard due <= run.end, let standing = run.screen(atTime: due) else { continue }
            let state = standing.state
            guard let route = state.route, state.foreground, state.spinner == nil, state.errorText == nil,
                  state.actions.contains(where: { roles.role(of: $0) == .input(.code) }),
                  !state.actions.contains(where: roles.resendActions.contains) else { continue }
            // On the code screen, in front, from the answer to the due time: nothing restarted the countdown.
            let between = run.screens(after: sent.index, through: standing.index)
            guard between.allSatisfy({ $0.state.route == route }),
                  !interruptions.contains(where: { $0.index > sent.index && $0.time <= due }),
                  !answers.contains(where: {
                      guard case .responseReceived(_, let endpoint, _) = $0.event else { return false }
                      return roles.endpoint(endpoint, is: .sendsCode) && $0.index > sent.index && $0.time <= due
                  }) else { continue }
            return Violation(oracle: name, at: due,
                             message: "A code was sent at \(sent.time) and at \(due) the code screen, in front and idle since, still did "
                                + "not offer Resend: the resend countdown runs \(Int(countdown.components.seconds)) s "
                                + "(seed 002 §5: resendCountdown = 30, one tick a second).",
                             excerpt: run.lines([sent.index, standing.index]))
        }
        return nil
    }
}

/// The code screens of a run: the routes that offer typing or sending a code
/// (`AppRoles.codeActions`) on some screen of the run, found in one pass before a walk.
struct CodeRoutes {
    private var routes: [Route] = []

    init(_ run: RunObservation) {
        let codeActions = run.roles.codeActions
        guard !codeActions.isEmpty else { return }
        for screen in run.screens {
            guard let route = screen.state.route, !routes.contains(route),
                  screen.state.actions.contains(where: codeActions.contains) else { continue }
            routes.append(route)
        }
    }

    /// Whether `state` is on a code screen.
    func isCodeScreen(_ state: ScreenState) -> Bool { state.route.map(routes.contains) ?? false }
}
