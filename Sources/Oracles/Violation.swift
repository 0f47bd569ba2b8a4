import SimKernel

/// A broken property of a run: which oracle, when, what the user saw, and the proof.
public struct Violation: Sendable, Equatable {
    public let oracle: String
    public let at: SimulationInstant
    /// What the user saw and what would have been right, in a sentence or two.
    public let message: String
    /// Canonical trace lines that prove it.
    public let excerpt: [String]

    public init(oracle: String, at: SimulationInstant, message: String, excerpt: [String]) {
        self.oracle = oracle
        self.at = at
        self.message = message
        self.excerpt = excerpt
    }
}

/// Timing budgets, in virtual milliseconds; `nil` means no limit. The first three hold for each
/// launch, the last three for the whole run (`JourneyMetrics`).
public struct Budgets: Sendable, Equatable {
    public var firstRouteMs: Int64?
    public var loadingMs: Int64?
    public var interactiveMs: Int64?
    public var waitMs: Int64?
    public var longestWaitMs: Int64?
    public var appTimeToMainMs: Int64?

    /// Every metric a budget can name, launch metrics first.
    public static let metricNames = ["firstRouteMs", "loadingMs", "interactiveMs", "waitMs", "longestWaitMs", "appTimeToMainMs"]

    public init(firstRouteMs: Int64? = nil, loadingMs: Int64? = nil, interactiveMs: Int64? = nil,
                waitMs: Int64? = nil, longestWaitMs: Int64? = nil, appTimeToMainMs: Int64? = nil) {
        self.firstRouteMs = firstRouteMs
        self.loadingMs = loadingMs
        self.interactiveMs = interactiveMs
        self.waitMs = waitMs
        self.longestWaitMs = longestWaitMs
        self.appTimeToMainMs = appTimeToMainMs
    }

    public var isEmpty: Bool { Self.metricNames.allSatisfy { self[limitOf: $0] == nil } }

    /// The limit for a metric named as in `metricNames`.
    public subscript(limitOf metric: String) -> Int64? {
        get {
            switch metric {
            case "firstRouteMs": firstRouteMs
            case "loadingMs": loadingMs
            case "interactiveMs": interactiveMs
            case "waitMs": waitMs
            case "longestWaitMs": longestWaitMs
            case "appTimeToMainMs": appTimeToMainMs
            default: nil
            }
        }
        set {
            switch metric {
            case "firstRouteMs": firstRouteMs = newValue
            case "loadingMs": loadingMs = newValue
            case "interactiveMs": interactiveMs = newValue
            case "waitMs": waitMs = newValue
            case "longestWaitMs": longestWaitMs = newValue
            case "appTimeToMainMs": appTimeToMainMs = newValue
            default: break
            }
        }
    }
}

/// The windows oracles judge with.
public struct OracleSettings: Sendable, Equatable {
    /// A route replaced faster than this without a user action is a flash.
    public var flashWindow: Duration
    /// How long a user waits after an action for progress, a spinner backed by work, or an error.
    public var patience: Duration
    /// How long the app must be running and online at the end for queued work to count as due.
    public var settle: Duration
    public var budgets: Budgets

    public init(flashWindow: Duration = .milliseconds(500), patience: Duration = .seconds(30),
                settle: Duration = .seconds(60), budgets: Budgets = Budgets()) {
        self.flashWindow = flashWindow
        self.patience = patience
        self.settle = settle
        self.budgets = budgets
    }
}

/// A monitor of one property, judging a run from its screens and events only.
public protocol Oracle: Sendable {
    /// The oracle's name as scenarios and reports spell it (`noRouteFlash`).
    var name: String { get }
    /// One line: what the oracle proves.
    var summary: String { get }
    func check(_ run: RunObservation, settings: OracleSettings) -> [Violation]
}

/// Every oracle, in report order.
public enum OracleCatalogue {
    public static let all: [any Oracle] = [
        NoRouteFlash(), NoSilentDeadEnd(), SingleLoadingSpan(), ExactlyOnce(), NoLeakedTimers(),
        NoLostProgress(), PushRegistered(), SuccessImpliesActive(), ReduceMotion(), LaunchReadinessOracle(),
        EmailPreserved(), ValidEmailAccepted(), ResumeGateColdLaunchOnly(), SettledRouteMatchesJourney(),
        TransientFailureHidden(), RequestsAccepted(), NoDuplicateSubmission(), AccountLossClearsCache(),
        RouteByJourneyAfterSignIn(), AuthWall(), OfflineBannerTruthful(), NoLostEvents(),
        ResumesAtCachedStep(), BackNavigation(), FailuresSurface(),
        EveryTapHasAnEffect(), LogoutKeepsProgress(), SignedInStaysSignedIn(),
        BudgetOracle(),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> (any Oracle)? { all.first { $0.name == name } }

    /// Runs `oracles` over the run, in catalogue order.
    public static func check(_ run: RunObservation, oracles: [any Oracle] = all, settings: OracleSettings) -> [Violation] {
        oracles.flatMap { $0.check(run, settings: settings) }
    }
}
