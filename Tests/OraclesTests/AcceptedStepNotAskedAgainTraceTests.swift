import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `acceptedStepNotAskedAgain` (#64 item 1), on traces written by hand: the user saves a goal, the
/// backend accepts it, the review step shows, the app is killed and launched again.
@Suite struct AcceptedStepNotAskedAgainTraceTests {
    static let welcome = Route.named(RouteName("welcome", kind: .onboarding))
    static let goal = Route.named(RouteName("goal", kind: .onboarding))
    static let review = Route.named(RouteName("review", kind: .onboarding))
    static let splash = Route.named(RouteName("splash", kind: .launch))
    static let pick = UserAction("pick-goal"), save = UserAction("save"), activate = UserAction("activate")
    static let resume = UserAction("resume"), startOver = UserAction("start-over")
    static let saveGoal = Endpoint("save-goal")
    static let roles = AppRoles(actions: [(pick, .choice), (save, .submit(.choice)), (startOver, .startOver)],
                                requests: [(saveGoal, RequestRole(carries: [CarriedInput(.choice, key: "goal")]))],
                                stepOrder: [welcome, goal, review])

    static func screen(_ route: Route, _ actions: [UserAction], gate: Bool = false) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.resumeGate = gate
        return .screen(state)
    }

    /// Up to the kill on the review step, `answer` the save's outcome; then `after` from 20 s.
    func check(answer: String = "ok", whileRunning: [(Int64, ModelEvent)] = [], whileClosed: [(Int64, ModelEvent)] = [],
               _ after: [(Int64, ModelEvent)]) -> [Violation] {
        let before: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, Self.screen(Self.goal, [Self.pick, Self.save])),
            (1_000, .userAction(Self.pick, detail: "\"Run a 5k\"")), (2_000, .userAction(Self.save, detail: "")),
            (2_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.saveGoal)),
            (2_300, .responseReceived(id: 1, endpoint: Self.saveGoal, outcome: answer)),
            (2_300, Self.screen(answer == "ok" ? Self.review : Self.goal, answer == "ok" ? [Self.activate] : [Self.pick, Self.save])),
            (10_000, .killed(process: 1)),
        ] + whileClosed + [
            (20_000, .launched(process: 2, cold: true)), (20_000, .signedIn(user: "u1")), (20_000, Self.screen(Self.splash, [])),
        ]
        var trace = Trace()
        // In time order, events of one instant in the order given.
        let events = (before + whileRunning + after + [(60_000, .note("end"))]).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        for (ms, event) in events {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return AcceptedStepNotAskedAgain().check(RunObservation(trace: trace, roles: Self.roles), settings: OracleSettings())
    }

    @Test func aRelaunchOntoTheGoalTheBackendAcceptedIsReported() {
        let found = check([(20_300, Self.screen(Self.goal, [Self.pick, Self.save]))])
        #expect(found.map(\.oracle) == ["acceptedStepNotAskedAgain"])
        #expect(found.first?.message.contains("Killed on review, the app relaunched the user at 20300ms onto goal") == true)
        // Behind the resume gate, Resume leads there too.
        #expect(check([(20_300, Self.screen(Self.goal, [Self.resume, Self.startOver], gate: true)),
                       (21_000, .userAction(Self.resume, detail: "")), (21_000, Self.screen(Self.goal, [Self.pick, Self.save]))]).count == 1)
    }

    @Test func aRelaunchWhereTheUserWasOrOnAStepNeverAcceptedIsQuiet() {
        #expect(check([(20_300, Self.screen(Self.review, [Self.activate]))]).isEmpty)
        // The save failed: the goal step is the user's to do again.
        #expect(check(answer: "status 500", [(20_300, Self.screen(Self.goal, [Self.pick, Self.save]))]).isEmpty)
        // The user chose Start over on the gate.
        #expect(check([(20_300, Self.screen(Self.review, [Self.resume, Self.startOver], gate: true)),
                       (21_000, .userAction(Self.startOver, detail: "")), (21_000, Self.screen(Self.goal, [Self.pick, Self.save]))]).isEmpty)
        // Signed out meanwhile, or the account changed on another device while the app was closed.
        #expect(check([(20_100, .signedOut), (20_300, Self.screen(Self.goal, [Self.pick, Self.save]))]).isEmpty)
        #expect(check(whileClosed: [(15_000, .journeyChanged(user: "u1", journey: AccountJourney("goals=pending", isComplete: false)))],
                      [(20_300, Self.screen(Self.goal, [Self.pick, Self.save]))]).isEmpty)
    }

    /// A journey that changes while the app runs with none of its requests out changed elsewhere
    /// (a reset on another device the app had not heard of when it was killed: a shrunk file of
    /// `app-permission-asked-again` met it); one that changes while the step's own request is out
    /// is the app's doing, and the rule still judges.
    @Test func aJourneyChangedElsewhereJustBeforeTheKillIsNotJudged() {
        let reset: ModelEvent = .journeyChanged(user: "u1", journey: AccountJourney("goals=pending", isComplete: false))
        #expect(check(whileRunning: [(9_500, reset)], [(20_300, Self.screen(Self.goal, [Self.pick, Self.save]))]).isEmpty)
        let own: ModelEvent = .journeyChanged(user: "u1", journey: AccountJourney("goals=complete", isComplete: false))
        #expect(check(whileRunning: [(2_100, own)], [(20_300, Self.screen(Self.goal, [Self.pick, Self.save]))]).count == 1)
    }
}
