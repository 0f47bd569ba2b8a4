import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `codeScreenFollowsASentCode` and `tryAgainIsOffered`'s window, on traces written by hand.
@Suite struct CodeScreenTraceTests {
    init() { ToolApps.register() }
    func run(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    func screen(_ phase: OnboardingPhase, actions: [UserAction], error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: .onboarding(phase))
        state.actions = actions
        state.errorText = error
        return .screen(state)
    }

    /// Send code at 1 s; a send answered `outcome` at 1.1 s when given; the code screen at 1.2 s.
    func sendCode(answered outcome: String?) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, screen(.auth, actions: [.sendCode])),
                                             (1_000, .userAction(.sendCode, detail: ""))]
        if let outcome {
            events += [(1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)),
                       (1_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: outcome))]
        }
        events += [(1_200, screen(.authVerification, actions: [.typeCode])), (9_000, .note("end"))]
        return run(events)
    }

    @Test func aCodeScreenForASendCodeThatSentNothingIsReported() {
        let found = CodeScreenFollowsASentCode().check(sendCode(answered: nil), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("no code was sent since the tap") })
        #expect(CodeScreenFollowsASentCode().check(sendCode(answered: "status 503 Service Unavailable"), settings: OracleSettings()).count == 1)
    }

    @Test func aCodeScreenAfterTheBackendTookTheSendIsFine() {
        #expect(CodeScreenFollowsASentCode().check(sendCode(answered: "ok"), settings: OracleSettings()).isEmpty)
    }

    /// "Couldn't send the code. Please try again." at 1.1 s; the user types a malformed email at
    /// 1.3 s, which disables Send code while the error stands: the screen answers the typing.
    @Test func anEntryTypedRightAfterTheErrorIsTheUsersNotTheApps() {
        let error = "Couldn't send the code. Please try again."
        let typed = run([(0, .launched(process: 1, cold: true)), (0, screen(.auth, actions: [.typeEmail, .sendCode])),
                         (1_000, .userAction(.sendCode, detail: "")),
                         (1_100, screen(.auth, actions: [.typeEmail, .sendCode], error: error)),
                         (1_300, .userAction(.typeEmail, detail: "\"new.user@example\"")),
                         (1_300, screen(.auth, actions: [.typeEmail], error: error)), (9_000, .note("end"))])
        #expect(TryAgainIsOffered().check(typed, settings: OracleSettings()).isEmpty)
        let gone = run([(0, .launched(process: 1, cold: true)), (0, screen(.auth, actions: [.typeEmail, .sendCode])),
                        (1_000, .userAction(.sendCode, detail: "")),
                        (1_100, screen(.auth, actions: [.openTerms], error: error)), (9_000, .note("end"))])
        #expect(TryAgainIsOffered().check(gone, settings: OracleSettings()).count == 1)
    }
}

/// `choiceIsTheUsers`: goal review offers a pick only among goals it lists.
@Suite struct GoalChoiceTraceTests {
    init() { ToolApps.register() }
    func goalReview(choices: [String]) -> RunObservation {
        var trace = Trace()
        var state = ScreenState(route: .onboarding(.goalReview))
        state.actions = [.selectGoal, .back]
        state.choices = choices
        trace.append(ModelEvent.launched(process: 1, cold: true), at: SimulationInstant(nanoseconds: 0))
        trace.append(ModelEvent.screen(state), at: SimulationInstant(nanoseconds: 0))
        trace.append(ModelEvent.note("end"), at: SimulationInstant(nanoseconds: 9_000_000_000))
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    @Test func aPickOfferedWithNoGoalListedIsReported() {
        let found = ChoiceIsTheUsers().check(goalReview(choices: []), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("with no option listed") })
    }

    @Test func aPickAmongListedGoalsIsFine() {
        #expect(ChoiceIsTheUsers().check(goalReview(choices: ["Build strength", "Lose weight"]), settings: OracleSettings()).isEmpty)
    }
}
