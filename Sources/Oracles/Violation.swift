import SimKernel
import AppVocabulary

/// A broken property of a run: which oracle, when, what the user saw, and the proof.
public struct Violation: Sendable, Equatable {
    public let oracle: String
    public let at: SimulationInstant
    /// What the user saw and what would have been right, in a sentence or two.
    public let message: String
    /// Canonical trace lines that prove it.
    public let excerpt: [String]
    /// The scenario step (0-based) it concerns, for a failed step expectation or a refused tap.
    public var step: Int?

    public init(oracle: String, at: SimulationInstant, message: String, excerpt: [String], step: Int? = nil) {
        self.oracle = oracle
        self.at = at
        self.message = message
        self.excerpt = excerpt
        self.step = step
    }
}

/// Timing budgets, in virtual milliseconds; `nil` means no limit. The metrics of
/// `TimingMetric.run` (the launch metrics hold for each launch, the others for the whole run,
/// `JourneyMetrics`) and the wait on any screen of the app, by the name its `TimingTable` gives.
public struct Budgets: Sendable, Equatable {
    /// One limit per name of `TimingMetric.run`, in its order.
    private var limits = [Int64?](repeating: nil, count: TimingMetric.run.count)
    /// The limits on screens' waits, in the order they were set.
    public private(set) var screenWaitMs: [ScreenLimit] = []

    /// The limit on the wait on one screen.
    public struct ScreenLimit: Sendable, Equatable {
        /// The screen's name in its app's `TimingTable` (`goalReview`, `page-1`).
        public let screen: String
        public let ms: Int64
    }

    public init(firstRouteMs: Int64? = nil, loadingMs: Int64? = nil, interactiveMs: Int64? = nil,
                waitMs: Int64? = nil, longestWaitMs: Int64? = nil, appTimeToMainMs: Int64? = nil) {
        self.firstRouteMs = firstRouteMs
        self.loadingMs = loadingMs
        self.interactiveMs = interactiveMs
        self.waitMs = waitMs
        self.longestWaitMs = longestWaitMs
        self.appTimeToMainMs = appTimeToMainMs
    }

    public var firstRouteMs: Int64? { get { limits[0] } set { limits[0] = newValue } }
    public var loadingMs: Int64? { get { limits[1] } set { limits[1] = newValue } }
    public var interactiveMs: Int64? { get { limits[2] } set { limits[2] = newValue } }
    public var waitMs: Int64? { get { limits[3] } set { limits[3] = newValue } }
    public var longestWaitMs: Int64? { get { limits[4] } set { limits[4] = newValue } }
    public var appTimeToMainMs: Int64? { get { limits[5] } set { limits[5] = newValue } }

    public var isEmpty: Bool { screenWaitMs.isEmpty && limits.allSatisfy { $0 == nil } }

    /// The limit for a metric of `TimingMetric.run` or a screen's wait (`waitMs.<screen>`); nil,
    /// and ignored when set, for any other name.
    public subscript(limitOf metric: String) -> Int64? {
        get {
            if let position = TimingMetric.run.firstIndex(of: metric) { return limits[position] }
            guard let screen = Self.screen(of: metric) else { return nil }
            return screenWaitMs.first { $0.screen == screen }?.ms
        }
        set {
            if let position = TimingMetric.run.firstIndex(of: metric) {
                limits[position] = newValue
                return
            }
            guard let screen = Self.screen(of: metric) else { return }
            if let known = screenWaitMs.firstIndex(where: { $0.screen == screen }) {
                if let newValue { screenWaitMs[known] = ScreenLimit(screen: screen, ms: newValue) } else { screenWaitMs.remove(at: known) }
            } else if let newValue {
                screenWaitMs.append(ScreenLimit(screen: screen, ms: newValue))
            }
        }
    }

    /// `goalReview` of `waitMs.goalReview`; nil for a name that is no screen's wait.
    private static func screen(of metric: String) -> String? {
        guard metric.hasPrefix(TimingMetric.screenWaitPrefix), metric.count > TimingMetric.screenWaitPrefix.count else { return nil }
        return String(metric.dropFirst(TimingMetric.screenWaitPrefix.count))
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
    /// Whether the oracle states a promise every onboarding makes, judged for every app through
    /// the roles the app declares (`RunObservation.roles`, a route's kind): the oracles of
    /// `OracleCatalogue.shared`. Otherwise it is one seed's own rule, and judges only the apps
    /// whose plug-ins list it (`AppPlugin.oracles`). False unless the oracle says.
    var isShared: Bool { get }
    /// The seed's way of keeping a promise this oracle judges, when it is a policy an app may
    /// keep another way (`OraclePolicy`); nil (the default) for a promise every app makes.
    var policy: OraclePolicy? { get }
}

extension Oracle {
    public var isShared: Bool { false }
    public var policy: OraclePolicy? { nil }
}

/// The oracles of the core, in report order: the promises every onboarding makes, judged for
/// every app through the roles it declares. What only one seed promises lives in that app's own
/// module (`FixPlanSim`'s and `PickupSim`'s `ownOracles`), as a team's rules live in its plug-in;
/// a run is judged by its app's list (`AppPlugin.oracles`): the shared ones and the app's own.
public enum OracleCatalogue {
    public static let all: [any Oracle] = [
        NoRouteFlash(), NoSilentDeadEnd(), SingleLoadingSpan(), NoLeakedTimers(), ReduceMotion(), ValidEmailAccepted(),
        TransientFailureHidden(), NoDuplicateSubmission(), AuthWall(), OfflineBannerTruthful(), FailuresSurface(),
        EveryTapHasAnEffect(), RefusedSessionEnds(), OwnDataOnly(), ErrorClearsOnNewAttempt(), AutomaticRetryAsPromised(),
        ChoiceIsTheUsers(), CodeFieldIsTheUsers(), RequestsCarryWhatTheUserEntered(), SpinnerEndsWithItsAnswer(), NoBlankWait(),
        ErrorStaysOnItsScreen(), SessionEndsOnlyAsPromised(), TickChangesOnlyTheCountdown(), ResendAfterTheCountdown(),
        BackReturnsWhereTheUserCameFrom(), OfflineMessageTruthful(), TryAgainIsOffered(), InputBlamedOnlyWhenRejected(),
        ConnectionBlamedOnlyWhenItFailed(), EmailFieldIsTheUsers(), NoErrorFromTheLastSession(), CodeScreenFollowsASentCode(),
        OutcomeIsShown(), PromptFollowsItsTap(), ReturnFindsWhereTheUserLeft(), SignOutHolds(), ErrorGoesOnlyWithACause(),
        FailureKeepsWhatWasShown(), FlowGoesBackOnlyWhenAsked(), CancelHolds(), WorkKeepsWhatWasShown(), ErrorBlamesWhatFailed(),
        AnalyticsFollowTheUser(), SessionSurvivesAKill(), ResumeNeedsNoConnection(), LaunchScreenOnlyAtLaunch(), SignOutConfirmed(),
        MainShowsItsContent(), MainAppearanceRefreshesToken(), NothingBeneathASheet(),
        HealthyNetworkAnswersInTime(), OfflineTapWaitsForTheConnection(), RetriesBackOff(), RefreshedSessionIsUsed(),
        RelaunchSkipsNoStep(), HappyPathReachesMain(), RetryRepeatsTheFailedRequest(), AcceptedStepNotAskedAgain(),
        PermissionAskedOncePerInstall(), BudgetOracle(),
    ]

    public static var names: [String] { all.map(\.name) }

    /// The promises every onboarding makes (route flashes, silent dead ends, taps without an
    /// effect, failures that never surface, requests that carry what the user entered, …), in
    /// catalogue order: what judges every app, a plug-in's unless it says otherwise.
    public static let shared: [any Oracle] = all.filter(\.isShared)

    public static func named(_ name: String) -> (any Oracle)? { all.first { $0.name == currentName(of: name) } }

    /// Names shared rules had before, each with its name now: a scenario file, a plug-in's list
    /// or a command line that still says the old one gets the rule (a file with a note that names
    /// the new one).
    public static let formerNames: [(former: String, current: String)] = [
        ("goalRetryAsPromised", "automaticRetryAsPromised"),
    ]

    /// `name`, or the name now of a rule once called `name`.
    public static func currentName(of name: String) -> String { formerNames.first { $0.former == name }?.current ?? name }


    /// The oracles named in `names`, in that order, each the one of `own` or the shared one so
    /// named (a name of neither is left out); then every shared oracle `names` leaves out, in
    /// catalogue order, so that a promise added to the core judges the app too. An app's list in
    /// the order its reports give its violations.
    public static func list(_ names: [String], own: [any Oracle] = []) -> [any Oracle] {
        let names = names.map(currentName(of:))
        return names.compactMap { name in own.first { $0.name == name } ?? shared.first { $0.name == name } }
            + shared.filter { !names.contains($0.name) }
    }

    /// Runs `oracles` over the run, in their order (an app's list: `AppPlugin.oracles`).
    public static func check(_ run: RunObservation, oracles: [any Oracle], settings: OracleSettings) -> [Violation] {
        // Not `flatMap`: appending each oracle's (nearly always empty) result would allocate
        // the result array again for every oracle of every explored run.
        var violations: [Violation] = []
        for oracle in oracles {
            let found = oracle.check(run, settings: settings)
            guard !found.isEmpty else { continue }
            // A policy's violation says which promise it judges and the ways to meet it.
            if let policy = oracle.policy {
                violations += found.map { Violation(oracle: $0.oracle, at: $0.at, message: $0.message + policy.note,
                                                    excerpt: $0.excerpt, step: $0.step) }
            } else {
                violations.append(contentsOf: found)
            }
        }
        return violations
    }
}
