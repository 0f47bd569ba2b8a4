import AppVocabulary
import Scenarios

/// The keys of the fix plan's own objects in its scenario files: its phone (`device`, each cached
/// onboarding), its backend (`backend`, each account and its journey), its scripted user
/// (`policy`) and what it checks beyond every app's (`ScenarioKeys`). Its decoders reject any
/// other key, and `FixPlanSchema` lists exactly these.
public enum FixPlanKeys {
    public static let device = ["session", "cache", "reduceMotion", "grantsNotifications", "sessionRestoreTime", "online"]
    public static let cacheEntry = ["user", "phase", "pendingEmail", "startedSent", "returningLogin", "corrupted"]
    public static let backend = ["strictCreateUser", "goalGenerationTime", "accounts", "progressWrites"]
    public static let account = ["email", "journey"]
    public static let journey = ["intake", "goals", "program"]
    public static let policy = ["email", "returning", "until"]
    /// The keys an `expect` step takes: every app's and `backend`, the account's facts
    /// (`FixPlanPlugin.backendFacts`), in the order its files have always listed them.
    public static let stepExpect = ["finalRoute", "finalError", "errorShown", "emailField", "resumeGate",
                                    "actionsInclude", "actionsExclude", "backend", "requests", "neverShown",
                                    "offlineBanner", "analytics"]
    /// `$.expect`'s: with every app's whole-run and judging keys.
    public static let expect = ["oracles"] + stepExpect + ScenarioKeys.wholeRun + ScenarioKeys.judging
    /// The network's faults and the backend's four account events (its sessions do not expire
    /// on their own, so not `accessTokenExpired`).
    public static let faultKinds = ScenarioKeys.networkFaultKinds + ["accountDeleted", "sessionRevoked", "resetElsewhere", "progressElsewhere"]
}
