import AppVocabulary
import Oracles

/// Every key the scenario format accepts, per kind of object. The decoder rejects any other
/// key, and a test checks that `docs/scenario.schema.json` lists exactly these.
public enum ScenarioKeys {
    public static let top = ["format", "app", "name", "summary", "guards", "seed", "strategy", "mutants", "device",
                             "backend", "network", "faults", "steps", "expect", "settle", "limits"]
    public static let device = ["session", "cache", "reduceMotion", "grantsNotifications", "sessionRestoreTime", "online"]
    public static let cacheEntry = ["user", "phase", "pendingEmail", "startedSent", "returningLogin", "corrupted"]
    public static let backend = ["strictCreateUser", "goalGenerationTime", "accounts", "progressWrites"]
    public static let account = ["email", "journey"]
    public static let journey = ["intake", "goals", "program"]
    public static let network = ["latency", "timeouts"]
    public static let latency = ["min", "max"]
    public static let timeouts = ["request", "launchCheck", "goalGeneration"]
    public static let fault = ["kind", "endpoint", "nth", "from", "count", "probability", "status", "by", "at", "for", "email", "afterFailure"]
    public static let step = ["launch", "kill", "background", "foreground", "reinstall", "corruptCache", "signOut",
                              "goOffline", "goOnline", "wait", "untilIdle", "action", "input", "mayBeRefused", "enterCode", "policy",
                              "freeUser", "expect"]
    public static let policy = ["email", "returning", "until"]
    public static let freeUser = ["email", "returning", "otherEmail", "emphasis", "onlyForward"]
    /// The keys an `expect` step takes: `$.expect`'s, less those about the whole run's judging.
    public static let stepExpect = ["finalRoute", "finalError", "errorShown", "emailField", "resumeGate",
                                    "actionsInclude", "actionsExclude", "backend", "requests", "neverShown",
                                    "offlineBanner", "analytics"]
    public static let expect = ["oracles"] + stepExpect + ["userReachesMain", "budgets", "patience", "flashWindow", "settle"]
    public static let backendExpect = ["email", "programStatus", "pushToken", "progress"]
    public static let limits = ["virtualTime"]

    // Any other app's objects (a plug-in's, the pickup app's), where they differ from the fix
    // plan's: the steps, expectations and faults that hold for every app. (The schema's
    // definitions are named after the pickup app, the first app that had them.) An app's own
    // `device` and `backend` keys are its plug-in's (the pickup app's: `PickupDecoding`).
    public static let pickupNetwork = network
    public static let pickupTimeouts = ["request"]
    public static let pickupStepKinds = ["launch", "kill", "background", "foreground", "reinstall", "goOffline", "goOnline",
                                         "wait", "untilIdle", "action", "freeUser", "expect"]
    public static let pickupStep = pickupStepKinds + ["input", "mayBeRefused"]
    public static let pickupStepExpect = ["finalRoute", "finalError", "errorShown", "actionsInclude", "actionsExclude",
                                          "requests", "neverShown", "offlineBanner"]
    public static let pickupExpect = ["oracles"] + pickupStepExpect + ["budgets", "patience", "flashWindow", "settle"]
    public static let pickupFaultKinds = networkFaultKinds + ["accountDeleted", "sessionRevoked"]
    /// The network's faults, which every app's files may inject.
    public static let networkFaultKinds = ["offline", "drop", "error", "timeout", "delay", "goesOffline"]
    /// The Sign in with Apple sheet's faults, for an app whose roles declare its exchange
    /// (`RequestRole.credential`): the user closes the sheet, or it fails, at an attempt.
    public static let appleSheetFaultKinds = ["appleSheetCancelled", "appleSheetFails"]

    /// Each object kind with the JSON Schema definition that must describe it.
    public static let byDefinition: [(definition: String, keys: [String])] = [
        ("scenario", top), ("device", device), ("cacheEntry", cacheEntry), ("backend", backend),
        ("account", account), ("journey", journey), ("network", network), ("latency", latency),
        ("timeouts", timeouts), ("fault", fault), ("step", step), ("policy", policy), ("freeUser", freeUser), ("expect", expect), ("stepExpect", stepExpect),
        ("backendExpect", backendExpect), ("limits", limits),
        ("pickupNetwork", pickupNetwork), ("pickupTimeouts", pickupTimeouts), ("pickupStep", pickupStep),
        ("pickupExpect", pickupExpect), ("pickupStepExpect", pickupStepExpect),
    ]

    // Any app but the fix plan's has these lists.
    /// Every app's steps and the app's own (`AppPlugin.stepKinds`), with an action's `input` and `mayBeRefused`.
    public static func step(for app: AppID) -> [String] { stepKinds(for: app) + ["input", "mayBeRefused"] }
    public static func stepKinds(for app: AppID) -> [String] { pickupStepKinds + (AppRegistry.plugin(for: app)?.stepKinds ?? []) }
    /// The keys `$.expect` takes for `app` (its plug-in's `expectKeys`).
    public static func expect(for app: AppID) -> [String] { AppRegistry.plugin(for: app)?.expectKeys ?? pickupExpect }
    /// The keys an `expect` step takes for `app` (its plug-in's `stepExpectKeys`).
    public static func stepExpect(for app: AppID) -> [String] { AppRegistry.plugin(for: app)?.stepExpectKeys ?? pickupStepExpect }
    /// What `expect.budgets` may limit: every run's metrics and the wait on each of the app's
    /// screens (its `TimingTable`).
    public static func budgets(for app: AppID) -> [String] { AppRegistry.timingTable(of: app)?.names ?? TimingMetric.run }
    /// `request` and the app's own (`AppPlugin.timeouts`).
    public static func timeouts(for app: AppID) -> [String] { pickupTimeouts + (AppRegistry.plugin(for: app)?.timeouts.map(\.name) ?? []) }
    /// The fault kinds `app`'s files may inject (its plug-in's `faultKinds`).
    public static func faultKinds(for app: AppID) -> [String] { AppRegistry.plugin(for: app)?.faultKinds ?? pickupFaultKinds }

    /// Step keys that are the step's kind (every step has exactly one).
    public static let stepKinds = step.filter { $0 != "input" && $0 != "mayBeRefused" }
    /// The fix plan's fault kinds: the network's and its backend's four account events (its
    /// sessions do not expire on their own, so not `accessTokenExpired`).
    public static let faultKinds = networkFaultKinds + ["accountDeleted", "sessionRevoked", "programReset", "progressElsewhere"]
}
