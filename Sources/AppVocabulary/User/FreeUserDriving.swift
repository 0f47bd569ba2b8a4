import SimKernel

/// What every app's free-user drive shares: the same person waiting for an app that offers
/// nothing, now and then interrupting it mid-request. Each app's drive (`FreeUserDrive` for the
/// fix plan's, the pickup app's in its module) reads its own screens and acts on its own phone.
public protocol FreeUserDriving {
    associatedtype Phone: Actor
    var profile: FreeUserProfile { get }
    var random: SeededRandom { get set }
    var deviationsLeft: Int { get }
    /// How long the user has waited with nothing to do.
    var idle: Duration { get set }
    /// When a connection the user turned off comes back.
    var onlineAt: SimulationInstant? { get set }
    var screen: Screen { get }
    var clock: SimulationClock { get }
    /// One interruption of a screen that offers nothing (a spinner up): a deviation drawn among
    /// the app's interruptions, done, or nothing; true if the user did something.
    mutating func interrupt(_ screen: ScreenState, _ device: isolated Phone) async -> Bool
    /// Logs `act` and does it on the app's phone.
    mutating func act(_ act: UserChoice.Act, _ device: isolated Phone) async
}

extension FreeUserDriving {
    /// The screen offers nothing to go on with (a spinner, a loading screen): wait for it to
    /// change, or, now and then, do something else while the request is in flight.
    public mutating func waitForTheApp(_ shown: ScreenState, seen: Int, _ device: isolated Phone) async -> DriveOutcome? {
        let weight = profile[.midRequest]
        if deviationsLeft > 0, weight > 0, random.chance(Probability(Double(weight) / Double(weight + profile.forwardWeight))) {
            let pause = Duration.milliseconds(random.nextInt(in: 20...3_000))
            let changed = await screen.change(after: seen, before: clock.now.advanced(by: pause))
            if Task.isCancelled { return .gaveUp(reason: "cancelled") }
            if changed { return nil }
            if await interrupt(screen.onSharedExecutor { $0.current }, device) { idle = .zero }
            return nil
        }
        if idle >= profile.patience { return .gaveUp(reason: "nothing to do on \(shown.route.map(\.description) ?? "no screen")") }
        var deadline = clock.now.advanced(by: profile.patience - idle)
        if let onlineAt, onlineAt < deadline { deadline = onlineAt }
        let since = clock.now
        _ = await screen.change(after: seen, before: deadline)
        if Task.isCancelled { return .gaveUp(reason: "cancelled") }
        idle += since.duration(to: clock.now)
        return nil
    }

    /// The deviations that take the user away from the app and back, the same on every app:
    /// another app for a while, a force-quit (`corruptsCache`: one time in four the cache is
    /// corrupted in between, on an app that keeps one), a reinstall, the connection lost.
    /// False for any other behaviour.
    public mutating func leaveAndReturn(_ behaviour: UserBehaviour, corruptsCache: Bool, _ device: isolated Phone) async -> Bool {
        switch behaviour {
        case .background:
            await act(.background, device)
            let away = random.chance(Probability(0.3)) ? random.nextInt(in: 10_000...90_000) : random.nextInt(in: 1_000...10_000)
            guard await Self.sleep(on: clock, .milliseconds(away), label: "user is in another app") else { return true }
            await act(.foreground, device)
        case .kill:
            await act(.kill, device)
            guard await Self.sleep(on: clock, .milliseconds(random.nextInt(in: 1_000...30_000)), label: "app is closed") else { return true }
            if corruptsCache, random.chance(Probability(0.25)) { await act(.corruptCache, device) }
            await reopen(device)
        case .reinstall:
            await act(.reinstall, device)
            guard await Self.sleep(on: clock, .milliseconds(random.nextInt(in: 1_000...10_000)), label: "app is reinstalling") else { return true }
            await reopen(device)
        case .connectivity:
            onlineAt = clock.now.advanced(by: .milliseconds(random.nextInt(in: 2_000...40_000)))
            await act(.goOffline, device)
        default:
            return false
        }
        return true
    }

    /// Opens the app again; one time in five the person is somewhere without a connection now
    /// (it comes back 5-40 s later), so a cold launch and its resume meet the offline path.
    public mutating func reopen(_ device: isolated Phone) async {
        if onlineAt == nil, random.chance(Probability(0.2)) {
            onlineAt = clock.now.advanced(by: .milliseconds(random.nextInt(in: 5_000...40_000)))
            await act(.goOffline, device)
        }
        await act(.launch, device)
    }

    /// Turns the connection back on now, if the user turned it off.
    public mutating func restoreConnection(_ device: isolated Phone) async {
        guard onlineAt != nil else { return }
        onlineAt = nil
        await act(.goOnline, device)
    }

    /// Sleeps `length` of the user's time; false if the run was cancelled.
    @inlinable
    public func pause(_ length: Duration, label: @autoclosure @escaping () -> String?) async -> Bool {
        await Self.sleep(on: clock, length, describedBy: label)
    }

    /// A new decision point starts only after some thought: false if the run was cancelled.
    @inlinable
    public mutating func think() async -> Bool {
        await Self.sleep(on: clock, .milliseconds(random.nextInt(in: profile.thinkTimeMs)), label: "user thinks")
    }

    /// `pause` for the mutating steps: it holds the clock, not a copy of the whole drive, while
    /// it sleeps (a drive is a struct of many references, and a call through `self` across the
    /// wait copies it). Inlined into its callers, as the clock's sleep is into it: a wait is one
    /// async frame (the kernel's suspend), not four. The label stays a closure all the way down
    /// (`describedBy:`): a constant label then needs no closure context, where a `String` handed
    /// to an autoclosure was captured in one allocated at every wait.
    @inlinable @inline(__always)
    static func sleep(on clock: SimulationClock, _ length: Duration, label: @autoclosure @escaping () -> String?) async -> Bool {
        await sleep(on: clock, length, describedBy: label)
    }

    @inlinable @inline(__always)
    static func sleep(on clock: SimulationClock, _ length: Duration, describedBy label: @escaping () -> String?) async -> Bool {
        do { try await clock.sleep(for: length, describedBy: label) } catch { return false }
        return true
    }
}
