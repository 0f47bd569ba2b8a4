import Observation
import Synchronization
import SimKernel
import AppVocabulary

/// A phone that runs app code: launches it (building the app's root object with an
/// `AppEnvironment`), kills it, sends it to the background and back, reinstalls it, and takes the
/// user's taps; and shows what the app's observable state says the screen is, again every time
/// that state changes (`withObservationTracking`, as SwiftUI renders an `@Observable` model).
///
/// The team writes the small adapter, `Hooks`: how to build the app, how its state reads as a
/// screen (route and its kind, loading, the actions on offer, an error, a banner), and which of
/// its methods a tap calls. The host records every lifecycle event and tap the oracles read.
///
/// ```swift
/// AppHost(simulation: simulation, network: network, routes: routes, hooks: .init(
///     launch: { environment in OnboardingViewModel(http: environment.http, defaults: environment.defaults, clock: environment.clock) },
///     screen: { model in model.screenState },
///     tap: { model, action, _ in model.handle(action) }))
/// ```
public actor AppHost<App: AnyObject>: AppDevice {
    /// The team's adapter between its app and the phone.
    public struct Hooks: Sendable {
        public var launch: @Sendable (AppEnvironment) -> App
        public var screen: @Sendable (App) -> ScreenState
        /// Does what the tap on `action` does: a button's action, run as its own task of the
        /// app's process (a kill cancels it), as `Button { Task { await model.next() } }` runs.
        public var tap: @Sendable (App, UserAction, String?) async -> Void
        public var didEnterBackground: @Sendable (App) -> Void
        public var willEnterForeground: @Sendable (App) -> Void
        /// What a launch does once its first frame is up: the root view's `.task`, run as a task
        /// of the app's process.
        public var appeared: @Sendable (App) async -> Void
        /// Who the app says is signed in (its session's user), or nil: read with every screen, and
        /// each change recorded as a sign-in or a sign-out (`ModelEvent.signedIn`, `.signedOut`),
        /// which the session rules read. A session the app restores at launch is no new sign-in.
        /// Nil (the default): the world records its sessions itself, or has none.
        public var signedInUser: (@Sendable (App) -> String?)?

        public init(launch: @escaping @Sendable (AppEnvironment) -> App, screen: @escaping @Sendable (App) -> ScreenState,
                    tap: @escaping @Sendable (App, UserAction, String?) async -> Void,
                    didEnterBackground: @escaping @Sendable (App) -> Void = { _ in },
                    willEnterForeground: @escaping @Sendable (App) -> Void = { _ in },
                    appeared: @escaping @Sendable (App) async -> Void = { _ in },
                    signedInUser: (@Sendable (App) -> String?)? = nil) {
            self.launch = launch
            self.screen = screen
            self.tap = tap
            self.didEnterBackground = didEnterBackground
            self.willEnterForeground = willEnterForeground
            self.appeared = appeared
            self.signedInUser = signedInUser
        }
    }

    public nonisolated let simulation: Simulation
    public nonisolated let network: Network
    public nonisolated let screen: Screen
    /// Survive kills; a reinstall erases the defaults only.
    public nonisolated let defaults: SimulatedDefaults
    public nonisolated let keychain: SimulatedKeychain
    let routes: [SimulatedHTTPClient.Route]
    let requestTimeout: Duration
    public nonisolated let system: SimulatedSystem
    let hooks: Hooks
    private var app: App?
    private var process: AppProcess?
    private var life = AppProcessLife()
    private var launches = 0
    private var foreground = true
    /// The user the app last said was signed in (`Hooks.signedInUser`).
    private var sessionUser: String?
    /// The system sheet over the app (a permission prompt), if one is up.
    private var systemSheet: String?
    /// The Sign in with Apple sheet's attempts on this phone, in every launch.
    let credentialSheet: CredentialSheetAttempts
    /// The permissions answered since the app was installed.
    let permissions: PermissionAnswers

    public nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    public init(simulation: Simulation, network: Network, routes: [SimulatedHTTPClient.Route], requestTimeout: Duration = .seconds(60),
                system: SimulatedSystem = SimulatedSystem(), hooks: Hooks) {
        self.simulation = simulation
        self.network = network
        self.routes = routes
        self.requestTimeout = requestTimeout
        self.system = system
        self.hooks = hooks
        credentialSheet = CredentialSheetAttempts(planned: system.credentialSheet)
        permissions = PermissionAnswers()
        screen = Screen(simulation: simulation)
        defaults = SimulatedDefaults(simulation: simulation)
        keychain = SimulatedDefaults.keychain(simulation: simulation)
    }

    public var isRunning: Bool { app != nil }

    public func launch() async {
        guard app == nil else { return await foreground() }
        launches += 1
        life = AppProcessLife()
        foreground = true
        defaults.attach(to: life)
        keychain.attach(to: life)
        process = AppProcess(id: launches, simulation: simulation)
        systemSheet = nil
        let launch = launches
        simulation.record(ModelEvent.launched(process: launches, cold: true))
        let environment = AppEnvironment(clock: AppClock(simulation.clock, life: life),
                                         http: SimulatedHTTPClient(network: network, routes: routes, timeout: requestTimeout, life: life),
                                         defaults: defaults, keychain: keychain,
                                         connectivity: SimulatedPathMonitor(network: network, life: life),
                                         system: system, credentialSheet: credentialSheet, permissions: permissions, life: life,
                                         simulation: simulation,
                                         showSystemSheet: { [weak self] sheet in await self?.show(systemSheet: sheet, in: launch) })
        let launched = hooks.launch(environment)
        app = launched
        // A session restored at launch is on record when it is not the one recorded last (a
        // session from before the run, a persona's); a relaunch that restores the same user adds
        // nothing (`render` records the change).
        render()
        process?.spawn("appeared") { await self.runAppeared(in: launch) }
    }

    private func runAppeared(in launch: Int) async {
        guard launch == launches, let app else { return }
        await hooks.appeared(app)
        render()
    }

    public func kill() async {
        guard app != nil else { return }
        simulation.record(ModelEvent.killed(process: launches))
        life.end()
        process?.terminate()
        process = nil
        app = nil
        screen.onSharedExecutor(passing: ScreenState.notRunning) { $0.show($1) }
    }

    public func background() async {
        guard let app, foreground else { return }
        foreground = false
        simulation.record(ModelEvent.backgrounded)
        hooks.didEnterBackground(app)
        render()
    }

    public func foreground() async {
        guard let app else { return await launch() }
        guard !foreground else { return }
        foreground = true
        simulation.record(ModelEvent.foregrounded)
        hooks.willEnterForeground(app)
        render()
    }

    /// Deletes and reinstalls the app: the defaults and the permissions' answers go, the keychain stays.
    public func reinstall() async {
        await kill()
        defaults.erase()
        permissions.forget()
        simulation.record(ModelEvent.reinstalled)
    }

    public func perform(_ action: UserAction, input: String?) async -> Bool {
        guard let app else {
            simulation.record(ModelEvent.actionUnavailable(action, route: "none"))
            return false
        }
        let shown = hooks.screen(app)
        // The Sign in with Apple sheet's close button: the user cancels the sheet.
        if action == .closeSystemSheet, foreground, systemSheet != nil, credentialSheet.isUp {
            simulation.record(ModelEvent.userAction(action, detail: ""))
            credentialSheet.close()
            systemSheet = nil
            render()
            return true
        }
        // A system sheet over the app is modal: the app beneath takes no taps.
        guard foreground, systemSheet == nil, shown.actions.contains(action) else {
            simulation.record(ModelEvent.actionUnavailable(action, route: shown.route?.description ?? "none"))
            return false
        }
        simulation.record(ModelEvent.userAction(action, detail: input.map { "\"\($0)\"" } ?? ""))
        let launch = launches
        process?.spawn("tap \(action)") { await self.runTap(action, input: input, in: launch) }
        return true
    }

    private func runTap(_ action: UserAction, input: String?, in launch: Int) async {
        guard launch == launches, let app else { return }
        await hooks.tap(app, action, input)
        render()
    }

    /// Reads the app's state as a screen and shows it, and watches what it read: the next change
    /// to any of it renders again (once, however many properties change in one turn).
    private func render() {
        guard let app else { return }
        let process = launches
        var user: String?
        var state = withObservationTracking {
            user = hooks.signedInUser?(app)
            return hooks.screen(app)
        } onChange: { [weak self] in
            self?.renderSoon(for: process)
        }
        if hooks.signedInUser != nil, user != sessionUser {
            sessionUser = user
            simulation.record(user.map { ModelEvent.signedIn(user: $0) } ?? ModelEvent.signedOut)
        }
        state.foreground = foreground
        if let systemSheet {
            state.systemSheet = systemSheet
            state.actions = credentialSheet.isUp ? [.closeSystemSheet] : []
        }
        screen.onSharedExecutor(passing: state) { $0.show($1) }
    }

    /// Puts the system sheet of `launch` over the app, or takes it away.
    private func show(systemSheet sheet: String?, in launch: Int) {
        guard launch == launches, app != nil else { return }
        systemSheet = sheet
        render()
    }

    /// Called as the app's state is about to change (from wherever the app changes it): renders
    /// once the change is done, in a job of its own, as the next frame would.
    private nonisolated func renderSoon(for process: Int) {
        simulation.spawn("render") { await self.renderIfCurrent(process) }
    }

    private func renderIfCurrent(_ process: Int) {
        guard process == launches else { return }
        render()
    }
}
