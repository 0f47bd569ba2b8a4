import SimKernel
import AppVocabulary

/// Resend waits for the countdown (seed 002 §5: `startResendTimer()` sets `resendCountdown = 30`
/// `.onAppear` of the code screen, and again "in `resendCode()` after successful resend").
///
/// The code screen offers Resend only once 30 s have passed since a code was last sent (the last
/// successful `send-otp` answer, the first send or a resend): judged on the wire and the screen,
/// so a countdown that never started, started late, or ran fast is caught alike. The other way:
/// the countdown shows at most 30, and a code screen in front and idle 30 s (and a tick) after a
/// code was sent offers Resend, whether or not the user went to the background meanwhile (to
/// read the code in Mail): a countdown that ran slow, never ended, froze in the background or
/// started again on the way back is caught too.
public struct ResendAfterTheCountdown: Oracle {
    public let name = "resendAfterTheCountdown"
    public let summary = "Resend is offered 30 s after a code was last sent: not before, and not later"

    public static let countdown = Duration.seconds(30)
    static let countdownSeconds = 30
    /// How late the last tick may come: a second's tick, and the answer arriving mid-second.
    static let tickSlack = Duration.seconds(2)

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        if let early = offeredEarly(run) { return [early] }
        return notOfferedInTime(run).map { [$0] } ?? []
    }

    /// Resend offered before 30 s have passed since a code was sent, or a countdown that shows
    /// more than 30 s.
    private func offeredEarly(_ run: RunObservation) -> Violation? {
        var sent: RunObservation.Event?
        var answers = run.events([.responseReceived]).makeIterator()
        var next = answers.next()
        for screen in run.screens {
            while let answer = next, answer.index < screen.index {
                if case .responseReceived(_, .sendOTP, "ok") = answer.event { sent = answer }
                next = answers.next()
            }
            guard screen.state.route == .onboarding(.authVerification) else { continue }
            if let shown = screen.state.countdown, shown > Self.countdownSeconds {
                return Violation(oracle: name, at: screen.time,
                                 message: "At \(screen.time) the code screen's countdown showed \(shown) s: the resend countdown "
                                    + "runs 30 s (seed 002 §5: resendCountdown = 30).",
                                 excerpt: run.lines([screen.index]))
            }
            guard screen.state.actions.contains(.resendCode), let sent, sent.time.duration(to: screen.time) < Self.countdown else { continue }
            return Violation(oracle: name, at: screen.time,
                             message: "At \(screen.time) the code screen offered Resend \(sent.time.duration(to: screen.time).totalMilliseconds)ms "
                                + "after a code was sent at \(sent.time): the resend countdown runs 30 s from each code "
                                + "sent (seed 002 §5: resendCountdown = 30).",
                             excerpt: run.lines([sent.index, screen.index]))
        }
        return nil
    }

    /// The code screen in front, idle, for the whole countdown (and a tick's slack) since a code
    /// was sent, and still no Resend: the countdown ran slow or never ended.
    private func notOfferedInTime(_ run: RunObservation) -> Violation? {
        // A trip to the background (to read the code in Mail) does not stop the countdown: the
        // fixed app's timer runs on, and the screen in front at the due time must offer Resend.
        let interruptions = run.events([.killed, .launched])
        for sent in run.events([.responseReceived]) {
            guard case .responseReceived(_, .sendOTP, "ok") = sent.event else { continue }
            let due = sent.time.advanced(by: Self.countdown + Self.tickSlack)
            guard due <= run.end, let standing = run.screen(atTime: due) else { continue }
            let state = standing.state
            guard state.route == .onboarding(.authVerification), state.foreground, state.spinner == nil, state.errorText == nil,
                  state.actions.contains(.typeCode), !state.actions.contains(.resendCode) else { continue }
            // On the code screen, in front, from the answer to the due time: nothing restarted the countdown.
            let between = run.screens(after: sent.index, through: standing.index)
            guard between.allSatisfy({ $0.state.route == .onboarding(.authVerification) }),
                  !interruptions.contains(where: { $0.index > sent.index && $0.time <= due }),
                  !run.events([.responseReceived]).contains(where: {
                      guard case .responseReceived(_, .sendOTP, _) = $0.event else { return false }
                      return $0.index > sent.index && $0.time <= due
                  }) else { continue }
            return Violation(oracle: name, at: due,
                             message: "A code was sent at \(sent.time) and at \(due) the code screen, in front and idle since, still did "
                                + "not offer Resend: the resend countdown runs 30 s (seed 002 §5: resendCountdown = 30, one tick a second).",
                             excerpt: run.lines([sent.index, standing.index]))
        }
        return nil
    }
}
