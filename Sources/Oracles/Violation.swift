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

/// Timing budgets for each launch, in virtual milliseconds; `nil` means no limit.
public struct Budgets: Sendable, Equatable {
    public var firstRouteMs: Int64?
    public var loadingMs: Int64?
    public var interactiveMs: Int64?

    public init(firstRouteMs: Int64? = nil, loadingMs: Int64? = nil, interactiveMs: Int64? = nil) {
        self.firstRouteMs = firstRouteMs
        self.loadingMs = loadingMs
        self.interactiveMs = interactiveMs
    }

    public var isEmpty: Bool { firstRouteMs == nil && loadingMs == nil && interactiveMs == nil }
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
        EveryTapHasAnEffect(), LogoutKeepsProgress(),
        BudgetOracle(),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> (any Oracle)? { all.first { $0.name == name } }

    /// Runs `oracles` over the run, in catalogue order.
    public static func check(_ run: RunObservation, oracles: [any Oracle] = all, settings: OracleSettings) -> [Violation] {
        oracles.flatMap { $0.check(run, settings: settings) }
    }
}
