import Synchronization
import Dispatch
import SimKernel
import AppVocabulary
import Scenarios

/// Never set: a jammed door's tap spins on it without ever suspending, as a broken app's loop
/// would (what the watchdog is for).
let doorJamClears = Atomic(false)

/// The smallest app outside the package: a hall with a door that opens after one request to
/// `unlock`. Registered as a plug-in, it shows that an app's own vocabulary, world and bugs run
/// through scenarios and the shared oracles without editing the simulator. A phone set up with
/// `"device": {"jammed": true}` hangs on the first tap, without ever suspending: the watchdog's
/// case. One set up with `"device": {"waitsOnDispatch": true}` waits for its unlock on
/// `DispatchQueue.asyncAfter`, a wall-clock wait no run can follow: the run must fail and say so.
struct DoorApp: AppPlugin {
    static let door = AppID("door")
    static let silentFailure = Mutant("door-silent-failure")

    let id = DoorApp.door
    let summary = "a hall whose door opens after one request"
    let routes = [RouteName("hall", kind: .onboarding), RouteName("room", kind: .main)]
    let actions = [UserAction("open"), UserAction("close")]
    let endpoints = [Endpoint("unlock")]
    let catalogue = [Mutant.Entry(DoorApp.silentFailure, app: DoorApp.door,
                                  summary: "a failed unlock puts the button back with no error",
                                  source: "the door's fix plan §1")]
    /// Some seeds start with the phone offline.
    let swarmKnobs = [SwarmKnob.flag(.device, "online", to: .bool(false), chance: Probability(0.25))]

    /// The door's phone (`"device"`): whether the door is jammed or waits on Dispatch (`online` is every app's).
    struct Device: Decodable {
        var jammed: Bool?
        var waitsOnDispatch: Bool?
    }

    func checkSetup(_ setup: AppSetup) -> [AppSetupProblem] { setup.problems(device: Device.self, backend: NoSettings.self) }

    func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }

    /// `expect.backend`: whether the lock took an unlock. The door has one account, the hall's.
    let backendFacts = [BackendFact(flag: "unlocked", what: "lock's unlock")]
    func firstAccount(of scenario: Scenario) -> String? { "hall" }
    func account(_ email: String, in world: any AppWorld) async -> AccountState? {
        guard let world = world as? DoorWorld else { return nil }
        return AccountState([("unlocked", await world.server.unlocks > 0 ? "true" : "false")])
    }
}

struct DoorWorld: AppWorld {
    let simulation: Simulation
    let network: Network
    let server: DoorServer
    let device: DoorPhone
    let faults: FaultPlan
    var app: AppID { DoorApp.door }
    var screen: Screen { device.screen }

    init(_ start: AppStart) {
        simulation = start.simulation
        faults = start.faults
        server = DoorServer(simulation: start.simulation)
        network = Network(simulation: start.simulation, backend: server, plan: start.faults)
        device = DoorPhone(simulation: start.simulation, network: network, timeout: start.requestTimeout,
                           silentFailure: start.mutants.contains(DoorApp.silentFailure),
                           device: start.setup.device(DoorApp.Device.self))
    }

    func prepare() async { faults.schedule(on: simulation, network: network) { _ in } }
    func currentScreen() async -> ScreenState { await screen.current }
}

actor DoorServer: SimulatedServer {
    let simulation: Simulation
    private(set) var unlocks = 0
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
    init(simulation: Simulation) { self.simulation = simulation }

    func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        guard case .app(let call) = request, call.endpoint == Endpoint("unlock") else { return .answered(.failure(.status(404, "no such endpoint"))) }
        unlocks += 1
        return .answered(.success(.app(AppReply(status: 200))))
    }

    func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no work")) }
}

actor DoorPhone: AppDevice {
    let simulation: Simulation
    let network: Network
    let screen: Screen
    let timeout: Duration
    let silentFailure: Bool
    let jammed: Bool
    let waitsOnDispatch: Bool
    private var process: AppProcess?
    private var launches = 0
    private var opened = false
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    init(simulation: Simulation, network: Network, timeout: Duration, silentFailure: Bool, device: DoorApp.Device?) {
        self.simulation = simulation
        self.network = network
        self.screen = Screen(simulation: simulation)
        self.timeout = timeout
        self.silentFailure = silentFailure
        self.jammed = device?.jammed ?? false
        self.waitsOnDispatch = device?.waitsOnDispatch ?? false
    }

    func launch() async {
        guard process == nil else { return await foreground() }
        launches += 1
        process = AppProcess(id: launches, simulation: simulation)
        simulation.record(ModelEvent.launched(process: launches, cold: true))
        await show(opened ? "room" : "hall", actions: [UserAction(opened ? "close" : "open")])
    }

    func kill() async {
        guard let process else { return }
        simulation.record(ModelEvent.killed(process: launches))
        process.terminate()
        self.process = nil
        await screen.show(.notRunning)
    }

    func background() async { if process != nil { simulation.record(ModelEvent.backgrounded) } }
    func foreground() async {
        guard process != nil else { return await launch() }
        simulation.record(ModelEvent.foregrounded)
    }
    func reinstall() async {
        await kill()
        opened = false
        simulation.record(ModelEvent.reinstalled)
    }

    func perform(_ action: UserAction, input: String?) async -> Bool {
        let current = await screen.current
        guard let process, current.actions.contains(action) else {
            simulation.record(ModelEvent.actionUnavailable(action, route: current.route?.description ?? "none"))
            return false
        }
        simulation.record(ModelEvent.userAction(action, detail: ""))
        while jammed && !doorJamClears.load(ordering: .relaxed) {}
        if waitsOnDispatch {
            // The pasted code's pause before it opens, awaited by the tap: a Dispatch timer, on the wall clock.
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + 3600) { resumed.resume() }  // determinism: ok (the wall-clock wait under test)
            }
        }
        if action == UserAction("close") {
            opened = false
            await show("hall", actions: [UserAction("open")])
            return true
        }
        await show("hall", actions: [], spinner: "unlock")
        process.spawn("unlock") { await self.unlock() }
        return true
    }

    private func unlock() async {
        var (waited, result) = await sendWhenOnline()
        // The connection went as the request left, before the phone could say so: it failed
        // offline at once. Wait for it as above and send once more; put back at once, the same
        // error would come back and the tap would change nothing the user sees.
        if !waited, case .failure(.offline) = result { (_, result) = await sendWhenOnline() }
        switch result {
        case .success:
            opened = true
            await show("room", actions: [UserAction("close")])
        case .failure(.cancelled):
            return
        case .failure:
            // door-silent-failure: the button comes back and nothing says why.
            await show("hall", actions: [UserAction("open")], error: silentFailure ? nil : "The door did not open. Try again.")
        }
    }

    /// Offline, waits a bounded while for the connection behind the spinner (sent at once, the
    /// request would fail in the same instant and the same error come back: a tap that changes
    /// nothing the user sees), then sends the unlock. Whether it waited, and the answer.
    private func sendWhenOnline() async -> (waited: Bool, Result<BackendResponse, RequestError>) {
        var waited = Duration.zero
        while !(await network.isOnline), waited < .seconds(20) {
            do { try await simulation.clock.sleep(for: .milliseconds(500), label: "wait for the connection") } catch {
                return (true, .failure(.cancelled))
            }
            waited += .milliseconds(500)
        }
        let request = BackendRequest.app(AppRequest(endpoint: Endpoint("unlock"), method: "POST", path: "/door/unlock"))
        return (waited > .zero, await network.send(request, timeout: timeout))
    }

    private func show(_ route: String, actions: [UserAction], spinner: String? = nil, error: String? = nil) async {
        var state = ScreenState(route: .named(RouteName(route, kind: route == "room" ? .main : .onboarding)))
        state.actions = actions
        state.spinner = spinner
        state.errorText = error
        await screen.show(state)
    }
}
