import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios

/// What the fix plan's app adds to every app's scenario format: its launch-check and goal
/// timeouts, its steps (`FixPlanStep`), its cross-checks of sessions and cached users against
/// accounts, its settings for `shrink`, and its backend's account state for `expect.backend`.
extension FixPlanPlugin {
    static let launchCheck = "launchCheck", goalGeneration = "goalGeneration"

    public var timeouts: [AppTimeout] {
        let defaults = ClientTimeouts()
        return [AppTimeout(Self.launchCheck, default: defaults.launchCheck),
                AppTimeout(Self.goalGeneration, default: defaults.goalGeneration)]
    }

    public var stepKinds: [String] { FixPlanStep.kinds }
    /// Every app's, and what it checks of its own: the email field, the resume gate, the
    /// backend's account, the analytics (`FixPlanKeys.stepExpect`).
    public var stepExpectKeys: [String] { FixPlanKeys.stepExpect }
    /// With `userReachesMain` (`FixPlanKeys.expect`).
    public var expectKeys: [String] { FixPlanKeys.expect }
    /// Its own free user and `enterCode` read the code its backend sent (no `Inbox`).
    public var readsCodesFromTheInbox: Bool { false }
    /// Every account loss: seed 003's two and the program's own (a reset, progress elsewhere).
    public var accountLosses: [AccountLoss.Kind] { [.accountDeleted, .sessionRevoked, .resetElsewhere, .progressElsewhere] }
    /// Every app's and the account losses only its backend has (`FixPlanKeys.faultKinds`).
    public var faultKinds: [String] { FixPlanKeys.faultKinds }

    public func decodeStep(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> AppStep? {
        FixPlanStep.decode(kind, value, at: path, context: context)?.appStep
    }

    public func play(_ step: AppStep, in world: any AppWorld, player: StepPlayer) async {
        guard let world = world as? OnboardingWorld, let step = FixPlanStep(step) else { return }
        await step.play(in: world, player: player)
    }

    /// Its own durations, and sessions and cached users that must be accounts.
    public func problems(of scenario: Scenario) -> [AppSetupProblem] {
        let world = scenario.world
        var found = [Scenario.problem(with: world.settings.sessionRestoreTime, at: "$.device.sessionRestoreTime"),
                     Scenario.problem(with: world.backend.goalGenerationTime, at: "$.backend.goalGenerationTime")].compactMap { $0 }
        let emails = world.backend.accounts.map(\.email)
        if let session = world.sessionEmail, !emails.contains(session) {
            found.append(AppSetupProblem(path: "$.device.session", message: "the session's user \"\(session)\" has no account on the backend",
                                         suggestion: "add {\"email\": \"\(session)\"} to $.backend.accounts"))
        }
        for (index, seed) in world.cache.enumerated() {
            if let email = seed.email, !emails.contains(email) {
                found.append(AppSetupProblem(path: "$.device.cache[\(index)].user",
                                             message: "the cache's user \"\(email)\" has no account on the backend",
                                             suggestion: "add {\"email\": \"\(email)\"} to $.backend.accounts"))
            }
        }
        return found
    }

    /// The phone's settings and the strict backend, each back to its default.
    public func simplifications(of scenario: Scenario) -> [Scenario] {
        var candidates: [Scenario] = []
        func with(_ change: (inout WorldConfiguration) -> Void) {
            var candidate = scenario
            change(&candidate.world)
            candidates.append(candidate)
        }
        let world = scenario.world
        if world.settings.reduceMotion { with { $0.settings.reduceMotion = false } }
        if !world.settings.grantsNotifications { with { $0.settings.grantsNotifications = true } }
        if world.backend.strictCreateUser { with { $0.backend.strictCreateUser = false } }
        return candidates
    }

    public func firstAccount(of scenario: Scenario) -> String? { scenario.world.backend.accounts.first?.email }

    public func account(_ email: String, in world: any AppWorld) async -> AccountState? {
        guard let world = world as? OnboardingWorld else { return nil }
        return AccountState([("programStatus", await world.backend.journey(ofEmail: email)?.programStatus.rawValue),
                             ("pushToken", await world.backend.hasPushToken(email: email) ? "true" : "false"),
                             ("progress", await world.backend.progress(ofEmail: email)?.rawValue)])
    }

    /// `expect.backend`: the program's status, whether a push token arrived, the stored step.
    public var backendFacts: [BackendFact] {
        [BackendFact("programStatus", what: "program status", values: FixPlanDecoding.programStatuses.map(\.0)),
         BackendFact(flag: "pushToken", what: "push token"),
         BackendFact("progress", what: "stored progress", values: FixPlanDecoding.phases.map(\.0))]
    }

    /// A scenario file's run of `seed`: the swarm's settings into its typed world, then what
    /// every app's exploration applies (faults, seeded order).
    public func explored(_ scenario: Scenario, seed: UInt64, swarm: Swarm) -> Scenario {
        var scenario = scenario
        swarm.applySettings(to: &scenario.world)
        return scenario.explored(seed: seed, swarm: swarm)
    }
}

extension Swarm {
    /// Puts the swarm's faults and the fix plan's settings into `world`.
    public func apply(to world: inout WorldConfiguration) {
        apply(to: &world.faults)
        applySettings(to: &world)
    }

    /// The phone's Reduce Motion and notification answer, and the strict backend.
    func applySettings(to world: inout WorldConfiguration) {
        if setting(.device, "reduceMotion") == .bool(true) { world.settings.reduceMotion = true }
        if setting(.device, "grantsNotifications") == .bool(false) { world.settings.grantsNotifications = false }
        if setting(.backend, "strictCreateUser") == .bool(true) { world.backend.strictCreateUser = true }
    }
}
