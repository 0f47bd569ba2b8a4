import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

// The one-line adapters: the harness's services conform to the app's own protocols.
extension SimulatedHTTPClient: DoorHTTPClient {}
extension SimulatedDefaults: DoorStorage {}
extension SimulatedPathMonitor: DoorConnectivity {}

/// The door, as app code: `DoorModel`, a main-actor model, runs on an `AppHost` with main-actor
/// hooks (`Hooks.mainActor`), its requests go through the
/// simulated network, its flag lives in simulated `UserDefaults`.
struct DoorCodeApp: AppPlugin {
    static let door = AppID("door-code")
    static let forgetsErrors = Mutant("door-code-forgets-errors")
    static let unlock = Endpoint("unlock")

    let id = DoorCodeApp.door
    let summary = "the door app, as app code under the harness"
    let routes = [RouteName("hall", kind: .onboarding), RouteName("room", kind: .main)]
    let actions = [UserAction("open"), UserAction("close")]
    let endpoints = [DoorCodeApp.unlock]
    let catalogue = [Mutant.Entry(DoorCodeApp.forgetsErrors, app: DoorCodeApp.door,
                                  summary: "a failed unlock puts the button back with no error", source: "the door's fix plan §1")]

    func makeWorld(_ start: AppStart) -> any AppWorld {
        let forgets = start.mutants.contains(Self.forgetsErrors)
        return AppHostWorld(app: id, simulation: start.simulation, backend: DoorServer(simulation: start.simulation),
                            faults: start.faults, routes: [.init("POST", "/door/unlock", Self.unlock)],
                            requestTimeout: start.requestTimeout, hooks: Self.hooks(forgetsErrors: forgets))
    }

    /// The team's adapter: how the app is built, how its state reads as a screen, what a tap calls.
    static func hooks(forgetsErrors: Bool) -> AppHost<DoorModel>.Hooks {
        .mainActor(launch: { environment in
                  DoorModel(http: environment.http, storage: environment.defaults, connectivity: environment.connectivity,
                            clock: environment.clock, forgetsErrors: forgetsErrors)
              },
              screen: { model in
                  var state = ScreenState(route: .named(RouteName(model.place == .room ? "room" : "hall",
                                                                  kind: model.place == .room ? .main : .onboarding)))
                  state.spinner = model.isOpening ? "unlock" : nil
                  state.errorText = model.errorMessage
                  state.offlineBanner = model.isOffline
                  state.actions = model.place == .room ? [UserAction("close")] : model.isOpening ? [] : [UserAction("open")]
                  return state
              },
              tap: { model, action, _ in
                  if action == UserAction("open") { await model.open() } else { model.close() }
              })
    }
}

/// The door's mock backend: unlocks, always.
actor DoorServer: SimulatedServer {
    let simulation: Simulation
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
    init(simulation: Simulation) { self.simulation = simulation }

    func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        guard case .app(let call) = request, call.endpoint == DoorCodeApp.unlock, call.method == "POST" else {
            return .answered(.failure(.status(404, "no such endpoint")))
        }
        return .answered(.success(.app(AppReply(status: 200))))
    }

    func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no work")) }
}
