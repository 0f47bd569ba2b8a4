import SimKernel
import AppVocabulary

/// One free user's drive: what they know (who they are, the codes in their mail), what they
/// did, and the loop that decides at each screen change or pause.
struct FreeUserDrive: FreeUserDriving {
    let user: FreeUser
    let profile: FreeUserProfile
    let world: OnboardingWorld
    /// The user's own stream: every choice is drawn from it.
    var random: SeededRandom
    /// What the user prefers among the things a screen lists (which goal): a stream of its own,
    /// so that a preference never moves the draws of what the user does.
    var tastes: SeededRandom
    var deviationsLeft: Int
    private(set) var choices: [UserChoice] = []
    let started: SimulationInstant
    /// Who the user is now, and whether that one has an account (Log in rather than Get started).
    var identity: String
    var hasAccount: Bool
    var memory = UserPolicy.Memory()
    /// The codes the user has read in their mail, oldest first: an older one is an expired code.
    var codesSeen: [String] = []
    /// When a connection the user turned off comes back.
    var onlineAt: SimulationInstant?
    /// How long the user has waited with nothing to do.
    var idle = Duration.zero
    /// The route of the last decision: retries count again from zero once the user gets on.
    var lastRoute: Route?
    /// Whether the user finished (tapped Start, or saw the main app): a program changed elsewhere
    /// after that is the main app's story, not onboarding's, so the other-device behaviour stops.
    var sawMain = false

    static let maxRetries = 6
    static let forgetsTheyHaveAnAccount = Probability(0.2)
    /// Behaviours possible on a screen that offers actions.
    static let onScreen: [UserBehaviour] = [.otherAction, .disabledTap, .wrongInput, .otherEmail, .doubleTap, .back,
                                            .background, .kill, .reinstall, .connectivity, .otherDevice, .slowCode]

    init(_ user: FreeUser, profile: FreeUserProfile, world: OnboardingWorld) {
        self.user = user
        self.profile = profile
        self.world = world
        random = world.simulation.randomStream(FreeUser.stream)
        tastes = world.simulation.randomStream("user-tastes")
        deviationsLeft = profile.deviations
        started = world.simulation.clock.now
        identity = user.email
        hasAccount = user.returning
    }

    var clock: SimulationClock { world.simulation.clock }
    var screen: Screen { world.screen }

    /// The loop: read the screen, think, act; until done on the main app, out of patience, or choices.
    mutating func run(_ device: isolated Device) async -> UserPolicy.Outcome {
        while choices.count < profile.maxChoices {
            if Task.isCancelled { return .gaveUp(reason: "cancelled") }
            await restoreConnectionIfDue(device)
            let (screen, seen) = world.screen.onSharedExecutor { ($0.current, $0.version) }
            noteSignedIn(screen)
            if screen.route == nil {
                guard await think() else { return .gaveUp(reason: "cancelled") }
                await act(.launch, device)
                continue
            }
            if screen.route == .main && screen.loadingScreen == nil {
                sawMain = true
                guard let behaviour = pick(among: UserBehaviour.onMain, on: screen, forward: nil, stayWeight: profile.forwardWeight) else {
                    await restoreConnection(device)
                    return .reachedMain
                }
                guard await think() else { return .gaveUp(reason: "cancelled") }
                await deviate(behaviour, on: screen, forward: nil, device)
                continue
            }
            if screen.actions.isEmpty {
                if let ending = await waitForTheApp(screen, seen: seen, device) { return ending }
                continue
            }
            guard await think() else { return .gaveUp(reason: "cancelled") }
            let now = world.screen.onSharedExecutor { $0.current }
            guard now.route != nil, now.route != .main, !now.actions.isEmpty else { continue }
            if let ending = await decide(on: now, device) { return ending }
        }
        await restoreConnection(device)
        return .gaveUp(reason: "more than \(profile.maxChoices) choices")
    }

    /// One decision on a screen that offers actions: a deviation, the forward action, or nothing.
    private mutating func decide(on screen: ScreenState, _ device: isolated Device) async -> UserPolicy.Outcome? {
        if screen.route != lastRoute {
            lastRoute = screen.route
            memory.retries = 0
        }
        let retriesBefore = memory.retries
        var forward = UserPolicy(email: identity, returning: hasAccount).decide(screen, world: world, memory: &memory)
        // A person with an account takes Get started now and then, forgetting they have one.
        if case (.logIn, _)? = forward, random.chance(Self.forgetsTheyHaveAnAccount) { forward = (.getStarted, nil) }
        if case (.typeCode, let code?)? = forward, codesSeen.last != code { codesSeen.append(code) }
        // A person picks the goal they want among those the screen lists, not whichever is first.
        if case (.selectGoal, nil)? = forward, !screen.choices.isEmpty {
            forward = (.selectGoal, screen.choices[tastes.nextInt(in: 0...screen.choices.count - 1)])
        }
        if let behaviour = pick(among: Self.onScreen, on: screen, forward: forward,
                                stayWeight: forward == nil ? 0 : profile.forwardWeight) {
            idle = .zero
            await deviate(behaviour, on: screen, forward: forward, device)
            return nil
        }
        guard let (action, input) = forward else {
            idle += profile.thinkTimeMs.lowerBound > 0 ? .milliseconds(profile.thinkTimeMs.lowerBound) : .milliseconds(1)
            return idle >= profile.patience ? .gaveUp(reason: "nothing to do on \(screen.route.map(\.description) ?? "no screen")") : nil
        }
        if memory.retries > Self.maxRetries { return .gaveUp(reason: "too many retries") }
        idle = .zero
        if memory.retries > retriesBefore, memory.retries >= 2 {
            // A person who keeps failing slows down: 2 s more before each retry after the first.
            guard await pause(.seconds(2 * (memory.retries - 1)), label: "user waits before retrying") else { return nil }
            guard world.screen.onSharedExecutor({ $0.current.actions.contains(action) }) else { return nil }
        }
        await act(.tap(action, input: input), device)
        return nil
    }

    /// A deviation among the interruptions while nothing is offered, done: true if one was drawn.
    mutating func interrupt(_ screen: ScreenState, _ device: isolated Device) async -> Bool {
        guard let behaviour = pick(among: UserBehaviour.interruptions, on: screen, forward: nil, stayWeight: 0) else { return false }
        await deviate(behaviour, on: screen, forward: nil, device)
        return true
    }

    /// Draws a deviation among `behaviours` possible now, or nil to go forward (`stayWeight`
    /// weighs that; on the main app it is stopping). Nil at once when none are left.
    private mutating func pick(among behaviours: [UserBehaviour], on screen: ScreenState, forward: (UserAction, String?)?,
                               stayWeight: Int) -> UserBehaviour? {
        guard deviationsLeft > 0 else { return nil }
        // The predicate reads copies, not `self`: a closure over `self` copied the whole drive.
        let (offline, hasAccount, sawMain, forward) = (onlineAt != nil, hasAccount, sawMain, forward?.0)
        let picked = profile.draw(among: behaviours, where: { behaviour in
            Self.possible(behaviour, on: screen, forward: forward, offline: offline, hasAccount: hasAccount, sawMain: sawMain)
        }, stayWeight: stayWeight, random: &random)
        if picked != nil { deviationsLeft -= 1 }
        return picked
    }

    /// Whether `behaviour` makes sense on `screen` now (`offline`: the user cut the connection and
    /// will restore it; `hasAccount`, `sawMain`: what the user knows of their account).
    private static func possible(_ behaviour: UserBehaviour, on screen: ScreenState, forward: UserAction?,
                                 offline: Bool, hasAccount: Bool, sawMain: Bool) -> Bool {
        let offered = screen.actions
        switch behaviour {
        case .otherAction: return offered.contains { $0 != forward }
        case .disabledTap: return true
        case .wrongInput: return offered.contains(.typeCode) || offered.contains(.typeEmail)
        case .otherEmail: return offered.contains(.typeEmail)
        case .doubleTap:
            if let action = forward { return isButton(action) }
            return screen.spinner != nil
        case .back: return offered.contains(.back)
        case .background, .kill, .reinstall: return true
        case .connectivity: return !offline
        case .signOut: return screen.route == .main
        case .midRequest: return false
        case .otherDevice: return hasAccount && !sawMain
        case .slowCode: return offered.contains(.typeCode) && !offered.contains(.resendCode)
        case .handOver: return screen.route == .main && offline
        }
    }

    /// A tap, as opposed to typing or picking.
    static func isButton(_ action: UserAction) -> Bool { ![.typeEmail, .typeCode, .selectGoal].contains(action) }

    /// A screen after the code screen means the identity now has an account.
    private mutating func noteSignedIn(_ screen: ScreenState) {
        guard !hasAccount else { return }
        if screen.route == .main { hasAccount = true }
        if let phase = screen.route?.phase, phase > .authVerification { hasAccount = true }
    }

    /// Logs `act` and does it.
    mutating func act(_ act: UserChoice.Act, _ device: isolated Device) async {
        choices.append(UserChoice(at: clock.now, act: act))
        switch act {
        case .tap(let action, let input):
            if action == .start { sawMain = true }
            device.performOnSharedExecutor(action, input: input)
        case .launch: await device.launch()
        case .kill: await device.kill()
        case .background: await device.background()
        case .foreground: await device.foreground()
        case .reinstall: await device.reinstall()
        case .corruptCache: device.corruptCache()
        case .signOut: await device.signOut()
        case .goOffline: await world.network.setOnline(false)
        case .goOnline: await world.network.setOnline(true)
        case .resetElsewhere(let email):
            world.backend.onSharedExecutor(passing: email) { $0.lose(AccountLoss(.resetElsewhere, at: .zero, email: $1)) }
        case .progressElsewhere(let email):
            world.backend.onSharedExecutor(passing: email) { $0.lose(AccountLoss(.progressElsewhere, at: .zero, email: $1)) }
        }
        // A device event awaited another actor: what it woke may or may not have run when the
        // call returns, depending on how the build hops. Look again only a moment later, when
        // all of it has (a tap happens in place and needs no such wait).
        if case .tap = act { return }
        _ = await pause(.milliseconds(1), label: "user looks again")
    }

    /// Turns the connection back on when its time has come.
    private mutating func restoreConnectionIfDue(_ device: isolated Device) async {
        guard let onlineAt, clock.now >= onlineAt else { return }
        await restoreConnection(device)
    }
}
