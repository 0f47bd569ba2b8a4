import SimKernel
import AppVocabulary
import Oracles

/// One scenario file, decoded and validated: a starting world, steps, and what must hold.
public struct Scenario: Sendable {
    /// The file it came from (as given on the command line), for reports and errors.
    public var file: String
    public var format: Int
    public var name: String
    public var summary: String
    /// The catalogue ids this scenario guards (`fix-1`, `pit-6`, …).
    public var guards: [String]
    public var seed: UInt64
    /// Where the run draws afresh from other seeds (branching exploration, `BranchPoint`); a file
    /// writes them in its `seed` as the branch's run id (`"seed": "7@4030ms=77"`, `RunID`).
    public var branches: [BranchPoint] = []
    /// Every draw of the run as it was recorded (`"choices"`, `ChoiceSequence`): each stream takes
    /// its values from here instead of from the seed, until they run out. Nil: the seed's draws.
    public var choices: ChoiceSequence?
    public var strategy: SchedulingStrategy
    /// The app the scenario runs (`"app"`): the tool's first app (`AppRegistry.defaultApp`)
    /// unless it names another.
    public var app: AppID = AppRegistry.defaultApp
    /// The bugs switched on: the scenario's own switches (`"mutants"`, usually none).
    public var mutants = MutantSet.none
    /// The network's latency and the faults it injects (`"network.latency"`, `"faults"`).
    public var faults = FaultPlan()
    /// How long a request waits for its answer unless the app says otherwise
    /// (`"network.timeouts.request"`).
    public var requestTimeout = Scenario.defaultRequestTimeout
    /// The app's own timeouts (`AppPlugin.timeouts`) the file sets, in `"network.timeouts"`.
    public var appTimeouts = AppTimeouts()
    /// An app's own typed reading of its sections, when its plug-in keeps one (`decodeSetup`
    /// writes it, `makeWorld` reads it through `AppStart.scenario`); nil otherwise. Opaque to
    /// everything but that plug-in.
    public var ownSetup: (any Sendable)?
    /// A plug-in app's own sections (`AppRegistry`): its `device` and `backend` as written.
    public var setup = AppSetup()
    /// Start with the device offline.
    public var startsOffline: Bool
    public var steps: [ScenarioStep]
    public var expectations: Expectations
    public var settings: OracleSettings
    /// How long the run goes on after the last step, so queued work can settle.
    public var settleAfterSteps: Duration
    public var maxVirtualTime: Duration
    /// What its file says that works but should be said otherwise (a rule's former name), as the
    /// decoder noted it: printed before a run, never part of one.
    public var notes: [ScenarioError] = []

    public init(file: String, name: String, summary: String = "", guards: [String] = [], seed: UInt64 = 1,
                strategy: SchedulingStrategy = .fifo, mutants: MutantSet = .none, faults: FaultPlan = FaultPlan(),
                startsOffline: Bool = false, steps: [ScenarioStep], expectations: Expectations = Expectations(),
                settings: OracleSettings = OracleSettings(), settleAfterSteps: Duration = .seconds(60),
                maxVirtualTime: Duration = .seconds(4 * 3600)) {
        self.file = file
        self.format = 1
        self.name = name
        self.summary = summary
        self.guards = guards
        self.seed = seed
        self.strategy = strategy
        self.mutants = mutants
        self.faults = faults
        self.startsOffline = startsOffline
        self.steps = steps
        self.expectations = expectations
        self.settings = settings
        self.settleAfterSteps = settleAfterSteps
        self.maxVirtualTime = maxVirtualTime
    }
}

/// One step of a scenario.
public enum ScenarioStep: Sendable, Equatable {
    case launch, kill, background, foreground, reinstall, goOffline, goOnline
    /// Let virtual time pass.
    case wait(Duration)
    /// Wait until no request is in flight and the screen has not changed for a second, at most `max`.
    case untilIdle(max: Duration)
    /// The user does something on screen. A step whose action the screen does not offer fails
    /// the run (`step.refused`) unless `mayBeRefused`: a script cannot drift from the app unseen.
    case action(UserAction, input: String?, mayBeRefused: Bool = false)
    /// A step of the app's own (`AppPlugin.stepKinds`): the fix plan's `enterCode`, say.
    case app(AppStep)
    /// The free user drives: mostly forward, with the deviations its seeded profile allows.
    case freeUser(FreeUser)
    /// Checks expectations at this point of the steps: screen keys against the screen now,
    /// whole-run keys against the run so far, backend keys against the backend now.
    case expect(Expectations)
}

extension Scenario {
    /// How long a request waits for its answer unless the scenario says otherwise.
    public static let defaultRequestTimeout = Duration.seconds(10)
}

/// A step of one app's own, as its plug-in reads it (`AppPlugin.decodeStep`) and plays it
/// (`AppPlugin.play`): its kind (the step's key in the file) and its value as written.
public struct AppStep: Sendable, Equatable {
    public var kind: String
    public var value: JSONValue

    public init(_ kind: String, _ value: JSONValue = .bool(true)) {
        self.kind = kind
        self.value = value
    }
}

/// The app's own timeouts a scenario sets (`"network.timeouts"`), by name, in the file's order.
public struct AppTimeouts: Sendable, Equatable {
    public private(set) var entries: [(name: String, duration: Duration)] = []

    public init() {}

    /// The duration set for `name`, or nil (the app's default then).
    public subscript(name: String) -> Duration? {
        get { entries.first { $0.name == name }?.duration }
        set {
            let index = entries.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].duration = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((name, value))
            case (nil, nil): break
            }
        }
    }

    public static func == (lhs: AppTimeouts, rhs: AppTimeouts) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.duration == $1.duration }
    }
}

/// What must be true at the end of a scenario, besides the oracles.
public struct Expectations: Sendable, Equatable {
    /// Oracles to apply, by name; `nil` applies all.
    public var oracles: [String]?
    public var finalRoute: Route??
    /// `.some(nil)`: no error on the final screen; `.some(text)`: the final error contains `text`.
    public var finalError: String??
    /// Whether any error was shown at any time.
    public var errorShown: Bool?
    public var emailField: String?
    public var resumeGate: Bool?
    public var actionsInclude: [UserAction] = []
    public var actionsExclude: [UserAction] = []
    public var backend: BackendExpectation?
    /// Whether the last user-policy step reached the main app.
    public var userReachesMain: Bool?
    /// How many requests the app sent to each endpoint over the whole run.
    public var requests: [ExpectedCount<Endpoint>] = []
    /// Routes that must never be on screen (`.launch`, `.main` or an onboarding phase).
    public var neverShown: [Route] = []
    /// Whether the final screen shows the offline banner.
    public var offlineBanner: Bool?
    /// How many times the backend received each analytics event (all users together).
    public var analytics: [ExpectedCount<String>] = []

    public init() {}
}

/// "This many of these": an expected count of requests to an endpoint or of an analytics event.
public struct ExpectedCount<Name: Sendable & Equatable>: Sendable, Equatable {
    public var name: Name
    public var count: Int

    public init(_ name: Name, _ count: Int) {
        self.name = name
        self.count = count
    }
}

/// Backend state expected at the end, for one account: the facts its app declares
/// (`AppPlugin.backendFacts`), in the file's order.
public struct BackendExpectation: Sendable, Equatable {
    /// Whose account; defaults to the scenario's first account, or the user policy's email.
    public var email: String?
    public var facts: [BackendFactValue]

    public init(email: String? = nil, facts: [BackendFactValue] = []) {
        self.email = email
        self.facts = facts
    }
}
