import SimKernel
import AppVocabulary

/// The free user on the pickup app's screens (seed 004): the same person as on the fix plan's
/// app (`FreeUser`, its seeded profile, its choices), reading the screens of this app.
///
/// Forward is Next, Get Started, Sign in with Apple, Retry on main's error, and Cancel on the
/// sign-out alert; everything else a person can do here is a deviation its profile allows: Skip
/// or Sign Out instead, closing the Apple sheet (other action), a tap the screen does not offer, a double tap, background,
/// kill, reinstall, losing the connection, signing out from main (and confirming), and any of
/// these while the sign-in overlay or main's spinner is up. Codes, emails, Back and another device
/// do not exist in this app, so those behaviours never come up. The identity is the phone's Apple
/// ID: signing back in after a sign-out is the same user.
///
/// ```swift
/// let log = await FreeUser(email: "apple.user").drive(world)   // world: PickupWorld
/// ```
extension FreeUser {
    public func drive(_ world: PickupWorld) async -> FreeUserLog {
        await world.device.drive(self, world: world)
    }
}

extension PickupDevice {
    /// Runs the free user's loop in this actor's isolation: looks and taps in place.
    func drive(_ user: FreeUser, world: PickupWorld) async -> FreeUserLog {
        var drive = PickupFreeUserDrive(user, world: world)
        let outcome = await drive.run(self)
        UserGaveUp.record(outcome, deviated: drive.deviationsLeft < drive.profile.deviations, in: world.simulation)
        return FreeUserLog(outcome: outcome, started: drive.started, ended: world.simulation.clock.now, choices: drive.choices)
    }
}

extension FreeUserProfile {
    /// The behaviours that have nothing to act on in the pickup app (no codes, emails, Back or
    /// program elsewhere): never drawn there.
    public static let notInPickup: [UserBehaviour] = [.wrongInput, .otherEmail, .back, .otherDevice, .handOver]

    /// The profile as it acts on the pickup app: the same, with `notInPickup` switched off, so
    /// reports list only what the user could do (the drive never draws them either way).
    public var onPickup: FreeUserProfile {
        var profile = self
        for behaviour in Self.notInPickup { profile[behaviour] = 0 }
        return profile
    }
}

/// One free user's drive on the pickup app: the loop that decides at each screen change or pause.
struct PickupFreeUserDrive: FreeUserDriving {
    let profile: FreeUserProfile
    let world: PickupWorld
    /// The user's own stream (`user`, as on every app): every choice is drawn from it.
    var random: SeededRandom
    var deviationsLeft: Int
    var choices: [UserChoice] = []
    let started: SimulationInstant
    /// When a connection the user turned off comes back.
    var onlineAt: SimulationInstant?
    /// How long the user has waited with nothing to do.
    var idle = Duration.zero
    /// Forward taps on one screen that did not move the user on (a failed sign-in, a Retry).
    var retries = 0
    var lastRoute: Route?
    /// The screen version of main's spinner the user last decided on (once per screen).
    var mainDecidedAt: Int?

    static let maxRetries = 6
    /// What a person may do on a screen that offers actions.
    static let onScreen: [UserBehaviour] = [.otherAction, .disabledTap, .doubleTap, .background, .kill, .reinstall, .connectivity]
    /// What interrupts a spinner (`other-action` there is the Apple sheet's close button; main
    /// offers Sign Out while its list loads).
    static let interruptions: [UserBehaviour] = [.otherAction, .signOut, .background, .kill, .reinstall, .connectivity,
                                                 .disabledTap, .doubleTap]
    /// What a user done on main may do before they stop.
    static let onMain: [UserBehaviour] = [.signOut, .otherAction, .background, .kill, .reinstall, .connectivity]

    init(_ user: FreeUser, world: PickupWorld) {
        profile = user.profile(in: world.simulation)
        self.world = world
        random = world.simulation.randomStream(FreeUser.stream)
        deviationsLeft = profile.deviations
        started = world.simulation.clock.now
    }

    var clock: SimulationClock { world.simulation.clock }
    var screen: Screen { world.screen }

    /// The loop: read the screen, think, act; until done on main, out of patience, or out of choices.
    mutating func run(_ device: isolated PickupDevice) async -> DriveOutcome {
        while choices.count < profile.maxChoices {
            if Task.isCancelled { return .gaveUp(reason: "cancelled") }
            if let onlineAt, clock.now >= onlineAt { await restoreConnection(device) }
            let (screen, seen) = world.screen.onSharedExecutor { ($0.current, $0.version) }
            if screen.route != lastRoute {
                lastRoute = screen.route
                retries = 0
            }
            if screen.route == nil {
                guard await think() else { return .gaveUp(reason: "cancelled") }
                await act(.launch, device)
            } else if Self.isDone(screen) {
                retries = 0  // the list loaded: earlier tries did move the user on
                guard let behaviour = pick(among: Self.onMain, on: screen, forward: nil, stayWeight: profile.forwardWeight) else {
                    await restoreConnection(device)
                    return .reachedMain
                }
                guard await think() else { return .gaveUp(reason: "cancelled") }
                await deviate(behaviour, on: world.screen.onSharedExecutor { $0.current }, forward: nil, device)
            } else if Self.forward(on: screen) == nil {
                // Main offers Sign Out while its list loads: as likely a moment to use it as any.
                if screen.route == .mainTab, !screen.actions.isEmpty, seen != mainDecidedAt {
                    mainDecidedAt = seen
                    if let behaviour = pick(among: Self.onMain, on: screen, forward: nil, stayWeight: profile.forwardWeight) {
                        guard await think() else { return .gaveUp(reason: "cancelled") }
                        await deviate(behaviour, on: world.screen.onSharedExecutor { $0.current }, forward: nil, device)
                        continue
                    }
                }
                if let ending = await waitForTheApp(screen, seen: seen, device) { return ending }
            } else {
                guard await think() else { return .gaveUp(reason: "cancelled") }
                let now = world.screen.onSharedExecutor { $0.current }
                guard let forward = Self.forward(on: now) else { continue }
                if let ending = await decide(forward, on: now, device) { return ending }
            }
        }
        await restoreConnection(device)
        return .gaveUp(reason: "more than \(profile.maxChoices) choices")
    }

    /// Main with its content (no spinner, no error, no alert): the user is where they wanted to be.
    static func isDone(_ screen: ScreenState) -> Bool {
        screen.route == .mainTab && screen.spinner == nil && screen.errorText == nil && screen.alert == nil
    }

    /// The action that moves the user on from `screen`, if it offers one and nothing is loading.
    static func forward(on screen: ScreenState) -> UserAction? {
        guard screen.spinner == nil else { return nil }
        let offered = screen.actions
        let wanted: [UserAction]
        switch screen.route {
        case let route? where route.pageNumber != nil: wanted = [.nextPage, .getStarted, .skip]
        case .signIn?: wanted = [.signInWithApple]
        case .mainTab? where screen.alert != nil: wanted = [.cancelSignOut]
        case .mainTab?: wanted = [.retry]
        default: wanted = []
        }
        return wanted.first(where: offered.contains)
    }

    /// One decision on a screen with a forward action: a deviation or the forward tap.
    private mutating func decide(_ forward: UserAction, on screen: ScreenState, _ device: isolated PickupDevice) async -> DriveOutcome? {
        idle = .zero
        if let behaviour = pick(among: Self.onScreen, on: screen, forward: forward, stayWeight: profile.forwardWeight) {
            await deviate(behaviour, on: screen, forward: forward, device)
            return nil
        }
        // Signing in and Retry are tries that may fail: a person slows down, then gives up.
        if forward == .signInWithApple || forward == .retry {
            retries += 1
            if retries > Self.maxRetries { return .gaveUp(reason: "too many retries") }
            if retries >= 3 {
                guard await pause(.seconds(2 * (retries - 2)), label: "user waits before retrying") else { return nil }
                guard world.screen.onSharedExecutor({ $0.current.actions.contains(forward) }) else { return nil }
            }
        }
        await act(.tap(forward, input: nil), device)
        return nil
    }

    /// A deviation among the interruptions while a spinner is up, done: true if one was drawn.
    mutating func interrupt(_ screen: ScreenState, _ device: isolated PickupDevice) async -> Bool {
        guard let behaviour = pick(among: Self.interruptions, on: screen, forward: nil, stayWeight: 0) else { return false }
        await deviate(behaviour, on: screen, forward: nil, device)
        return true
    }

    /// Draws a deviation among `behaviours` possible now, or nil to go forward (`stayWeight`
    /// weighs that; on main it is stopping). Nil at once when none are left.
    private mutating func pick(among behaviours: [UserBehaviour], on screen: ScreenState, forward: UserAction?,
                               stayWeight: Int) -> UserBehaviour? {
        guard deviationsLeft > 0 else { return nil }
        // The predicate reads a copy, not `self`: a closure over `self` copied the whole user.
        let offline = onlineAt != nil
        let picked = profile.draw(among: behaviours, where: { Self.isPossible($0, on: screen, forward: forward, offline: offline) },
                                  stayWeight: stayWeight, random: &random)
        if picked != nil { deviationsLeft -= 1 }
        return picked
    }

    private static func isPossible(_ behaviour: UserBehaviour, on screen: ScreenState, forward: UserAction?, offline: Bool) -> Bool {
        switch behaviour {
        case .otherAction: screen.actions.contains { $0 != forward }
        case .disabledTap, .background, .kill, .reinstall: true
        case .doubleTap: forward != nil || screen.spinner != nil
        case .connectivity: !offline
        case .signOut: screen.actions.contains(.signOut)
        case .wrongInput, .otherEmail, .back, .midRequest, .otherDevice, .slowCode, .handOver: false
        }
    }
}
