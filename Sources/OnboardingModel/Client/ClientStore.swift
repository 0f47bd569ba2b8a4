import SimKernel
import AppVocabulary

/// The app's client store: the one route state of seed 003, the onboarding phases of the fix
/// plan, and the screen logic of its views, written to read like the app's own Swift.
///
/// One store lives per launch of the app (`AppProcess`); a kill ends it. Its state is what
/// the views would hold; `publish()` turns it into the `ScreenState` the user sees.
actor ClientStore {
    /// What a "Retry" button on screen does: finish the login or the sign-up, or (with none set)
    /// load the goal options.
    enum RetryTarget: Sendable { case login, signUp, programCheck }

    let simulation: Simulation
    let process: AppProcess
    let disk: DeviceDisk
    let network: Network
    let screen: Screen
    let otpTimer: OTPTimer
    let syncQueue: SyncQueue
    let mutants: MutantSet
    let settings: DeviceSettings
    let config: AppConfig
    let timeouts: ClientTimeouts

    // Route and onboarding state (OnboardingStore).
    @exclusivity(unchecked) var route: Route = .launch
    @exclusivity(unchecked) var phase: OnboardingPhase = .intro
    @exclusivity(unchecked) var loadingScreen: String?
    @exclusivity(unchecked) var userID: String?
    @exclusivity(unchecked) var isReturningLogin = false
    /// The last sign-in created its account (a sign-up), and whether this launch signed in.
    @exclusivity(unchecked) var signedUpNewAccount = false
    @exclusivity(unchecked) var signedInThisLaunch = false
    @exclusivity(unchecked) var pendingEmail: String?
    @exclusivity(unchecked) var errorMessage: String?
    @exclusivity(unchecked) var retryTarget: RetryTarget?
    @exclusivity(unchecked) var busy: String?
    @exclusivity(unchecked) var resumeGate = false
    /// Under the resume gate of a signed-in relaunch: the backend's journey, once it answered with
    /// a step further than the cached one (002 §4: progress made on another device).
    @exclusivity(unchecked) var journeyAhead: Journey?
    /// The request for that journey while it is out: the gate's going makes its answer moot.
    @exclusivity(unchecked) var catchingUp: SimulationTask?
    /// The success screen found the program not active: it offers Activate in place (002 §10).
    @exclusivity(unchecked) var successNeedsActivation = false
    @exclusivity(unchecked) var foreground = true
    @exclusivity(unchecked) var terminated = false
    // View state.
    @exclusivity(unchecked) var emailField = ""
    @exclusivity(unchecked) var codeField = ""
    @exclusivity(unchecked) var verificationAppearances = 0
    // GoalContractStore.
    @exclusivity(unchecked) var goalOptions: [String] = []
    @exclusivity(unchecked) var goalsLoading = false
    @exclusivity(unchecked) var goalError: String?
    @exclusivity(unchecked) var selectedOption: String?
    @exclusivity(unchecked) var contractID: String?
    // ProgramStore.
    @exclusivity(unchecked) var programStatus: ProgramStatus?
    @exclusivity(unchecked) var programError: String?
    // Success screen.
    @exclusivity(unchecked) var confetti = false
    @exclusivity(unchecked) var workoutCard: String?
    // 000 Pitfall 1/7: the legacy app's separate pieces of state (used by mutants only).
    @exclusivity(unchecked) var legacyHasCheckedOnboarding = false
    @exclusivity(unchecked) var legacyIsAuthenticated = false
    @exclusivity(unchecked) var legacyOnboardingComplete = false
    @exclusivity(unchecked) var completionObserverAttached = true
    // Seed 004: "Offline launch shows cached main view with offline banner".
    @exclusivity(unchecked) var isOffline = false
    @exclusivity(unchecked) var connectivityToken: Int?
    @exclusivity(unchecked) var refreshingSession = false
    /// Work the screens started (a button's task, a fetch): a sign-out cancels it, so nothing
    /// started before lands on the screens after.
    @exclusivity(unchecked) var screenWork: [SimulationTask] = []

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    init(simulation: Simulation, process: AppProcess, disk: DeviceDisk, network: Network, screen: Screen,
         mutants: MutantSet, settings: DeviceSettings, config: AppConfig, timeouts: ClientTimeouts) {
        self.simulation = simulation
        self.process = process
        self.disk = disk
        self.network = network
        self.screen = screen
        self.mutants = mutants
        self.settings = settings
        self.config = config
        self.timeouts = timeouts
        self.otpTimer = OTPTimer(simulation: simulation, mutants: mutants)
        self.syncQueue = SyncQueue(simulation: simulation, disk: disk, network: network, process: process,
                                   mutants: mutants, requestTimeout: timeouts.request)
    }

    // MARK: Screen.

    /// Shows the current state on screen. Synchronous: every actor of the simulation shares
    /// one serial executor, so the screen's isolation is already held.
    func publish() {
        guard !terminated else { return }
        let state = screenState()
        screen.onSharedExecutor(passing: state) { $0.show($1) }
    }

    func screenState() -> ScreenState {
        ScreenState(route: route) { state in
            state.loadingScreen = loadingScreen
            state.spinner = busy ?? (route == .onboarding(.goalReview) && goalsLoading ? "goal-options" : nil)
            state.errorText = visibleError()
            state.actions = enabledActions()
            state.foreground = foreground
            state.resumeGate = resumeGate
            state.offlineBanner = route == .main && isOffline
            if route == .onboarding(.auth) || route == .onboarding(.authVerification) { state.emailField = emailField }
            if route == .onboarding(.authVerification) {
                state.codeField = codeField
                state.countdown = otpTimer.onSharedExecutor { $0.remaining }
            }
            // Goal review lists the generated goals to pick from (002 §8: GoalReviewView).
            if route == .onboarding(.goalReview) && !goalsLoading { state.choices = goalOptions }
            if route == .onboarding(.success) {
                state.motionEffects = confetti ? ["confetti"] : []
                state.workoutCard = workoutCard
            }
        }
    }

    private func visibleError() -> String? {
        guard loadingScreen == nil else { return nil }
        switch route.phase {
        case .goalReview?:
            // GoalReviewView shows load errors when options are empty (002 §2) and, after the fix,
            // selection errors below the confirm button (002 §8).
            return errorMessage ?? goalError
        case .programReview?:
            // fix-3: the view "doesn't check it after activation"; the error text is the fix.
            return mutants.contains(.fix3) ? errorMessage : (errorMessage ?? programError)
        case .success?:
            // The success screen's own Activate reports its failure in place.
            return errorMessage ?? (successNeedsActivation ? programError : nil)
        default:
            return errorMessage
        }
    }

    /// The actions a user can take on the current screen, in a fixed order.
    ///
    /// Fixed sets are shared arrays and variable ones are built in place: the screen is
    /// published after nearly every step of every explored run.
    func enabledActions() -> [UserAction] {
        guard !terminated, foreground, loadingScreen == nil else { return [] }
        // "Start over" restarts the steps before sign-in; a signed-in user's steps are on the
        // backend, the source of truth (003): their gate offers Resume only.
        // dec-start-over-signed-in: Start over for everyone, back to the intro.
        if resumeGate { return userID == nil || mutants.contains(.decStartOverSignedIn) ? Offered.resumeGate : Offered.resumeOnly }
        guard let current = route.phase else { return [] }
        if busy != nil { return [] }
        switch current {
        case .intro: return Offered.intro
        // A signed-in user (resumed into the intake by the journey) is past the sign-in: no Back
        // ("Can't go back after auth"). dec-signed-in-intake: Back as for a new user.
        case .intake, .intakeComplete: return userID == nil || mutants.contains(.decSignedInIntake) ? Offered.nextOrBack : Offered.next
        // pit-12: back also after sign-in, stepping back across it.
        case .processOverview: return mutants.contains(.pit12) ? Offered.nextOrBack : Offered.next
        case .auth:
            return EmailValidation.isValid(emailField, mutants: mutants) ? Offered.authValid : Offered.authInvalid
        case .authVerification:
            if retryTarget != nil { return Offered.retry }
            let canResend = otpTimer.onSharedExecutor { $0.canResend }
            var offered: [UserAction] = [.typeCode]
            offered.reserveCapacity(5)
            if !codeField.isEmpty { offered.append(.verify) }
            if canResend { offered.append(.resendCode) }
            offered.append(.useDifferentEmail)
            offered.append(.back)
            return offered
        case .goalReview:
            if goalsLoading { return [] }
            if goalOptions.isEmpty { return goalError == nil ? [] : Offered.retry }
            return selectedOption == nil ? Offered.selectGoal : Offered.selectOrConfirmGoal
        case .programReview:
            return Offered.activate
        case .notificationPermission:
            return Offered.notificationPermission
        case .success:
            if retryTarget == .programCheck { return Offered.retry }
            if successNeedsActivation { return Offered.activate }
            return workoutCard == nil ? [] : Offered.start
        case .complete:
            return []
        }
    }

    /// The fixed sets of actions screens offer, in screen order.
    private enum Offered {
        static let resumeGate: [UserAction] = [.resume, .startOver]
        static let resumeOnly: [UserAction] = [.resume]
        static let intro: [UserAction] = [.getStarted, .logIn]
        static let next: [UserAction] = [.next]
        static let nextOrBack: [UserAction] = [.next, .back]
        static let authValid: [UserAction] = [.typeEmail, .sendCode, .openTerms, .back]
        static let authInvalid: [UserAction] = [.typeEmail, .openTerms, .back]
        static let retry: [UserAction] = [.retry]
        static let selectGoal: [UserAction] = [.selectGoal]
        static let selectOrConfirmGoal: [UserAction] = [.selectGoal, .confirmGoal]
        static let activate: [UserAction] = [.activate]
        static let notificationPermission: [UserAction] = [.enableNotifications, .notNow]
        static let start: [UserAction] = [.start]
    }

    // MARK: User actions.

    /// Performs `action` if the screen offers it; returns false (and records why) if not.
    func perform(_ action: UserAction, input: String?) -> Bool {
        guard enabledActions().contains(action) else {
            simulation.record(ModelEvent.actionUnavailable(action, route: route.description))
            return false
        }
        simulation.record(ModelEvent.userAction(action, detail: input.map { "\"\($0)\"" } ?? ""))
        switch action {
        case .getStarted: getStarted()
        case .logIn: logIn()
        case .next: continueFromCurrentPhase()
        case .typeEmail: emailField = input ?? ""; publish()
        case .sendCode: runTapped("send-code") { await $0.sendCode() }
        case .typeCode: codeField = input ?? ""; publish()
        case .verify: runTapped("verify") { await $0.verifyCode() }
        case .resendCode: runTapped("resend-code") { await $0.resendCode() }
        case .useDifferentEmail: useDifferentEmail()
        case .retry: retry()
        case .selectGoal: selectedOption = input ?? goalOptions.first; publish()
        case .confirmGoal: runTapped("confirm-goal") { await $0.confirmSelection() }
        case .activate: runTapped("activate") { await $0.activateProgramTapped() }
        case .enableNotifications: runTapped("enable-notifications") { await $0.requestNotificationPermission() }
        case .notNow: runTapped("not-now") { await $0.skipNotifications() }
        case .start: runTapped("start") { await $0.finishOnboarding() }
        case .resume: resume()
        case .startOver: startOver()
        case .openTerms: simulation.record(ModelEvent.note("opened \(config.termsURL)"))
        case .back: goBack()
        default:
            // Another app's actions: never enabled here, so never reached.
            break
        }
        return true
    }

    /// The reachability monitor: starts with the launch, stops with the process.
    func startMonitoringConnectivity() {
        isOffline = !network.onSharedExecutor { $0.isOnline }
        // Weak: the network outlives no store, and a strong capture would keep every run's
        // world alive (store → network → observer → store).
        connectivityToken = network.onSharedExecutor { network in
            network.observeConnectivity { [weak self] online in
                self?.assumeIsolated { $0.connectivityChanged(online: online) }
            }
        }
    }

    /// 004: "Banner auto-shows/hides".
    func connectivityChanged(online: Bool) {
        // app-offline-banner: the monitor's "back online" is never applied to the banner.
        if online && mutants.contains(.appOfflineBanner) { return }
        isOffline = !online
        publish()
    }

    /// A button's work, for the screen it was tapped on: a second tap in the same instant whose
    /// work runs after the first one's has moved the user on (Start, Not now) does nothing.
    /// pit-10: the work does not look; each tap's runs.
    func runTapped(_ name: String, _ body: @escaping @Sendable (isolated ClientStore) async -> Void) {
        let tappedOn = phase
        run(name) { await $0.doTapped(on: tappedOn, body) }
    }

    /// The check and the work's first steps in one isolated stretch: split by a hop, a second
    /// tap's check could fall between them in one build and not in another (debug builds hop more).
    private func doTapped(on tapped: OnboardingPhase, _ body: @Sendable (isolated ClientStore) async -> Void) async {
        guard phase == tapped || mutants.contains(.pit10) else { return }
        await body(self)
    }

    /// A button's `Task { … }`: async work started by a tap, owned by the app process.
    /// The name is rendered only if a report shows the task.
    @discardableResult
    func run(_ name: @autoclosure @escaping () -> String, _ body: @escaping @Sendable (ClientStore) async -> Void) -> SimulationTask? {
        guard let task = process.spawn(describedBy: name, { await body(self) }) else { return nil }
        screenWork.removeAll { $0.isFinished || $0.isCancelled }
        screenWork.append(task)
        return task
    }

    /// Cancels the work the screens started (at sign-out and account loss).
    func cancelScreenWork() {
        for task in screenWork { task.cancel() }
        screenWork.removeAll()
    }

    private func retry() {
        let target = retryTarget
        retryTarget = nil
        errorMessage = nil
        switch target {
        case .login?: run("retry login") { await $0.completeLogin() }
        case .signUp?: run("retry sign-up") { await $0.completeAuth() }
        case .programCheck?:
            busy = "program-check"
            publish()
            run("retry program check") { await $0.loadProgramForSuccess() }
        case nil: run("retry goal options") { await $0.fetchGoalOptions() }
        }
    }

    /// 000 Pitfall 10: "User taps again, causing duplicate submissions"; prevention: "disable during
    /// async operations". A button's action starts only if its screen is not busy already, and
    /// marks it busy before its first suspension: a second tap in the same instant finds it busy.
    func startsBusy(_ name: String) -> Bool {
        // pit-10: the action does not look at its own busy state; each tap sends its own request.
        guard busy == nil || mutants.contains(.pit10) else { return false }
        busy = name
        return true
    }

    /// Sends one request through the network and returns its outcome. A 401 for the signed-in
    /// account's session is an account loss: the store signs the user out, and the caller gets
    /// `.cancelled` (its screen is gone), as if the work had been called off.
    func call(_ request: FixPlanRequest, timeout: Duration? = nil) async -> Result<FixPlanReply, RequestError> {
        // app-offline-tap: the request goes out offline and fails in the same instant.
        // Offline as far as the path monitor says: a known loss, waited for here (or, with
        // app-offline-tap, not at all); the second chance below is for a loss nobody knew of.
        let knownOffline = busy != nil && isOffline
        if knownOffline && !mutants.contains(.appOfflineTap) { await connectionReturns() }
        let session = disk.storage.session
        let limit = timeout ?? timeouts.request
        var result = FixPlanReply.of(await network.send(.typed(request), timeout: limit))
        // The connection went as the request left, before the path monitor said so: it failed
        // offline at once. Behind the spinner, wait for the connection as above and send it once
        // more; put back at once, the error already on screen would come back unchanged.
        // app-offline-as-it-leaves: the failure goes straight back to the screen.
        if case .failure(.offline) = result, busy != nil, !knownOffline, !terminated, !mutants.contains(.appOfflineAsItLeaves) {
            await connectionReturns()
            result = FixPlanReply.of(await network.send(.typed(request), timeout: limit))
        }
        return handledAccountLoss(result, of: request, sentWith: session) ? .failure(.cancelled) : result
    }

    /// 003: "Offline-first: Never block user from continuing onboarding due to network". Offline,
    /// a request the user waits on behind a spinner waits a bounded while (20 s) for the
    /// connection, then goes: sent at once, it would fail in the same instant and put back the
    /// error already on screen, so the tap would change nothing the user could see (002 §3:
    /// "Button spins, stops, and nothing happens").
    private func connectionReturns() async {
        await network.waitUntilOnline(atMost: .seconds(20))
    }

    /// The anonymous analytics identity of this install.
    var analyticsUser: String { userID ?? "anonymous-\(disk.storage.install)" }

    /// Logs an analytics event. 003: "Offline completion: Auto-sync when connection returns (use
    /// existing SyncQueue)", the SyncQueue being the pattern "same as events/event types": the
    /// event is queued, persisted and retried until the backend takes it, once (its id).
    func sendAnalytics(_ event: String) {
        let user = analyticsUser
        disk.storage.eventsLogged += 1
        let id = "\(disk.storage.install)-\(disk.storage.eventsLogged)"
        simulation.record(ModelEvent.eventLogged(user: user, event: event))
        guard !mutants.contains(.decOfflineEvents) else {
            // dec-offline-events: fire and forget; sent offline, the event is lost.
            process.spawn(describedBy: { "analytics \(event)" }) { [self] in
                _ = await call(.analytics(userID: user, event: event, eventID: id))
            }
            return
        }
        syncQueue.onSharedExecutor(passing: SyncItem.analytics(user: user, event: event, id: id)) { $0.enqueue($1) }
    }
}
