import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `outcomeIsShown`, on traces written by hand: a tap's answered request shows its outcome.
@Suite struct OutcomeIsShownTraceTests {
    init() { ToolApps.register() }
    let failed = "Couldn't send the code. Please try again."

    func run(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    func screen(_ phase: OnboardingPhase, actions: [UserAction], error: String? = nil, spinner: String? = nil,
                foreground: Bool = true) -> ModelEvent {
        var state = ScreenState(route: .onboarding(phase))
        state.actions = actions
        state.errorText = error
        state.spinner = spinner
        state.foreground = foreground
        return .screen(state)
    }

    /// Send code at 1 s under a spinner; `away` sends the app to the background at 1.05 s and back
    /// at 20 s; the send is answered `outcome` at 1.1 s and the app shows `shown` then.
    func sendCode(answered outcome: String, shows shown: ModelEvent, away: Bool = false) -> [Violation] {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, screen(.auth, actions: [.typeEmail, .sendCode])),
            (1_000, .userAction(.sendCode, detail: "")), (1_000, screen(.auth, actions: [], spinner: "send-code")),
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)),
        ]
        if away { events += [(1_050, .backgrounded), (1_050, screen(.auth, actions: [], spinner: "send-code", foreground: false))] }
        events += [(1_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: outcome)), (1_100, shown)]
        if away {
            guard case .screen(var state) = shown else { return [] }
            state.foreground = true
            events += [(20_000, .foregrounded), (20_000, .screen(state))]
        }
        events += [(60_000, .note("end"))]
        return OutcomeIsShown().check(run(events), settings: OracleSettings())
    }

    @Test func aSentCodeWhoseScreenReturnsAsBeforeTheTapIsReported() {
        let found = sendCode(answered: "ok", shows: screen(.auth, actions: [.typeEmail, .sendCode]))
        #expect(found.map(\.message).contains { $0.contains("the success was never shown") })
    }

    @Test func aSentCodeAnsweredInTheBackgroundAndDroppedIsReportedOnTheReturn() {
        let found = sendCode(answered: "ok", shows: screen(.auth, actions: [.typeEmail, .sendCode], foreground: false), away: true)
        #expect(found.count == 1)
        #expect(found.first?.at == SimulationInstant(nanoseconds: 20_000_000_000))
    }

    @Test func aFailureMetWhileAwayAndDroppedIsReportedOnTheReturn() {
        let found = sendCode(answered: "status 422", shows: screen(.auth, actions: [.typeEmail, .sendCode], foreground: false), away: true)
        #expect(found.map(\.message).contains { $0.contains("the failure was never shown") })
    }

    @Test func theCodeScreenAfterTheSendIsQuiet() {
        #expect(sendCode(answered: "ok", shows: screen(.authVerification, actions: [.typeCode])).isEmpty)
        #expect(sendCode(answered: "ok", shows: screen(.authVerification, actions: [.typeCode], foreground: false), away: true).isEmpty)
    }

    @Test func aFailureShownOnTheReturnIsQuietEvenWithTheLastAttemptsWords() {
        let again = screen(.auth, actions: [.typeEmail, .sendCode], error: failed, foreground: false)
        #expect(sendCode(answered: "status 422", shows: again, away: true).isEmpty)
        // In front of the user, a failure is failuresSurface's to judge.
        #expect(sendCode(answered: "status 422", shows: screen(.auth, actions: [.typeEmail, .sendCode])).isEmpty)
    }

    /// Resend at 1 s, answered `ok` at 1.1 s while the user is away (5 s to `back`); the countdown
    /// runs from 1.1 s and, unless `dropped`, Resend comes back at 31.1 s.
    func resendWhileAway(back: Int64, dropped: Bool) -> [Violation] {
        let code = screen(.authVerification, actions: [.typeCode, .resendCode])
        var away = screen(.authVerification, actions: [.typeCode], foreground: false)
        if dropped { away = screen(.authVerification, actions: [.typeCode, .resendCode], foreground: false) }
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, code), (1_000, .userAction(.resendCode, detail: "")),
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)), (1_050, .backgrounded),
            (1_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok")), (1_100, away),
        ]
        if !dropped { events.append((31_100, screen(.authVerification, actions: [.typeCode, .resendCode], foreground: false))) }
        events += [(back, .foregrounded), (back, code), (back + 30_000, .note("end"))]
        return OutcomeIsShown().check(run(events), settings: OracleSettings())
    }

    @Test func aCountdownThatRanOutWhileTheUserWasAwayShowedTheSuccess() {
        #expect(resendWhileAway(back: 80_000, dropped: false).isEmpty)
        #expect(resendWhileAway(back: 80_000, dropped: true).count == 1)
    }

    /// Activate at 1 s: the approve answered `ok` while away, then the activation refused (500);
    /// back in the app the last attempt's error shows again.
    @Test func aFailureAfterASuccessIsJudgedAsTheFailureItIs() {
        let error = "Couldn't activate your program. Please try again."
        let review = screen(.programReview, actions: [.activate], error: error)
        let events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, review), (1_000, .userAction(.activate, detail: "")),
            (1_000, screen(.programReview, actions: [], spinner: "activate")),
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .approveProgram)), (1_050, .backgrounded),
            (1_100, .responseReceived(id: 1, endpoint: .approveProgram, outcome: "ok")),
            (1_100, .requestSent(id: 2, timeoutMs: 10_000, endpoint: .activateProgram)),
            (1_200, .responseReceived(id: 2, endpoint: .activateProgram, outcome: "status 500")),
            (1_200, screen(.programReview, actions: [.activate], error: error, foreground: false)),
            (9_000, .foregrounded), (9_000, review), (60_000, .note("end")),
        ]
        #expect(OutcomeIsShown().check(run(events), settings: OracleSettings()).isEmpty)
    }

    @Test func aSpinnerThatStaysAfterTheAnswerIsStillAWaitNotAnOutcome() {
        // The approve taken as the connection went: the activation waits for it under the spinner.
        #expect(sendCode(answered: "ok", shows: screen(.auth, actions: [], spinner: "send-code")).isEmpty)
    }

    @Test func aTapOfTheUsersBeforeTheAnswerEndsTheJudging() {
        let events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, screen(.auth, actions: [.typeEmail, .sendCode, .back])),
            (1_000, .userAction(.sendCode, detail: "")), (1_000, screen(.auth, actions: [.back], spinner: "send-code")),
            (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)),
            (1_050, .userAction(.back, detail: "")), (1_050, screen(.auth, actions: [.typeEmail, .sendCode, .back])),
            (1_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok")), (60_000, .note("end")),
        ]
        #expect(OutcomeIsShown().check(run(events), settings: OracleSettings()).isEmpty)
    }
}
