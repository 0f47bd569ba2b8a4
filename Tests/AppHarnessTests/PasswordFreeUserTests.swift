import Testing
import Observation
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios
import Exploration

/// A log-in form with a password field (a newcomer's trial, 2026-12-06: the free user typed no
/// password, so a rule about one was out of reach, and the trial's glue added an `autofill-password`
/// action). An action declared `.input(.password)` gets the user's own (`FreeUser.password`) typed
/// once per visit, before the form's forward button.
@MainActor @Observable final class PasswordFormModel {
    private(set) var step = "log-in"
    private(set) var password = ""
    private(set) var refusals = 0

    func tap(_ action: UserAction, _ input: String?) {
        switch action {
        case PasswordApp.typePassword: password = input ?? ""
        case PasswordApp.logIn:
            if password == FreeUser.password { step = "home" } else { refusals += 1 }
        default: break
        }
    }
}

struct PasswordApp: AppPlugin {
    static let app = AppID("password-form")
    static let typePassword = UserAction("type-password"), logIn = UserAction("log-in")

    let id = PasswordApp.app
    let summary = "a log-in form with a password"
    let routes = [RouteName("log-in", kind: .auth), RouteName("home", kind: .main)]
    let catalogue: [Mutant.Entry] = []
    let roles = AppRoles(actions: [(PasswordApp.typePassword, .input(.password)), (PasswordApp.logIn, .submit(.password))])

    func makeWorld(_ start: AppStart) -> any AppWorld {
        AppHostWorld(app: id, simulation: start.simulation, backend: DoorServer(simulation: start.simulation),
                     faults: start.faults, routes: [], requestTimeout: start.requestTimeout,
                     hooks: .mainActor(launch: { _ in PasswordFormModel() },
                                       screen: { model in
                                           var state = ScreenState(route: .named(RouteName(model.step, kind: model.step == "home" ? .main : .auth)))
                                           if model.step == "log-in" {
                                               state.actions = [PasswordApp.typePassword, PasswordApp.logIn]
                                               if model.refusals > 0 { state.errorText = "Wrong password." }
                                           }
                                           return state
                                       },
                                       tap: { model, action, input in model.tap(action, input) }))
    }
}

@Suite struct PasswordFreeUserTests {
    init() throws { try AppRegistry.register(PasswordApp()) }

    func results(user: UserDriver) -> [ScenarioResult] {
        let target = ExplorationTarget.appPersona(PasswordApp.app, PasswordApp().personas[0])
        return (1...30 as ClosedRange<UInt64>).map { seed in
            Explorer.explore(ExplorationPlan(targets: [target], seedCount: 30, user: user), seed: seed).result
        }
    }

    @Test func theUserTypesTheirPasswordBeforeLoggingIn() {
        let scripted = results(user: .scripted)
        #expect(scripted.filter { $0.simulation.trace.canonicalText.contains("route=home") }.count == 30)
        for result in scripted {
            let taps = result.freeUserLogs.first?.choices.compactMap { choice -> String? in
                if case .tap(let action, let input) = choice.act { return action.rawValue + (input.map { "=\($0)" } ?? "") }
                return nil
            } ?? []
            #expect(taps.prefix(2) == ["type-password=\(FreeUser.password)", "log-in"], "\(taps)")
        }
        let free = results(user: .free).filter { $0.simulation.trace.canonicalText.contains("route=home") }.count
        #expect(free >= 20, "the free user logs in too, but for a deviation now and then: \(free) of 30")
    }
}
