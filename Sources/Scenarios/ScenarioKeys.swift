import AppVocabulary
import Oracles

/// Every key the scenario format accepts for every app, per kind of object, and each app's lists
/// (`step(for:)`, `expect(for:)`, …): every app's keys with the app's own (`AppPlugin`). An
/// app's `device` and `backend` sections are its plug-in's (the fix plan's `FixPlanKeys`). The
/// decoder rejects any other key, and the schema `schema --app` prints lists exactly these
/// (`ScenarioSchema`).
public enum ScenarioKeys {
    public static let top = ["format", "app", "name", "summary", "guards", "seed", "strategy", "mutants", "device",
                             "backend", "network", "faults", "steps", "expect", "settle", "limits", "choices"]
    public static let network = ["latency", "timeouts"]
    public static let latency = ["min", "max"]
    /// Every app's timeout; an app adds its own (`AppPlugin.timeouts`).
    public static let timeouts = ["request"]
    public static let fault = ["kind", "endpoint", "nth", "from", "count", "probability", "status", "by", "at", "for", "email", "afterFailure", "afterAnswer"]
    /// Every app's kinds of step; an app adds its own (`AppPlugin.stepKinds`).
    public static let stepKinds = ["launch", "kill", "background", "foreground", "reinstall", "goOffline", "goOnline",
                                   "wait", "untilIdle", "action", "freeUser", "expect"]
    /// A step's keys: its kind, and an action's `input` and `mayBeRefused`.
    public static let step = stepKinds + ["input", "mayBeRefused"]
    public static let freeUser = ["email", "returning", "otherEmail", "emphasis", "onlyForward"]
    /// The keys an `expect` step takes in every app's files, each read from the screen record or
    /// the backend's events any app's world makes (the email field and the resume choice are
    /// `ScreenState`'s, the analytics `ModelEvent.analytics`); an app adds its own
    /// (`AppPlugin.stepExpectKeys`).
    public static let stepExpect = ["finalRoute", "finalError", "errorShown", "emailField", "resumeGate",
                                    "actionsInclude", "actionsExclude", "requests", "neverShown",
                                    "offlineBanner", "analytics"]
    /// The keys of `$.expect` about the whole run: whether a scripted user's drive reached the
    /// main app (`StepPlayer.drove`), then its judging.
    public static let wholeRun = ["userReachesMain"]
    /// The keys of `$.expect` about the whole run's judging, after the checks.
    public static let judging = ["budgets", "patience", "flashWindow", "settle"]
    /// `$.expect`'s keys in every app's files.
    public static let expect = ["oracles"] + stepExpect + wholeRun + judging
    public static let limits = ["virtualTime"]
    /// The network's faults, which every app's files may inject.
    public static let networkFaultKinds = ["offline", "drop", "error", "timeout", "delay", "goesOffline"]
    /// The Sign in with Apple sheet's faults, for an app whose roles declare its exchange
    /// (`RequestRole.credential`): the user closes the sheet, or it fails, at an attempt.
    public static let credentialSheetFaultKinds = ["appleSheetCancelled", "appleSheetFails"]

    /// Fault kinds a file may still give by a former name, each with its name now: the file runs
    /// the same, with a note that names the new one.
    public static let formerFaultKinds: [(former: String, current: String)] = [("programReset", "resetElsewhere")]

    /// Every app's steps and the app's own (`AppPlugin.stepKinds`), with an action's `input` and `mayBeRefused`.
    public static func step(for app: AppID) -> [String] { stepKinds(for: app) + ["input", "mayBeRefused"] }
    public static func stepKinds(for app: AppID) -> [String] { stepKinds + (AppRegistry.plugin(for: app)?.stepKinds ?? []) }
    /// The keys `$.expect` takes for `app` (its plug-in's `expectKeys`).
    public static func expect(for app: AppID) -> [String] { AppRegistry.plugin(for: app)?.expectKeys ?? expect }
    /// The keys an `expect` step takes for `app` (its plug-in's `stepExpectKeys`).
    public static func stepExpect(for app: AppID) -> [String] { AppRegistry.plugin(for: app)?.stepExpectKeys ?? stepExpect }
    /// What `expect.budgets` may limit: every run's metrics and the wait on each of the app's
    /// screens (its `TimingTable`).
    public static func budgets(for app: AppID) -> [String] { AppRegistry.timingTable(of: app)?.names ?? TimingMetric.run }
    /// `request` and the app's own (`AppPlugin.timeouts`).
    public static func timeouts(for app: AppID) -> [String] { timeouts + (AppRegistry.plugin(for: app)?.timeouts.map(\.name) ?? []) }
    /// The fault kinds `app`'s files may inject (its plug-in's `faultKinds`).
    public static func faultKinds(for app: AppID) -> [String] { AppRegistry.plugin(for: app)?.faultKinds ?? networkFaultKinds }
}
