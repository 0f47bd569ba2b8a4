import AppVocabulary
import OnboardingModel
import Scenarios

/// Decodes the fix plan's app's own sections: the phone (`device`: a session, settings, the
/// cached onboarding of each user) and the backend (`backend`: its rules and accounts).
/// Faults, network, steps and expectations are the shared decoders'.
public enum FixPlanDecoding {
    static func decodeDevice(_ value: JSONValue?, into scenario: inout Scenario, context: DecodingContext) {
        guard let device = context.object(value, at: "$.device", keys: FixPlanKeys.device) else { return }
        if let session = device["session"], session != .null {
            scenario.world.sessionEmail = context.string(session, at: device.path("session"))
        }
        var settings = scenario.world.settings
        settings.reduceMotion = context.bool(device["reduceMotion"], at: device.path("reduceMotion")) ?? settings.reduceMotion
        settings.grantsNotifications = context.bool(device["grantsNotifications"], at: device.path("grantsNotifications"))
            ?? settings.grantsNotifications
        settings.sessionRestoreTime = context.duration(device["sessionRestoreTime"], at: device.path("sessionRestoreTime"))
            ?? settings.sessionRestoreTime
        scenario.world.settings = settings
        scenario.startsOffline = !(context.bool(device["online"], at: device.path("online")) ?? true)
        guard let entries = context.array(device["cache"], at: device.path("cache")) else { return }
        scenario.world.cache = entries.enumerated().compactMap { index, entry in
            decodeCacheEntry(entry, at: device.path("cache") + "[\(index)]", context: context)
        }
    }

    private static func decodeCacheEntry(_ value: JSONValue, at path: String, context: DecodingContext)
        -> WorldConfiguration.CacheSeed?
    {
        guard let entry = context.object(value, at: path, keys: FixPlanKeys.cacheEntry) else { return nil }
        let user = entry["user"] == .null ? nil : context.string(entry["user"], at: entry.path("user"))
        let corrupted = context.bool(entry["corrupted"], at: entry.path("corrupted")) == true
        // Every key is checked, also in a corrupted entry (whose contents the run then ignores).
        let phase = context.choice(entry["phase"], at: entry.path("phase"), from: phases, what: "phase")
        let pendingEmail = context.string(entry["pendingEmail"], at: entry.path("pendingEmail"))
        let startedSent = context.bool(entry["startedSent"], at: entry.path("startedSent")) ?? false
        let returningLogin = context.bool(entry["returningLogin"], at: entry.path("returningLogin")) ?? false
        if corrupted { return .init(email: user, cache: nil) }
        guard let phase else {
            if entry["phase"] == nil { context.fail(entry.path("phase"), "missing: a cache entry has a phase, or \"corrupted\": true") }
            return nil
        }
        let cache = OnboardingCache(phase: phase, pendingEmail: pendingEmail, startedSent: startedSent, returningLogin: returningLogin)
        return .init(email: user, cache: cache)
    }

    static func decodeBackend(_ value: JSONValue?, into backend: inout BackendConfiguration, context: DecodingContext) {
        guard let fields = context.object(value, at: "$.backend", keys: FixPlanKeys.backend) else { return }
        backend.strictCreateUser = context.bool(fields["strictCreateUser"], at: fields.path("strictCreateUser")) ?? false
        backend.progressWrites = context.choice(fields["progressWrites"], at: fields.path("progressWrites"),
                                                from: BackendConfiguration.ProgressWrites.allCases.map { ($0.rawValue, $0) },
                                                what: "progress write rule") ?? .keepMaximum
        backend.goalGenerationTime = context.duration(fields["goalGenerationTime"], at: fields.path("goalGenerationTime"))
            ?? backend.goalGenerationTime
        guard let accounts = context.array(fields["accounts"], at: fields.path("accounts")) else { return }
        backend.accounts = accounts.enumerated().compactMap { index, value in
            let path = fields.path("accounts") + "[\(index)]"
            guard let account = context.object(value, at: path, keys: FixPlanKeys.account) else { return nil }
            guard let email = context.string(account["email"], at: account.path("email")) else {
                if account["email"] == nil { context.fail(account.path("email"), "missing: an account has an email") }
                return nil
            }
            let journey = decodeJourney(account["journey"], at: account.path("journey"), context: context) ?? .fresh
            return .init(email: email, journey: journey)
        }
    }

    static let journeyPresets: [(String, Journey)] = [
        ("fresh", .fresh), ("intake-complete", Journey(intakeComplete: true)),
        ("goals-complete", Journey(intakeComplete: true, goalsComplete: true, programStatus: .draft)),
        ("complete", .complete),
    ]
    /// The program statuses a scenario names (an account's journey, `expect.backend`).
    static let programStatuses = ProgramStatus.inOrder.map { ($0.rawValue, $0) }
    /// The phases a scenario names (a cached step, a policy's `until`, `expect.backend.progress`).
    static let phases = OnboardingPhase.inOrder.map { ($0.rawValue, $0) }

    static func decodeJourney(_ value: JSONValue?, at path: String, context: DecodingContext) -> Journey? {
        guard let value else { return nil }
        if case .string = value { return context.choice(value, at: path, from: journeyPresets, what: "journey") }
        guard let fields = context.object(value, at: path, keys: FixPlanKeys.journey) else { return nil }
        return Journey(intakeComplete: context.bool(fields["intake"], at: fields.path("intake")) ?? false,
                       goalsComplete: context.bool(fields["goals"], at: fields.path("goals")) ?? false,
                       programStatus: context.choice(fields["program"], at: fields.path("program"), from: programStatuses,
                                                     what: "program status") ?? .none)
    }

    /// The `device` section as a scenario file writes it (`shrink`): only what differs from a new phone.
    static func device(_ scenario: Scenario) -> JSONValue? {
        let world = scenario.world, defaults = DeviceSettings()
        let cache = world.cache.map { seed -> JSONValue in
            var entry: [(key: String, value: JSONValue)] = [("user", seed.email.map(JSONValue.string) ?? .null)]
            guard let cache = seed.cache else { return .object(entry + [("corrupted", .bool(true))]) }
            entry.append(("phase", .string(cache.phase.rawValue)))
            if let pending = cache.pendingEmail { entry.append(("pendingEmail", .string(pending))) }
            if cache.startedSent { entry.append(("startedSent", .bool(true))) }
            if cache.returningLogin { entry.append(("returningLogin", .bool(true))) }
            return .object(entry)
        }
        return ScenarioEncoder.object([
            ("session", world.sessionEmail.map(JSONValue.string)),
            ("cache", cache.isEmpty ? nil : .array(cache)),
            ("reduceMotion", world.settings.reduceMotion ? .bool(true) : nil),
            ("grantsNotifications", world.settings.grantsNotifications ? nil : .bool(false)),
            ("sessionRestoreTime", world.settings.sessionRestoreTime == defaults.sessionRestoreTime
                ? nil : ScenarioEncoder.duration(world.settings.sessionRestoreTime)),
            ("online", scenario.startsOffline ? .bool(false) : nil),
        ])
    }

    /// The `backend` section as a scenario file writes it.
    static func backend(_ backend: BackendConfiguration) -> JSONValue? {
        let accounts = backend.accounts.map { account -> JSONValue in
            let journey = account.journey
            return .object([("email", .string(account.email)),
                            ("journey", .object([("intake", .bool(journey.intakeComplete)),
                                                 ("goals", .bool(journey.goalsComplete)),
                                                 ("program", .string(journey.programStatus.rawValue))]))])
        }
        return ScenarioEncoder.object([
            ("strictCreateUser", backend.strictCreateUser ? .bool(true) : nil),
            ("progressWrites", backend.progressWrites == .keepMaximum ? nil : .string(backend.progressWrites.rawValue)),
            ("goalGenerationTime", backend.goalGenerationTime == .seconds(2) ? nil : ScenarioEncoder.duration(backend.goalGenerationTime)),
            ("accounts", accounts.isEmpty ? nil : .array(accounts)),
        ])
    }
}
