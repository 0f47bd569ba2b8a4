import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `returnFindsWhereTheUserLeft`, on traces written by hand: back in the app, the user finds the
/// screen they left.
@Suite struct ReturnTraceTests {
    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        for (ms, event) in [(0, .launched(process: 1, cold: true))] + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return ReturnFindsWhereTheUserLeft().check(RunObservation(trace: trace), settings: OracleSettings())
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
}
