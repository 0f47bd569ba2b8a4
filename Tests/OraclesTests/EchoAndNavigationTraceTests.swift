import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// Rules closed by the tenth batch of hand-written bugs (the user's own input and choices, and
/// where navigation leads): the email field shows what the user typed on it and comes back
/// filled, the way forward after Back leads to the step Back left, and a pick leaves the other
/// choices on offer. Each made to fire and shown quiet on traces written by hand.
@Suite struct EchoAndNavigationTraceTests {
    init() { ToolApps.register() }
    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    func screen(_ route: Route, actions: [UserAction] = [.back], email: String = "", choices: [String] = []) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.emailField = email
        state.choices = choices
        return .screen(state)
    }

    let intake = Route.onboarding(.intake), intakeDone = Route.onboarding(.intakeComplete)
    let auth = Route.onboarding(.auth), code = Route.onboarding(.authVerification)
    let emailActions: [UserAction] = [.typeEmail, .sendCode, .back]

    // MARK: emailFieldIsTheUsers

    /// The user types `typed` on the email screen, which then shows `shown` while they stay.
    func typedOn(_ typed: String, shown: String) -> RunObservation {
        trace([(0, .launched(process: 1, cold: true)), (0, screen(auth, actions: emailActions, email: "old@example.com")),
               (1_000, .userAction(.typeEmail, detail: "\"\(typed)\"")),
               (1_000, screen(auth, actions: emailActions, email: shown)), (5_000, .note("end"))])
    }

    @Test func anEmailFieldShowingAnotherAddressThanTheOneJustTypedOnItIsReported() {
        let found = EmailFieldIsTheUsers().check(typedOn("new@example.com", shown: "old@example.com"), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("what they typed is not what they see") })
    }

    @Test func anEmailFieldShowingWhatWasJustTypedOnItIsQuiet() {
        #expect(EmailFieldIsTheUsers().check(typedOn("new@example.com", shown: "new@example.com"), settings: OracleSettings()).isEmpty)
        #expect(EmailFieldIsTheUsers().check(typedOn("New@example.com", shown: "new@example.com"), settings: OracleSettings()).isEmpty)
    }

    /// A code goes to the address; Back to the email step, Back again, then `between`, Continue,
    /// and the email step shows `shown`.
    func emailStepAgain(shown: String, between: [(Int64, ModelEvent)] = []) -> RunObservation {
        let address = "ada@example.com"
        return trace([(0, .launched(process: 1, cold: true)), (0, screen(intakeDone, actions: [.next, .back])),
                      (500, .userAction(.next, detail: "")), (500, screen(auth, actions: emailActions)),
                      (1_000, .userAction(.typeEmail, detail: "\"\(address)\"")), (1_000, screen(auth, actions: emailActions, email: address)),
                      (2_000, .userAction(.sendCode, detail: "")),
                      (2_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)),
                      (2_000, .requestCarries(id: 1, request: .sendOTP(email: address, shouldCreateUser: true))),
                      (2_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok")),
                      (2_100, screen(code, actions: [.typeCode, .useDifferentEmail, .back], email: address)),
                      (3_000, .userAction(.back, detail: "")), (3_000, screen(auth, actions: emailActions, email: address)),
                      (4_000, .userAction(.back, detail: "")), (4_000, screen(intakeDone, actions: [.next, .back]))] + between
                     + [(5_000, .userAction(.next, detail: "")), (5_000, screen(auth, actions: emailActions, email: shown)),
                        (9_000, .note("end"))])
    }

    @Test func theEmailStepComingBackEmptyAfterACodeWentToTheAddressIsReported() {
        let found = EmailFieldIsTheUsers().check(emailStepAgain(shown: ""), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("came back with an empty email field") })
    }

    @Test func theEmailStepComingBackFilledOrEmptyAfterTheUserAskedToStartAgainIsQuiet() {
        #expect(EmailFieldIsTheUsers().check(emailStepAgain(shown: "ada@example.com"), settings: OracleSettings()).isEmpty)
        let startedOver = emailStepAgain(shown: "", between: [(4_500, .userAction(.startOver, detail: ""))])
        #expect(EmailFieldIsTheUsers().check(startedOver, settings: OracleSettings()).isEmpty)
        let relaunched = emailStepAgain(shown: "", between: [(4_200, .killed(process: 1)), (4_500, .launched(process: 2, cold: true)),
                                                              (4_500, screen(intakeDone, actions: [.next, .back]))])
        #expect(EmailFieldIsTheUsers().check(relaunched, settings: OracleSettings()).isEmpty)
    }

    // MARK: backReturnsWhereTheUserCameFrom, the way forward

    /// Continue from the intake to "intake complete", Back, then Continue again shows `then`.
    func forwardAfterBack(then: Route) -> RunObservation {
        trace([(0, .launched(process: 1, cold: true)), (0, screen(intake, actions: [.next, .back])),
               (1_000, .userAction(.next, detail: "")), (1_000, screen(intakeDone, actions: [.next, .back])),
               (2_000, .userAction(.back, detail: "")), (2_000, screen(intake, actions: [.next, .back])),
               (3_000, .userAction(.next, detail: "")), (3_000, screen(then, actions: [.next, .back])), (9_000, .note("end"))])
    }

    @Test func theWayForwardAfterBackSkippingTheStepBackLeftIsReported() {
        let found = BackReturnsWhereTheUserCameFrom().check(forwardAfterBack(then: auth), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("the step they went back to see is skipped") })
    }

    @Test func theWayForwardAfterBackReturningToTheStepBackLeftIsQuiet() {
        #expect(BackReturnsWhereTheUserCameFrom().check(forwardAfterBack(then: intakeDone), settings: OracleSettings()).isEmpty)
        // A signed-in user's step after Back may differ: moves from before the sign-in do not hold.
        var signedIn = forwardAfterBack(then: auth).events.map { ($0.time.milliseconds, $0.event) }
        signedIn.insert((2_500, .signedIn(user: "u1")), at: 6)
        #expect(BackReturnsWhereTheUserCameFrom().check(trace(signedIn), settings: OracleSettings()).isEmpty)
    }

    // MARK: choiceIsTheUsers, a pick leaves the others on offer

    /// A screen lists three choices; the user picks the second; the screen then lists `after`.
    func pick(after: [String], route: Route = .onboarding(.goalReview)) -> RunObservation {
        let goals = ["Run a 5k", "Build strength", "Sleep better"]
        return trace([(0, .launched(process: 1, cold: true)), (0, screen(route, actions: [.selectGoal], choices: goals)),
                      (1_000, .userAction(.selectGoal, detail: "\"Build strength\"")),
                      (1_000, screen(route, actions: [.selectGoal, .confirmGoal], choices: after)), (9_000, .note("end"))])
    }

    @Test func aPickThatTakesTheOtherChoicesOffTheScreenIsReported() {
        let found = ChoiceIsTheUsers().check(pick(after: ["Build strength"]), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("took \"Run a 5k\" off its list") })
        let anyApp = ChoiceIsTheUsers().check(pick(after: ["Build strength"], route: .named(RouteName("interests", kind: .onboarding))), settings: OracleSettings())
        #expect(anyApp.count == 1)
    }

    @Test func aPickThatKeepsEveryChoiceOnOfferIsQuiet() {
        let kept = ChoiceIsTheUsers().check(pick(after: ["Run a 5k", "Build strength", "Sleep better"]), settings: OracleSettings())
        #expect(kept.isEmpty)
    }

    // MARK: failureKeepsWhatWasShown

    /// p1 signed in sees their list on main; a reload fails (`outcome`); in that instant `between`
    /// happens and main shows the error, with the list if `kept`.
    func failedReload(kept: Bool, outcome: String = "status 500 injected error", between: [(Int64, ModelEvent)] = []) -> RunObservation {
        var list = ScreenState(route: .main)
        list.actions = [.signOut]
        list.contentOwner = "p1"
        var after = list
        after.errorText = "Couldn't load your pickups."
        after.actions = [.retry, .signOut]
        if !kept { after.contentOwner = nil }
        return trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "p1")), (0, .screen(list)),
                      (1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .bookings)),
                      (1_100, .responseReceived(id: 1, endpoint: .bookings, outcome: outcome))] + between
                     + [(1_100, .screen(after)), (9_000, .note("end"))])
    }

    @Test func aFailedReloadThatTakesTheListOffTheScreenIsReported() {
        let found = FailureKeepsWhatWasShown().check(failedReload(kept: false), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("took the list of p1 off the screen") })
    }

    @Test func aFailedReloadThatKeepsTheListOrASignOutThatTakesItIsQuiet() {
        #expect(FailureKeepsWhatWasShown().check(failedReload(kept: true), settings: OracleSettings()).isEmpty)
        let signedOut = failedReload(kept: false, outcome: "status 401 Session expired", between: [(1_100, .signedOut)])
        #expect(FailureKeepsWhatWasShown().check(signedOut, settings: OracleSettings()).isEmpty)
        #expect(FailureKeepsWhatWasShown().check(failedReload(kept: false, outcome: "ok"), settings: OracleSettings()).isEmpty)
    }
}
