import SimKernel
import AppVocabulary

/// A simulated user: always takes the primary forward action, types valid input, waits a
/// seeded think time between actions, retries an error that offers a retry, and gives up
/// after a bound.
///
/// ```swift
/// let outcome = await UserPolicy(email: "new@example.com").drive(world)
/// ```
public struct UserPolicy: Sendable {
    /// How the policy's drive ended.
    public typealias Outcome = DriveOutcome

    public var email: String
    /// True: the user takes "Log in" on the intro screen; false: "Get started".
    public var returning: Bool
    public var thinkTimeMs: ClosedRange<Int>
    public var maxActions: Int
    public var maxRetries: Int
    /// How long the user waits on a screen that offers nothing before giving up.
    public var patience: Duration
    /// Stop as soon as this phase shows (to hand over to a script), if set.
    public var stopAt: OnboardingPhase?

    public init(email: String, returning: Bool = false, thinkTimeMs: ClosedRange<Int> = 300...1500,
                maxActions: Int = 80, maxRetries: Int = 3, patience: Duration = .seconds(45),
                stopAt: OnboardingPhase? = nil) {
        precondition(thinkTimeMs.lowerBound >= 0, "think time cannot be negative")
        precondition(maxActions > 0 && maxRetries >= 0, "bounds must be positive")
        self.email = email
        self.returning = returning
        self.thinkTimeMs = thinkTimeMs
        self.maxActions = maxActions
        self.maxRetries = maxRetries
        self.patience = patience
        self.stopAt = stopAt
    }

    /// The user's memory while driving: what they typed and how often they retried.
    struct Memory {
        var typedCode: String?
        var retries = 0
    }

    /// Drives the app until it shows the main app, `stopAt`, or the user gives up.
    public func drive(_ world: OnboardingWorld) async -> Outcome {
        await world.device.drive(self, world: world)
    }

    /// The drive loop, run isolated to the device: the user's looks at the screen and taps stay
    /// actor-to-actor on the simulation's executor instead of hopping to a task and back.
    func loop(_ world: OnboardingWorld, isolation: isolated Device) async -> Outcome {
        var random = world.simulation.randomStream("user")
        var memory = Memory()
        var actions = 0
        var idle = Duration.zero
        let clock = world.simulation.clock
        while actions < maxActions {
            // The screen shares the device's executor: read it in place, not through two hops.
            let (glance, seen) = world.screen.onSharedExecutor { ($0.current, $0.version) }
            if let end = ending(glance) { return end }
            if glance.actions.isEmpty {
                if idle >= patience { return .gaveUp(reason: "nothing to do on \(glance.route.map(\.description) ?? "no screen")") }
                // Wait for the screen to change (or for patience to run out), not poll it.
                let since = clock.now
                _ = await world.screen.change(after: seen, before: since.advanced(by: patience - idle))
                if Task.isCancelled { return .gaveUp(reason: "cancelled") }
                idle += since.duration(to: clock.now)
                continue
            }
            // Think first, then read the screen again and act on what it shows now.
            let think = Duration.milliseconds(random.nextInt(in: thinkTimeMs))
            do { try await clock.sleep(for: think, label: "user thinks") } catch { return .gaveUp(reason: "cancelled") }
            let screen = world.screen.onSharedExecutor { $0.current }
            if let end = ending(screen) { return end }
            guard let (action, input) = decide(screen, world: world, memory: &memory) else {
                idle += think
                if idle >= patience { return .gaveUp(reason: "nothing to do on \(screen.route.map(\.description) ?? "no screen")") }
                continue
            }
            if memory.retries > maxRetries { return .gaveUp(reason: "too many retries") }
            idle = .zero
            actions += 1
            isolation.performOnSharedExecutor(action, input: input)
        }
        return .gaveUp(reason: "more than \(maxActions) actions")
    }

    /// Whether the drive is over on `screen`: the main app, or the phase to stop at.
    private func ending(_ screen: ScreenState) -> Outcome? {
        if screen.route == .main && screen.loadingScreen == nil { return .reachedMain }
        if let stopAt, screen.route == .onboarding(stopAt), !screen.resumeGate {
            return .gaveUp(reason: "stopped at \(stopAt.rawValue)")
        }
        return nil
    }

    /// The primary forward action for `screen`, with its input.
    func decide(_ screen: ScreenState, world: OnboardingWorld, memory: inout Memory) -> (UserAction, String?)? {
        let offered = screen.actions
        // Asked a dozen times a decision: a loop here (names compare by fingerprint first), not a
        // call of the standard library's `contains` each time.
        func offers(_ action: UserAction) -> Bool {
            for candidate in offered where candidate == action { return true }
            return false
        }
        if offers(.resume) { return (.resume, nil) }
        if offers(.retry) {
            memory.retries += 1
            return (.retry, nil)
        }
        if screen.errorText != nil {
            // Tapping the same button again after an error is a retry.
            for action in [UserAction.sendCode, .confirmGoal, .activate, .start] where offers(action) {
                memory.retries += 1
                return (action, nil)
            }
        }
        if offers(.getStarted) { return returning ? (.logIn, nil) : (.getStarted, nil) }
        if offers(.next) { return (.next, nil) }
        if offers(.typeEmail) {
            if screen.emailField != email { return (.typeEmail, email) }
            return offers(.sendCode) ? (.sendCode, nil) : nil
        }
        if offers(.typeCode) {
            let code = world.backend.onSharedExecutor(passing: email) { $0.latestCode(for: $1) }
            if let code, code != memory.typedCode {
                memory.typedCode = code
                return (.typeCode, code)
            }
            if screen.errorText != nil, offers(.resendCode) {
                memory.retries += 1
                return (.resendCode, nil)
            }
            return offers(.verify) && screen.errorText == nil ? (.verify, nil) : nil
        }
        if offers(.confirmGoal) { return (.confirmGoal, nil) }
        if offers(.selectGoal) { return (.selectGoal, nil) }
        for action in [UserAction.activate, .enableNotifications, .start] where offers(action) {
            return (action, nil)
        }
        return nil
    }
}
