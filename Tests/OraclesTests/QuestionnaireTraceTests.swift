import Testing
import SimKernel
import AppVocabulary
import Oracles

/// A questionnaire of a team's app (a newcomer's trial, 2026-12-06: goal, level, days, each
/// answer saved as a draft, Back allowed): the choice rules judge each question by its own
/// options, and a saved answer shown again on Back is the user's own.
@Suite struct QuestionnaireTraceTests {
    static let pick = UserAction("pick"), next = UserAction("continue"), back = UserAction("back")
    static let save = Endpoint("save-draft")
    static let roles = AppRoles(actions: [(pick, .choice), (next, .submit(.choice)), (back, .back)],
                                requests: [(save, RequestRole(carries: [CarriedInput(.choice, key: "answer")]))])
    static let goal = Route.named(RouteName("goal", kind: .onboarding)), level = Route.named(RouteName("level", kind: .onboarding))
    static let goals = ["Build strength", "Lose weight"], levels = ["Beginner", "Advanced"]

    static func screen(_ route: Route, _ choices: [String], offering actions: [UserAction]) -> ModelEvent {
        var state = ScreenState(route: route)
        state.choices = choices
        state.actions = actions
        return .screen(state)
    }

    static func observe(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in [(0, ModelEvent.launched(process: 1, cold: true))] + events {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        trace.append(ModelEvent.note("end"), at: SimulationInstant(nanoseconds: 60_000_000_000))
        return RunObservation(trace: trace, roles: roles)
    }

    static func saved(_ id: Int, _ answer: String, at ms: Int64) -> [(Int64, ModelEvent)] {
        [(ms, .requestSent(id: id, timeoutMs: 10_000, endpoint: save)),
         (ms, .requestCarries(id: id, request: .app(AppRequest(endpoint: save, method: "PATCH", carried: [CarriedValue(.choice, answer)]))))]
    }

    /// Goal picked and saved, level picked, then Back: the goal screen shows the saved answer,
    /// and Continue saves `resent` again.
    static func backToTheGoal(resending resent: String, pickedOnGoal: String = "Build strength") -> RunObservation {
        observe([(100, screen(goal, goals, offering: [pick])),
                 (1_000, .userAction(pick, detail: "\"\(pickedOnGoal)\"")), (1_000, screen(goal, goals, offering: [pick, next])),
                 (2_000, .userAction(next, detail: ""))] + saved(1, pickedOnGoal, at: 2_000)
                + [(2_500, screen(level, levels, offering: [pick, back])),
                   (3_000, .userAction(pick, detail: "\"Advanced\"")), (3_000, screen(level, levels, offering: [pick, back, next])),
                   (4_000, .userAction(back, detail: "")), (4_000, screen(goal, goals, offering: [pick, next])),
                   (5_000, .userAction(next, detail: ""))] + saved(2, resent, at: 5_000))
    }

    @Test func aSavedAnswerShownAgainOnBackIsTheUsersOwnAndIsSentAsTheirs() {
        let run = Self.backToTheGoal(resending: "Build strength")
        #expect(ChoiceIsTheUsers().check(run, settings: OracleSettings()).isEmpty)
        #expect(RequestsCarryWhatTheUserEntered().check(run, settings: OracleSettings()).isEmpty,
                "the goal's answer is judged against the goal's pick, not the level's")
    }

    @Test func anAnswerTheUserDidNotPickOnItsOwnQuestionIsStillReported() {
        let found = RequestsCarryWhatTheUserEntered().check(Self.backToTheGoal(resending: "Lose weight"), settings: OracleSettings())
        #expect(found.count == 1 && found[0].message.contains("although the user last selected \"Build strength\" among its options"),
                "\(found.map(\.message))")
    }

    @Test func aSelectionTheUserNeverMadeOnThisScreenIsStillReported() {
        // Continue offered on the goal screen's first visit, with nothing picked there ever.
        let run = Self.observe([(100, Self.screen(Self.goal, Self.goals, offering: [Self.pick, Self.next]))])
        let found = ChoiceIsTheUsers().check(run, settings: OracleSettings())
        #expect(found.count == 1 && found[0].message.contains("selected no option"))
        // A pick on another question is not a pick on this one.
        let other = Self.observe([(100, Self.screen(Self.level, Self.levels, offering: [Self.pick])),
                                  (1_000, .userAction(Self.pick, detail: "\"Advanced\"")),
                                  (1_500, Self.screen(Self.goal, Self.goals, offering: [Self.pick, Self.next]))])
        #expect(ChoiceIsTheUsers().check(other, settings: OracleSettings()).count == 1)
    }

    /// A returning user whose account came with answers from another install: the answer the app
    /// shows them on a question is theirs; after another user signed in on the phone, it is not.
    @Test func anAnswerFromTheUsersOwnAccountIsTheirsButNotAfterAnotherUsersSignIn() {
        let seeded: [(Int64, ModelEvent)] = [(0, .accountSeeded(user: "u1", email: "a@x.io", journey: AccountJourney("level", isComplete: false)))]
        let answered = Self.observe(seeded + [(500, .signedIn(user: "u1")),
                                              (1_000, Self.screen(Self.level, Self.levels, offering: [Self.pick, Self.next]))])
        #expect(ChoiceIsTheUsers().check(answered, settings: OracleSettings()).isEmpty)
        let afterAnother = Self.observe(seeded + [(200, .signedIn(user: "u2")), (300, .signedOut), (500, .signedIn(user: "u1")),
                                                  (1_000, Self.screen(Self.level, Self.levels, offering: [Self.pick, Self.next]))])
        #expect(ChoiceIsTheUsers().check(afterAnother, settings: OracleSettings()).count == 1)
        let newAccount = Self.observe([(500, .signedIn(user: "u1")),
                                       (1_000, Self.screen(Self.level, Self.levels, offering: [Self.pick, Self.next]))])
        #expect(ChoiceIsTheUsers().check(newAccount, settings: OracleSettings()).count == 1, "an account made in this run has no answers of before")
    }

    /// A returning user's saved goal sent again after Back, with a pick only on the next question in
    /// this run: theirs from their account; a new account's is still judged by the last pick.
    @Test func aReturningUsersSavedAnswerSentAgainIsTheirs() {
        func run(seeded: Bool) -> RunObservation {
            let seed: [(Int64, ModelEvent)] = seeded
                ? [(0, .accountSeeded(user: "u1", email: "a@x.io", journey: AccountJourney("level", isComplete: false)))] : []
            return Self.observe(seed + [(100, .signedIn(user: "u1")), (200, Self.screen(Self.level, Self.levels, offering: [Self.pick, Self.back])),
                                        (1_000, .userAction(Self.pick, detail: "\"Advanced\"")), (2_000, .userAction(Self.back, detail: "")),
                                        (2_000, Self.screen(Self.goal, Self.goals, offering: [Self.pick, Self.next])),
                                        (3_000, .userAction(Self.next, detail: ""))] + Self.saved(1, "Build strength", at: 3_000))
        }
        #expect(RequestsCarryWhatTheUserEntered().check(run(seeded: true), settings: OracleSettings()).isEmpty)
        #expect(RequestsCarryWhatTheUserEntered().check(run(seeded: false), settings: OracleSettings()).count == 1)
    }
}
