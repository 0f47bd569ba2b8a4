import SimKernel
import AppVocabulary

/// Resend waits for the countdown (seed 002 §5: `startResendTimer()` sets `resendCountdown = 30`
/// `.onAppear` of the code screen, and again "in `resendCode()` after successful resend").
///
/// The code screen offers Resend only once 30 s have passed since a code was last sent (the last
/// successful `send-otp` answer, the first send or a resend): judged on the wire and the screen,
/// so a countdown that never started, started late, or ran fast is caught alike.
public struct ResendAfterTheCountdown: Oracle {
    public let name = "resendAfterTheCountdown"
    public let summary = "Resend is offered only 30 s after a code was last sent"

    public static let countdown = Duration.seconds(30)

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var sent: RunObservation.Event?
        var answers = run.events([.responseReceived]).makeIterator()
        var next = answers.next()
        for screen in run.screens {
            while let answer = next, answer.index < screen.index {
                if case .responseReceived(_, .sendOTP, "ok") = answer.event { sent = answer }
                next = answers.next()
            }
            guard screen.state.route == .onboarding(.authVerification), screen.state.actions.contains(.resendCode),
                  let sent, sent.time.duration(to: screen.time) < Self.countdown else { continue }
            return [Violation(oracle: name, at: screen.time,
                              message: "At \(screen.time) the code screen offered Resend \(sent.time.duration(to: screen.time).totalMilliseconds)ms "
                                + "after a code was sent at \(sent.time): the resend countdown runs 30 s from each code "
                                + "sent (seed 002 §5: resendCountdown = 30).",
                              excerpt: run.lines([sent.index, screen.index]))]
        }
        return []
    }
}
