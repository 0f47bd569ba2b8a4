import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `returnFindsWhereTheUserLeft`, on traces written by hand: back in the app, the user finds the
/// screen they left.
@Suite struct ReturnTraceTests {
    init() { ToolApps.register() }
    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        for (ms, event) in [(0, .launched(process: 1, cold: true))] + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return ReturnFindsWhereTheUserLeft().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
    }

    func page(_ number: Int) -> ModelEvent {
        var state = ScreenState(route: .page(number))
        state.actions = [.nextPage, .skip]
        return .screen(state)
    }

    /// On page 2 at 2 s, away from 5 s to 9 s; `then` follows the return.
    func away(then: [(Int64, ModelEvent)]) -> [Violation] {
        check([(0, page(1)), (2_000, .userAction(.nextPage, detail: "")), (2_000, page(2)), (5_000, .backgrounded),
               (9_000, .foregrounded)] + then)
    }

    /// On the email screen with `typed` in the field, away from 5 s to 9 s; back, the field reads `back`.
    func emailAway(typed: String, back: String, between: [(Int64, ModelEvent)] = []) -> [Violation] {
        func auth(_ email: String) -> ModelEvent {
            var state = ScreenState(route: .onboarding(.auth))
            state.actions = [.typeEmail, .sendCode]
            state.emailField = email
            return .screen(state)
        }
        return check([(0, auth("")), (2_000, .userAction(.typeEmail, detail: "\"\(typed)\"")), (2_000, auth(typed)),
                      (5_000, .backgrounded), (9_000, .foregrounded)] + between + [(9_000, auth(back))])
    }

    @Test func aReturnThatRewritesWhatTheUserTypedIsReported() {
        let found = emailAway(typed: "li.wei@example.org", back: "old@example.com")
        #expect(found.map(\.message).contains { $0.contains("left the email field \"li.wei@example.org\"") })
    }

    @Test func aReturnThatKeepsTheFieldOrFollowsATapIsQuiet() {
        #expect(emailAway(typed: "li.wei@example.org", back: "li.wei@example.org").isEmpty)
        #expect(emailAway(typed: "li.wei@example.org", back: "",
                          between: [(9_000, .userAction(.useDifferentEmail, detail: ""))]).isEmpty)
    }

    @Test func aReturnThatRewindsThePagerIsReported() {
        let found = away(then: [(9_000, page(1))])
        #expect(found.map(\.message).contains { $0.contains("left the app on page(2)") })
    }

    @Test func aReturnToTheSamePageOrAMoveTheUserMadeIsQuiet() {
        #expect(away(then: [(9_000, page(2))]).isEmpty)
        #expect(away(then: [(9_000, page(2)), (9_200, .userAction(.nextPage, detail: "")), (9_200, page(3))]).isEmpty)
        // Past the flash window, a move is no longer the return's.
        #expect(away(then: [(9_000, page(2)), (12_000, page(1))]).isEmpty)
    }

    @Test func anAnswerThatArrivesAtTheReturnMayMoveTheUser() {
        let answered: [(Int64, ModelEvent)] = [(9_000, page(2)), (9_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok")),
                                               (9_100, .screen(ScreenState(route: .onboarding(.authVerification))))]
        #expect(away(then: answered).isEmpty)
    }

    /// Goal review with a goal picked (Confirm offered) at 2 s, away from 5 s to 9 s (the app's
    /// background redraw offers nothing); `while` happens while away; back, the screen offers `back`.
    func goalAway(back: [UserAction], whileAway: [(Int64, ModelEvent)] = [], at ms: Int64 = 9_000) -> [Violation] {
        func review(_ actions: [UserAction], foreground: Bool = true) -> ModelEvent {
            var state = ScreenState(route: .onboarding(.goalReview))
            state.actions = actions
            state.foreground = foreground
            return .screen(state)
        }
        return check([(0, review([.selectGoal])), (2_000, .userAction(.selectGoal, detail: "\"Sleep better\"")),
                      (2_000, review([.selectGoal, .confirmGoal])), (5_000, .backgrounded), (5_000, review([], foreground: false))]
                     + whileAway + [(9_000, .foregrounded), (ms, review(back))])
    }

    @Test func aReturnThatTakesAwayAButtonTheUserWasOfferedIsReported() {
        let found = goalAway(back: [.selectGoal])
        #expect(found.map(\.message).contains { $0.contains("confirm-goal gone") })
        // A spinner that hides Start on the success screen reads the same way: nothing offered.
        #expect(goalAway(back: []).count == 1)
    }

    @Test func aButtonGoneAfterTheReturnsInstantOrChangedWhileAwayIsNotTheReturns() {
        #expect(goalAway(back: [.selectGoal, .confirmGoal]).isEmpty)
        // A timer or the connection a moment later, not the return.
        #expect(goalAway(back: [.selectGoal], at: 9_100).isEmpty)
        // The screen changed while away (a sheet's own time, an answer): the return found it so.
        var changed = ScreenState(route: .onboarding(.goalReview))
        changed.actions = [.selectGoal]
        changed.foreground = false
        #expect(goalAway(back: [.selectGoal], whileAway: [(7_000, .screen(changed))]).isEmpty)
    }

    /// A system sheet up when the user left, answered in the very instant they come back (the
    /// Apple sheet's time, #50's ten-million-seed run of the pickup app): its buttons go with it.
    @Test func aSystemSheetAnsweredAtTheReturnTakesItsButtonsWithIt() {
        let signIn = Route.named(RouteName("sign-in", kind: .auth)), close = UserAction("close-sheet"), start = UserAction("sign-in")
        func screen(sheet: Bool, foreground: Bool = true) -> ModelEvent {
            var state = ScreenState(route: signIn)
            state.systemSheet = sheet ? "Sign in with Apple" : nil
            state.spinner = "sign-in"
            state.actions = sheet ? [close] : []
            state.foreground = foreground
            return .screen(state)
        }
        let common: [(Int64, ModelEvent)] = [(1_000, .userAction(start, detail: "")), (1_000, screen(sheet: true)),
                                             (2_000, .backgrounded), (2_000, screen(sheet: true, foreground: false)),
                                             (4_000, .foregrounded), (4_000, screen(sheet: true))]
        #expect(check(common + [(4_000, screen(sheet: false))]).isEmpty)
        // The same button gone with the sheet still up is the return's.
        var kept = ScreenState(route: signIn)
        kept.systemSheet = "Sign in with Apple"
        kept.spinner = "sign-in"
        #expect(check(common + [(4_000, .screen(kept))]).count == 1)
    }
}
