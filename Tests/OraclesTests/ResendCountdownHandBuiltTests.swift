import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `resendAfterTheCountdown` both ways, on traces written by hand: Resend neither before the
/// 30 s of 002 §5 nor long after them.
@Suite struct ResendCountdownHandBuiltTests {
    init() { ToolApps.register() }
    func run(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    func codeScreen(countdown: Int?, resend: Bool) -> ModelEvent {
        var state = ScreenState(route: .onboarding(.authVerification))
        state.actions = [.typeCode] + (resend ? [.resendCode] : []) + [.useDifferentEmail, .back]
        state.countdown = countdown
        return .screen(state)
    }

    /// A code sent at 1 s, the code screen from then on; `screens` after it.
    func sentThen(_ screens: [(Int64, ModelEvent)], endMs: Int64 = 40_000) -> RunObservation {
        run([(0, .launched(process: 1, cold: true)),
             (500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)),
             (1_000, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok")),
             (1_000, codeScreen(countdown: 30, resend: false))] + screens + [(endMs, .note("end"))])
    }

    @Test func resendOfferedWhenTheThirtySecondsHavePassedIsQuiet() {
        let found = ResendAfterTheCountdown().check(sentThen([(31_000, codeScreen(countdown: nil, resend: true))]),
                                                     settings: OracleSettings())
        #expect(found.isEmpty)
    }

    @Test func aCountdownThatRunsSlowIsCaughtWhenResendIsLate() {
        // Ticking every two seconds: 15 left when 30 s have passed.
        let found = ResendAfterTheCountdown().check(sentThen([(31_000, codeScreen(countdown: 15, resend: false))]),
                                                     settings: OracleSettings())
        #expect(found.count == 1)
        #expect(found.first?.message.contains("still did not offer Resend") == true)
    }

    @Test func aCountdownThatShowsMoreThanThirtyIsCaught() {
        let found = ResendAfterTheCountdown().check(sentThen([(1_000, codeScreen(countdown: 60, resend: false))]),
                                                     settings: OracleSettings())
        #expect(found.first?.message.contains("countdown showed 60") == true)
    }

    @Test func aCodeScreenLeftInTheMeantimeIsNotJudgedLate() {
        var email = ScreenState(route: .onboarding(.auth))
        email.actions = [.typeEmail, .back]
        let found = ResendAfterTheCountdown().check(sentThen([(10_000, .screen(email)),
                                                              (12_000, codeScreen(countdown: 30, resend: false))]),
                                                     settings: OracleSettings())
        #expect(found.isEmpty)
    }

    /// A trip to Mail from 5 s to 20 s: the countdown runs on, and back in front at the due time
    /// the screen offers Resend; one frozen (or started again) on the way back does not.
    @Test func aCountdownFrozenOrRestartedByATripToTheBackgroundIsCaught() {
        func away(_ back: ModelEvent) -> RunObservation {
            var hidden = ScreenState(route: .onboarding(.authVerification))
            hidden.actions = [.typeCode, .useDifferentEmail, .back]
            hidden.countdown = 26
            hidden.foreground = false
            return sentThen([(5_000, .backgrounded), (5_000, .screen(hidden)), (20_000, .foregrounded), (20_000, back)])
        }
        let frozen = ResendAfterTheCountdown().check(away(codeScreen(countdown: 26, resend: false)), settings: OracleSettings())
        #expect(frozen.first?.message.contains("still did not offer Resend") == true)
        let ranOn = ResendAfterTheCountdown().check(sentThen([(5_000, .backgrounded), (20_000, .foregrounded),
                                                              (20_000, codeScreen(countdown: 11, resend: false)),
                                                              (31_000, codeScreen(countdown: nil, resend: true))]),
                                                    settings: OracleSettings())
        #expect(ranOn.isEmpty)
    }

    @Test func resendOfferedEarlyIsStillCaught() {
        let found = ResendAfterTheCountdown().check(sentThen([(5_000, codeScreen(countdown: nil, resend: true))]),
                                                     settings: OracleSettings())
        #expect(found.first?.message.contains("offered Resend") == true)
    }
}

/// `resendAfterTheCountdown` to the second (#64 item 4): a "0" without Resend, and one tick of slack.
@Suite struct ResendToTheSecondTests {
    let base = ResendCountdownHandBuiltTests()

    @Test func aZeroThatStandsWithoutResendIsAResendLate() {
        let found = ResendAfterTheCountdown().check(base.sentThen([(31_000, base.codeScreen(countdown: 0, resend: false)),
                                                                   (32_000, base.codeScreen(countdown: 0, resend: true))]),
                                                     settings: OracleSettings())
        #expect(found.count == 1)
        #expect(found.first?.message.contains("showed 0 with no Resend") == true, "\(found.map(\.message))")
    }

    @Test func aZeroFollowedInTheSameInstantByResendIsQuiet() {
        let found = ResendAfterTheCountdown().check(base.sentThen([(31_000, base.codeScreen(countdown: 0, resend: false)),
                                                                   (31_000, base.codeScreen(countdown: 0, resend: true))]),
                                                     settings: OracleSettings())
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func resendTwoTicksLateIsCaughtAndOneTickIsNot() {
        // Sent at 1 s: due at 31 s, a tick's slack to 32 s.
        let oneLate = ResendAfterTheCountdown().check(base.sentThen([(32_000, base.codeScreen(countdown: nil, resend: true))]),
                                                      settings: OracleSettings())
        #expect(oneLate.isEmpty, "\(oneLate.map(\.message))")
        let twoLate = ResendAfterTheCountdown().check(base.sentThen([(33_000, base.codeScreen(countdown: nil, resend: true))]),
                                                      settings: OracleSettings())
        #expect(twoLate.count == 1, "\(twoLate.map(\.message))")
    }
}
