import SimKernel
import AppVocabulary

/// The starting world of one run of the pickup app (seed 004): who has an account, what the
/// device keeps, what the Apple sheet does, the network's faults and the bugs switched on.
public struct PickupConfiguration: Sendable {
    /// Apple IDs with an account on the backend (a first sign-in creates one).
    public var accounts: [String] = []
    /// The Apple ID signed in on the phone: the one the Apple sheet offers.
    public var appleID = "apple.user"
    /// The account whose session is in the keychain at the start, if any (an Apple ID of `accounts`).
    public var sessionUser: String?
    /// The account (an Apple ID of `accounts`) whose list of pickups the phone keeps at the start,
    /// if any: someone who used the app on this phone before (a housemate, on a shared phone).
    public var keptListOf: String?
    /// `@AppStorage("hasCompletedOnboarding")` at the start.
    public var hasCompletedOnboarding = false
    /// Seed 004: "Respects accessibilityReduceMotion — skips animations if enabled".
    public var reduceMotion = false
    /// What the Apple sheet does at each sign-in attempt, in order; after the list, it approves.
    public var appleSheet: [CredentialSheetOutcome] = []
    /// How long the user spends on the Apple sheet (Face ID, Continue).
    public var appleSheetTime: Duration = .seconds(2)
    /// How long the app waits for an answer (the seed is silent; URLSession's default is 60 s,
    /// a careful team sets less): 10 s, as the fix plan's app (a scenario's `network.timeouts.request`).
    public var requestTimeout: Duration = .seconds(10)
    /// Drops, errors, timeouts, delays, offline windows, revoked sessions: the same plan as every app.
    public var faults = FaultPlan()
    public var mutants = MutantSet.none

    public init() {}
}
