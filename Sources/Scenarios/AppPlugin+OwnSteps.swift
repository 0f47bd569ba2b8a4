import SimKernel
import AppVocabulary

/// What an app adds to every app's scenario format, by default nothing but `enterCode` for an app
/// with a code to type: its own timeouts, steps, checks, simplifications and backend state
/// (`AppPlugin`). A plug-in with steps of its own that wants `enterCode` too lists
/// `CodeEntryStep.kind` and hands it to `CodeEntryStep.decode` and `.play`.
extension AppPlugin {
    public var timeouts: [AppTimeout] { [] }
    /// `enterCode` for an app with a code to type and send (`CodeEntryStep`), else none.
    public var stepKinds: [String] { CodeEntryStep.applies(to: roles) ? [CodeEntryStep.kind] : [] }
    public func decodeStep(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> AppStep? {
        kind == CodeEntryStep.kind ? CodeEntryStep.decode(value, at: path, context: context) : AppStep(kind, value)
    }
    public func play(_ step: AppStep, in world: any AppWorld, player: StepPlayer) async {
        if step.kind == CodeEntryStep.kind { await CodeEntryStep.play(step, roles: roles, in: world, player: player) }
    }
    public func problems(of scenario: Scenario) -> [AppSetupProblem] { [] }
    public func simplifications(of scenario: Scenario) -> [Scenario] { [] }
    public func firstAccount(of scenario: Scenario) -> String? { nil }
    public func account(_ email: String, in world: any AppWorld) async -> AccountState? { nil }
    public var backendFacts: [BackendFact] { [] }
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

/// One account's state on an app's backend at a moment, as `expect.backend` judges it: each fact
/// the app declares (`AppPlugin.backendFacts`) by its key, a value as scenarios spell it
/// (`"active"`, `"true"`); a fact the account lacks is left out.
public struct AccountState: Sendable, Equatable {
    public var facts: [BackendFactValue]

    public init(_ facts: [(key: String, value: String?)]) {
        self.facts = facts.compactMap { fact in fact.value.map { BackendFactValue(key: fact.key, value: $0) } }
    }

    /// The value of the fact `key`, if the account has it.
    public func value(of key: String) -> String? { facts.first { $0.key == key }?.value }
}

/// A fact of one account on an app's backend that `expect.backend` can name (the fix plan's
/// `programStatus`, `pushToken`, `progress`): its key, how messages call it, and the values a
/// scenario may give it (nil: a JSON `true` or `false`).
public struct BackendFact: Sendable, Equatable {
    public var key: String
    public var what: String
    public var values: [String]?

    /// A fact whose value is one of `values`.
    public init(_ key: String, what: String, values: [String]) {
        self.key = key
        self.what = what
        self.values = values
    }

    /// A fact that holds or not (`true`, `false` in a scenario).
    public init(flag key: String, what: String) {
        self.key = key
        self.what = what
        self.values = nil
    }
}

/// One fact's value: what `AccountState` holds and `BackendExpectation` expects.
public struct BackendFactValue: Sendable, Equatable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
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
