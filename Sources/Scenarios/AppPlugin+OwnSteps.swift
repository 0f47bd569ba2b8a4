import SimKernel
import AppVocabulary

/// What an app adds to every app's scenario format, by default nothing: its own timeouts, steps,
/// checks, simplifications and backend state (`AppPlugin`).
extension AppPlugin {
    public var timeouts: [AppTimeout] { [] }
    public var stepKinds: [String] { [] }
    public func decodeStep(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> AppStep? {
        AppStep(kind, value)
    }
    public func play(_ step: AppStep, in world: any AppWorld, player: StepPlayer) async {}
    public func problems(of scenario: Scenario) -> [AppSetupProblem] { [] }
    public func simplifications(of scenario: Scenario) -> [Scenario] { [] }
    public func firstAccount(of scenario: Scenario) -> String? { nil }
    public func account(_ email: String, in world: any AppWorld) async -> AccountState? { nil }
}

/// A timeout of an app's own (`AppPlugin.timeouts`): its name in `network.timeouts` and its
/// length when a scenario does not set it.
public struct AppTimeout: Sendable, Equatable {
    public var name: String
    public var defaultDuration: Duration

    public init(_ name: String, default defaultDuration: Duration) {
        self.name = name
        self.defaultDuration = defaultDuration
    }
}

/// One account's state on an app's backend at a moment, as `expect.backend` judges it.
public struct AccountState: Sendable, Equatable {
    public var journey: Journey?
    public var pushToken: Bool
    public var progress: OnboardingPhase?

    public init(journey: Journey?, pushToken: Bool, progress: OnboardingPhase?) {
        self.journey = journey
        self.pushToken = pushToken
        self.progress = progress
    }
}

/// What an app's own step (`AppPlugin.play`) may do besides acting on its world: tap as a step
/// taps (a tap the screen refuses fails the run), wait, and say what a user's drive reached
/// (`expect.userReachesMain`).
public struct StepPlayer: Sendable {
    let number: Int
    let capture: EndState
    let world: any AppWorld

    /// Taps `action` (typing `input`); a tap the screen does not offer fails the run
    /// (`step.refused`) unless `mayBeRefused`.
    public func perform(_ action: UserAction, input: String? = nil, mayBeRefused: Bool = false) async {
        await ScenarioRunner.perform(action, input: input, step: number, mayBeRefused: mayBeRefused, world: world, capture: capture)
    }

    /// Lets `duration` of virtual time pass.
    public func wait(_ duration: Duration, label: String) async {
        try? await world.simulation.clock.sleep(for: duration, label: label)
    }

    /// Records what a user's drive (as `email`) reached: what `expect.userReachesMain` judges.
    public func drove(email: String, outcome: DriveOutcome) {
        capture.policy(email: email, outcome: outcome)
    }
}
