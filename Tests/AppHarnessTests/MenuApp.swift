import Foundation
import Observation
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

/// The smallest app with a list to pick from: a menu that lists drinks (`ScreenState.choices`),
/// an action that picks one (`ActionRole.choice`) and Order, offered once a drink is picked. What
/// the free user does on it is what it does on any plug-in's choice screen (#47 item 4).
@MainActor @Observable final class MenuModel {
    static let drinks = ["Tea", "Coffee"]
    private(set) var picked: String?
    private(set) var served: String?
    @ObservationIgnored let defaults: SimulatedDefaults

    init(defaults: SimulatedDefaults) {
        self.defaults = defaults
        served = defaults.string(forKey: "served")
    }

    func pick(_ drink: String?) { if let drink, Self.drinks.contains(drink) { picked = drink } }
    func order() {
        served = picked
        defaults.set(picked, forKey: "served")
    }
}

struct MenuApp: AppPlugin {
    static let app = AppID("menu")
    static let pick = UserAction("pick"), order = UserAction("order")

    let id = MenuApp.app
    let summary = "a menu to pick a drink from"
    let routes = [RouteName("menu", kind: .onboarding), RouteName("served", kind: .main)]
    let actions = [MenuApp.pick, MenuApp.order]
    let endpoints: [Endpoint] = []
    let catalogue: [Mutant.Entry] = []
    let roles = AppRoles(actions: [(MenuApp.pick, .choice), (MenuApp.order, .submit(.choice))])

    func makeWorld(_ start: AppStart) -> any AppWorld {
        AppHostWorld(app: id, simulation: start.simulation, backend: DoorServer(simulation: start.simulation),
                     faults: start.faults, routes: [], requestTimeout: start.requestTimeout,
                     hooks: .mainActor(launch: { environment in MenuModel(defaults: environment.defaults) },
                                       screen: { model in
                                           let served = model.served != nil
                                           var state = ScreenState(route: .named(RouteName(served ? "served" : "menu",
                                                                                           kind: served ? .main : .onboarding)))
                                           if !served {
                                               state.choices = MenuModel.drinks
                                               state.actions = [MenuApp.pick] + (model.picked == nil ? [] : [MenuApp.order])
                                           }
                                           return state
                                       },
                                       tap: { model, action, input in
                                           if action == MenuApp.pick { model.pick(input) } else { model.order() }
                                       }))
    }
}
