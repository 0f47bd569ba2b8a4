import SimKernel

/// The free user on the screens of an app the simulator knows only by its vocabulary (a
/// plug-in): the same person as on the bundled apps (`FreeUser`, its seeded profile, its
/// choices), reading nothing but what each screen shows.
///
/// Forward is the first action of `forward` that a screen offers, with no spinner up; a screen of
/// the main kind with no spinner, error or alert is where the user wanted to be. Every other thing
/// a person can do there is a deviation its profile allows: another offered action, a tap on one
/// not offered, a double tap, background, kill, reinstall, losing the connection, and any of these
/// while a spinner is up. A screen that shows an email field (`ScreenState.emailField`, with an
/// action the app declares as typing an email, `ActionRole.input(.email)`) gets the user's
/// address typed before its forward button, and,
/// as deviations, a mistyped one (then corrected) or another valid shape (capitalised by the
/// keyboard, an apostrophe, letters beyond ASCII: `FreeUser.otherEmails`). On an app whose world
/// has an `Inbox` and an action that types a code (`ActionRole.input(.code)`), a code screen gets
/// the newest code sent to the user's address typed before its forward button, and, as
/// deviations, a mistyped code (then the right one) or a wait for Resend (`slowCode`: the mail
/// is slow, the user waits until a `.resend` action is offered and taps it). A screen that lists
/// options (`ScreenState.choices`) with an action that picks one (`ActionRole.choice`) gets one
/// of them picked, by its exact text, once per visit, before its forward button; a screen that
/// offers an action that types a password (`ActionRole.input(.password)`) gets the user's
/// (`FreeUser.password`) typed once per visit, before its forward button. A main screen
/// that offers an action of role `.signOut` may get a sign-out (confirmed if the app asks), after
/// which the app is sometimes closed, and sometimes the other person (`FreeUser.otherEmail`) signs
/// in next. Back and another device are an app's own words, so those behaviours never come up here.
///
/// ```swift
/// let log = await FreeUser(email: "ada").drive(anyApp: world, actions: actions, forward: forward, roles: roles)
/// ```
extension FreeUser {
    public func drive<World: AppWorld>(anyApp world: World, actions: [UserAction], forward: [UserAction],
                                       roles: AppRoles = .none) async -> FreeUserLog {
        var drive = AnyAppFreeUserDrive(self, world: world, actions: actions, forward: forward,
                                        emailAction: roles.actions { $0 == .input(.email) }.first,
                                        codeAction: world.inbox == nil ? nil : roles.actions { $0 == .input(.code) }.first,
                                        passwordAction: roles.actions { $0 == .input(.password) }.first,
                                        choiceActions: roles.actions { $0 == .choice },
                                        otherStarts: roles.actions { $0 == .start(returning: !returning) },
                                        resendActions: roles.resendActions,
                                        signOut: (roles.actions { $0 == .signOut }.first, roles.actions { $0 == .confirmSignOut }.first))
        let outcome = await drive.run(world.device)
        UserGaveUp.record(outcome, deviated: drive.deviationsLeft < drive.profile.deviations, in: world.simulation)
        return FreeUserLog(outcome: outcome, started: drive.started, ended: world.simulation.clock.now, choices: drive.choices)
    }
}

extension FreeUserProfile {
    /// The behaviours that need an app's own words (Back, another device): never drawn on an app
    /// known only by its vocabulary. (A wrong or other email needs only an email field on screen,
    /// which is shared vocabulary; a sign-out, an action the app declares of role `.signOut`.)
    public static let notInAnyApp: [UserBehaviour] = [.back, .otherDevice]

    /// The profile as it acts on such an app, with `notInAnyApp` switched off.
    public var onAnyApp: FreeUserProfile {
        var profile = self
        for behaviour in Self.notInAnyApp { profile[behaviour] = 0 }
        return profile
    }
}

/// One free user's drive on an app known by its vocabulary: the loop that decides at each screen
/// change or pause.
struct AnyAppFreeUserDrive<World: AppWorld>: FreeUserDriving {
    let profile: FreeUserProfile
    let world: World
    /// Every action the app has, for a tap on one the screen does not offer.
    let actions: [UserAction]
    /// The actions that move a user on, most wanted first.
    let forwardActions: [UserAction]
    /// The action that types an email (`ActionRole.input(.email)`), if the app has one.
    let emailAction: UserAction?
    /// The action that types a code (`ActionRole.input(.code)`), if the app has one and its world
    /// an inbox to read codes from.
    let codeAction: UserAction?
    /// The action that types a password (`ActionRole.input(.password)`), if the app has one.
    let passwordAction: UserAction?
    /// The actions that pick one of the options a screen lists (`ActionRole.choice`): a
    /// questionnaire may name each question's its own way.
    let choiceActions: [UserAction]
    /// The starts that are not this user's (`ActionRole.start`): Log in for a new user, Get
    /// started for a returning one; tapped only where the screen offers no other way on.
    let otherStarts: [UserAction]
    /// The route where the user last picked an option, until they leave it.
    var pickedOn: Route?
    /// The route where the user last typed their password, until they leave it.
    var passwordTypedOn: Route?
    /// The actions that ask for another code (`ActionRole.resend`).
    let resendActions: [UserAction]
    /// The action that signs out (`ActionRole.signOut`) and the one that confirms it if the app
    /// asks first (`.confirmSignOut`), if it has them.
    let signOut: (action: UserAction?, confirm: UserAction?)
    var random: SeededRandom
    var deviationsLeft: Int
    var choices: [UserChoice] = []
    let started: SimulationInstant
    var onlineAt: SimulationInstant?
    var idle = Duration.zero
    /// Forward taps on one route that did not move the user on (a failed try, a Retry).
    var retries = 0
    var lastRoute: Route?
    /// The address the user means to give, wherever a screen asks for one: their own, or another
    /// valid one they chose to type instead.
    var meant: String
    /// The user's own address and the other person's, who signs in after a sign-out half the time
    /// (`FreeUser.otherEmail`), as on the bundled apps.
    let identities: (own: String, other: String)

    static var maxRetries: Int { 6 }
    static var onScreen: [UserBehaviour] {
        [.otherAction, .disabledTap, .doubleTap, .background, .kill, .reinstall, .connectivity, .wrongInput, .otherEmail, .slowCode]
    }
    static var interruptions: [UserBehaviour] { [.otherAction, .background, .kill, .reinstall, .connectivity, .disabledTap, .doubleTap] }
    static var onMain: [UserBehaviour] { [.otherAction, .background, .kill, .reinstall, .connectivity, .signOut, .handOver] }

    init(_ user: FreeUser, world: World, actions: [UserAction], forward: [UserAction], emailAction: UserAction?,
         codeAction: UserAction?, passwordAction: UserAction? = nil, choiceActions: [UserAction], otherStarts: [UserAction] = [],
         resendActions: [UserAction], signOut: (action: UserAction?, confirm: UserAction?) = (nil, nil)) {
        self.signOut = signOut
        self.passwordAction = passwordAction
        self.emailAction = emailAction
        self.codeAction = codeAction
        self.choiceActions = choiceActions
        self.otherStarts = otherStarts
        self.resendActions = resendActions
        profile = user.profile(in: world.simulation).onAnyApp
        self.world = world
        self.actions = actions
        forwardActions = forward
        random = world.simulation.randomStream(FreeUser.stream)
        meant = user.email
        identities = (user.email, user.otherEmail)
        deviationsLeft = profile.deviations
        started = world.simulation.clock.now
    }

    var clock: SimulationClock { world.simulation.clock }
    var screen: Screen { world.screen }

    /// The loop, and then the connection back on if the user turned it off: a person who gives up
    /// waiting does not leave their phone offline for good (the app is judged on what it shows
    /// once the connection is back).
    mutating func run(_ device: isolated World.Phone) async -> DriveOutcome {
        let outcome = await drive(device)
        if !Task.isCancelled { await restoreConnection(device) }
        return outcome
    }

    /// Read the screen, think, act; until done on a main screen, out of patience, or out of choices.
    private mutating func drive(_ device: isolated World.Phone) async -> DriveOutcome {
        while choices.count < profile.maxChoices {
            if Task.isCancelled { return .gaveUp(reason: "cancelled") }
            if let onlineAt, clock.now >= onlineAt { await restoreConnection(device) }
            let (shown, seen) = world.screen.onSharedExecutor { ($0.current, $0.version) }
            if shown.route != lastRoute {
                lastRoute = shown.route
                retries = 0
                pickedOn = nil
                passwordTypedOn = nil
            }
            if shown.route == nil {
                guard await think() else { return .gaveUp(reason: "cancelled") }
                await act(.launch, device)
            } else if Self.isDone(shown) {
                guard let behaviour = pick(among: Self.onMain, on: shown, forward: nil, stayWeight: profile.forwardWeight) else {
                    await restoreConnection(device)
                    return .reachedMain
                }
                guard await think() else { return .gaveUp(reason: "cancelled") }
                await deviate(behaviour, on: world.screen.onSharedExecutor { $0.current }, forward: nil, device)
            } else if forward(on: shown) == nil {
                if let ending = await waitForTheApp(shown, seen: seen, device) { return ending }
            } else {
                guard await think() else { return .gaveUp(reason: "cancelled") }
                let now = world.screen.onSharedExecutor { $0.current }
                guard let forward = forward(on: now) else { continue }
                if let ending = await decide(forward, on: now, device) { return ending }
            }
        }
        await restoreConnection(device)
        return .gaveUp(reason: "more than \(profile.maxChoices) choices")
    }

    /// A main screen with nothing in the way: the user is where they wanted to be.
    static func isDone(_ screen: ScreenState) -> Bool {
        screen.route?.kind == .main && screen.spinner == nil && screen.loadingScreen == nil
            && screen.errorText == nil && screen.alert == nil
    }

    /// The action that moves the user on from `screen`, if it offers one and nothing is loading:
    /// typing the address they mean into an email field that does not hold it, a code, a pick,
    /// then the first forward button on offer that is not another user's start.
    func forward(on screen: ScreenState) -> UserAction? {
        guard screen.spinner == nil, screen.loadingScreen == nil else { return nil }
        if let emailAction, screen.actions.contains(emailAction), screen.emailField != meant { return emailAction }
        if let codeAction, screen.actions.contains(codeAction), let code = newestCode, screen.codeField != code { return codeAction }
        if let passwordAction, screen.actions.contains(passwordAction), passwordTypedOn != screen.route { return passwordAction }
        if let choice = choiceActions.first(where: screen.actions.contains), !screen.choices.isEmpty, pickedOn != screen.route { return choice }
        // The user's own start (a returning user's Log in), then any other way on.
        return forwardActions.first { screen.actions.contains($0) && !otherStarts.contains($0) }
            ?? forwardActions.first(where: screen.actions.contains)
    }

    /// The newest code sent to the address the user means, in their inbox.
    var newestCode: String? { codeAction == nil ? nil : world.inbox?.latestCode(for: meant) }

    /// What the user types with `action`: the address they mean into an email field, the newest
    /// code into a code field.
    func input(for action: UserAction) -> String? {
        if action == emailAction { return meant }
        if action == codeAction { return newestCode }
        if action == passwordAction { return FreeUser.password }
        return nil
    }

    /// One decision on a screen with a forward action: a deviation or the forward tap; a person
    /// who keeps tapping forward on the same screen slows down, then gives up.
    private mutating func decide(_ forward: UserAction, on screen: ScreenState, _ device: isolated World.Phone) async -> DriveOutcome? {
        idle = .zero
        if let behaviour = pick(among: Self.onScreen, on: screen, forward: forward, stayWeight: profile.forwardWeight) {
            await deviate(behaviour, on: screen, forward: forward, device)
            return nil
        }
        guard forward != emailAction, forward != codeAction else {
            await act(.tap(forward, input: input(for: forward)), device)
            return nil
        }
        if forward == passwordAction {
            // Typed once per visit of the screen: it shows no field the user could read back.
            passwordTypedOn = screen.route
            await act(.tap(forward, input: FreeUser.password), device)
            return nil
        }
        if choiceActions.contains(forward) {
            // One of the options the screen lists, by its exact text, once per visit of the screen.
            let option = screen.choices[random.nextInt(in: 0...screen.choices.count - 1)]
            pickedOn = screen.route
            await act(.tap(forward, input: option), device)
            return nil
        }
        retries += 1
        if retries > Self.maxRetries { return .gaveUp(reason: "too many tries on \(screen.route.map(\.description) ?? "no screen")") }
        if retries >= 3 {
            guard await pause(.seconds(2 * (retries - 2)), label: "user waits before trying again") else { return nil }
            guard world.screen.onSharedExecutor({ $0.current.actions.contains(forward) }) else { return nil }
        }
        await act(.tap(forward, input: nil), device)
        return nil
    }

    mutating func interrupt(_ screen: ScreenState, _ device: isolated World.Phone) async -> Bool {
        guard let behaviour = pick(among: Self.interruptions, on: screen, forward: nil, stayWeight: 0) else { return false }
        await deviate(behaviour, on: screen, forward: nil, device)
        return true
    }

    private mutating func deviate(_ behaviour: UserBehaviour, on screen: ScreenState, forward: UserAction?,
                                  _ device: isolated World.Phone) async {
        switch behaviour {
        case .otherAction:
            let others = screen.actions.filter { $0 != forward && $0 != emailAction && $0 != codeAction && $0 != passwordAction }
            guard !others.isEmpty else { return }
            await act(.tap(others[random.nextInt(in: 0...others.count - 1)], input: nil), device)
        case .disabledTap:
            let hidden = actions.filter { !screen.actions.contains($0) && $0 != emailAction && $0 != codeAction && $0 != passwordAction }
            guard !hidden.isEmpty else { return }
            await act(.tap(hidden[random.nextInt(in: 0...hidden.count - 1)], input: nil), device)
        case .doubleTap:
            // With a spinner up and nothing forward, the forward action the screen last had.
            guard let action = forward ?? forwardActions.first else { return }
            let gap = random.chance(Probability(0.5)) ? 0 : random.nextInt(in: 1...40)
            await act(.tap(action, input: input(for: action)), device)
            if gap > 0 { guard await pause(.milliseconds(gap), label: "user taps again") else { return } }
            await act(.tap(action, input: input(for: action)), device)
        case .background, .kill, .reinstall, .connectivity:
            _ = await leaveAndReturn(behaviour, corruptsCache: false, device)
        case .wrongInput:
            if let codeAction, screen.actions.contains(codeAction), emailAction.map(screen.actions.contains) != true {
                await typeWrongCode(codeAction, device)
            } else {
                await typeMalformedEmail(device)
            }
        case .slowCode:
            await waitForResend(device)
        case .otherEmail:
            let candidates = ([FreeUser.autocapitalised(meant)] + FreeUser.otherEmails).filter { $0 != meant }
            meant = candidates[random.nextInt(in: 0...candidates.count - 1)]
            guard let emailAction else { return }
            await act(.tap(emailAction, input: meant), device)
        case .signOut:
            await signOutAndMaybeLeave(device)
        case .handOver:
            // The other person takes the phone: they sign in when the connection allows.
            guard await signOutAsked(device) else { return }
            meant = meant == identities.own ? identities.other : identities.own
        case .back, .midRequest, .otherDevice:
            return
        }
    }

    /// A mistyped address and, a moment later, the forward button if the screen offers it (it
    /// must not: 002 §12); the user corrects the field at their next decision.
    private mutating func typeMalformedEmail(_ device: isolated World.Phone) async {
        let email = FreeUser.malformedEmails[random.nextInt(in: 0...FreeUser.malformedEmails.count - 1)]
        guard let emailAction else { return }
        await act(.tap(emailAction, input: email), device)
        guard await pause(.milliseconds(300), label: "user checks the email") else { return }
        let offered = world.screen.onSharedExecutor { $0.current.actions }
        guard let button = forwardActions.first(where: offered.contains) else { return }
        await act(.tap(button, input: nil), device)
    }

    /// A code that is not the one sent, and, a moment later, the forward button (Verify) if the
    /// screen offers it; the user types the right code at their next decision.
    private mutating func typeWrongCode(_ codeAction: UserAction, _ device: isolated World.Phone) async {
        let wrong = newestCode == "000000" ? "111111" : "000000"
        await act(.tap(codeAction, input: wrong), device)
        guard await pause(.milliseconds(300), label: "user checks the code") else { return }
        let offered = world.screen.onSharedExecutor { $0.current.actions }
        guard let button = forwardActions.first(where: offered.contains) else { return }
        await act(.tap(button, input: nil), device)
    }

    /// The mail is slow: the user waits on the code screen, looking every few seconds, until it
    /// offers Resend (at most two minutes), and taps it.
    private mutating func waitForResend(_ device: isolated World.Phone) async {
        for _ in 0..<40 {
            guard await pause(.seconds(3), label: "user waits for the code") else { return }
            let now = world.screen.onSharedExecutor { $0.current }
            guard let codeAction, now.actions.contains(codeAction) || resendActions.contains(where: now.actions.contains) else { return }
            if let resend = resendActions.first(where: now.actions.contains) {
                await act(.tap(resend, input: nil), device)
                return
            }
        }
    }

    private mutating func pick(among behaviours: [UserBehaviour], on screen: ScreenState, forward: UserAction?,
                               stayWeight: Int) -> UserBehaviour? {
        guard deviationsLeft > 0 else { return nil }
        // The predicate reads copies, not `self`: a closure over `self` copied the whole user.
        let (emailAction, codeAction, actions, resendActions, signOutAction, offline)
            = (emailAction, codeAction, actions, resendActions, signOut.action, onlineAt != nil)
        let picked = profile.draw(among: behaviours, where: { behaviour in
            switch behaviour {
            case .otherAction: screen.actions.contains { $0 != forward && $0 != emailAction && $0 != codeAction }
            case .disabledTap: actions.contains { !screen.actions.contains($0) && $0 != emailAction && $0 != codeAction }
            case .otherEmail: emailAction.map(screen.actions.contains) == true && screen.spinner == nil
            case .wrongInput:
                (emailAction.map(screen.actions.contains) == true || codeAction.map(screen.actions.contains) == true) && screen.spinner == nil
            case .slowCode: codeAction.map(screen.actions.contains) == true && !resendActions.isEmpty && screen.spinner == nil
            case .background, .kill, .reinstall: true
            case .doubleTap: forward != nil || screen.spinner != nil
            case .connectivity: !offline
            case .signOut: signOutAction.map(screen.actions.contains) == true
            case .handOver: signOutAction.map(screen.actions.contains) == true && offline
            default: false
            }
        }, stayWeight: stayWeight, random: &random)
        if picked != nil { deviationsLeft -= 1 }
        return picked
    }

    mutating func act(_ act: UserChoice.Act, _ device: isolated World.Phone) async {
        choices.append(UserChoice(at: clock.now, act: act))
        switch act {
        case .tap(let action, let input):
            // A tap happens in place: two in one instant are two taps in one instant.
            _ = await device.perform(action, input: input)
            return
        case .launch: await device.launch()
        case .kill: await device.kill()
        case .background: await device.background()
        case .foreground: await device.foreground()
        case .reinstall: await device.reinstall()
        case .goOffline: await world.network.setOnline(false)
        case .goOnline: await world.network.setOnline(true)
        case .corruptCache, .signOut, .resetElsewhere, .progressElsewhere: return
        }
        // What the act woke may or may not have run when the call returns: look again a moment later.
        _ = await pause(.milliseconds(1), label: "user looks again")
    }
}
