import Testing
import Foundation
import Observation
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios
import Exploration

/// A welcome screen with Log in declared before Get started, and two questions whose picks are
/// named each its own way (a newcomer's trial, 2026-12-06: the scripted returning user always
/// tapped Get started; with a second `.choice` name the free user gave up on the second question).
@MainActor @Observable final class QuestionnaireModel {
    static let goals = ["Strength", "Calm"], levels = ["Beginner", "Advanced"]
    private(set) var step = "welcome"
    private(set) var picked: String?
    private(set) var startedAs: String?

    func tap(_ action: UserAction, _ input: String?) {
        switch action {
        case QuestionnaireApp.logIn: (startedAs, step) = ("returning", "goal")
        case QuestionnaireApp.getStarted: (startedAs, step) = ("new", "goal")
        case QuestionnaireApp.pickGoal, QuestionnaireApp.pickLevel: picked = input
        case QuestionnaireApp.next where picked != nil: (picked, step) = (nil, step == "goal" ? "level" : "home")
        default: break
        }
    }
}

struct QuestionnaireApp: AppPlugin {
    static let app = AppID("questionnaire")
    static let logIn = UserAction("log-in"), getStarted = UserAction("get-started")
    static let pickGoal = UserAction("pick-goal"), pickLevel = UserAction("pick-level"), next = UserAction("continue")

    let id = QuestionnaireApp.app
    let summary = "a welcome screen and two questions"
    let routes = [RouteName("welcome", kind: .onboarding), RouteName("goal", kind: .onboarding),
                  RouteName("level", kind: .onboarding), RouteName("home", kind: .main)]
    let catalogue: [Mutant.Entry] = []
    let roles = AppRoles(actions: [(QuestionnaireApp.logIn, .start(returning: true)), (QuestionnaireApp.getStarted, .start(returning: false)),
                                   (QuestionnaireApp.pickGoal, .choice), (QuestionnaireApp.pickLevel, .choice),
                                   (QuestionnaireApp.next, .submit(.choice))])
    var personas: [AppPersona] {
        [AppPersona(name: "questionnaire-new", summary: "a new user"),
         AppPersona(name: "questionnaire-returning", summary: "a user with an account", returning: true)]
    }

    func makeWorld(_ start: AppStart) -> any AppWorld {
        AppHostWorld(app: id, simulation: start.simulation, backend: DoorServer(simulation: start.simulation),
                     faults: start.faults, routes: [], requestTimeout: start.requestTimeout,
                     hooks: .mainActor(launch: { _ in QuestionnaireModel() },
                                       screen: { model in
                                           var state = ScreenState(route: .named(RouteName(model.step, kind: model.step == "home" ? .main : .onboarding)))
                                           switch model.step {
                                           case "welcome": state.actions = [QuestionnaireApp.logIn, QuestionnaireApp.getStarted]
                                           case "goal", "level":
                                               state.choices = model.step == "goal" ? QuestionnaireModel.goals : QuestionnaireModel.levels
                                               state.actions = [model.step == "goal" ? QuestionnaireApp.pickGoal : QuestionnaireApp.pickLevel]
                                                   + (model.picked == nil ? [] : [QuestionnaireApp.next])
                                           default: break
                                           }
                                           return state
                                       },
                                       tap: { model, action, input in model.tap(action, input) }))
    }
}

@Suite struct QuestionnaireFreeUserTests {
    init() throws { try AppRegistry.register(QuestionnaireApp()) }

    /// The first tap of each run of `persona` with `user`, and how many runs reached home.
    func runs(_ persona: Int, user: UserDriver) -> (firstTaps: [String], home: Int) {
        let target = ExplorationTarget.appPersona(QuestionnaireApp.app, QuestionnaireApp().personas[persona])
        let results = (1...30 as ClosedRange<UInt64>).map { seed in
            Explorer.explore(ExplorationPlan(targets: [target], seedCount: 30, user: user), seed: seed).result
        }
        let first = results.compactMap { result in
            result.freeUserLogs.first?.choices.compactMap { choice -> String? in
                if case .tap(let action, _) = choice.act { return action.rawValue }
                return nil
            }.first
        }
        return (first, results.filter { $0.simulation.trace.canonicalText.contains("route=home") }.count)
    }

    @Test func aReturningUserLogsInAndANewUserGetsStartedWhateverTheOrderTheyAreDeclaredIn() {
        #expect(Set(runs(1, user: .scripted).firstTaps) == ["log-in"])
        #expect(Set(runs(0, user: .scripted).firstTaps) == ["get-started"])
        // The free user too, but for a deviation now and then (another action on offer).
        let free = runs(0, user: .free).firstTaps
        #expect(free.filter { $0 == "get-started" }.count >= 20, "\(free)")
    }

    @Test func theUserAnswersEachQuestionThoughEachPickHasItsOwnName() {
        let scripted = runs(0, user: .scripted)
        #expect(scripted.home == 30, "every scripted run answers both questions: \(scripted.home) of 30")
    }
}
