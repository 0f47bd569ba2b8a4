import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// Decodes and validates a scenario file. Strict: unknown keys and values are errors with a
/// did-you-mean, every error names its JSON path, and all errors of a file are reported at once.
///
/// ```swift
/// switch ScenarioDecoder.decode(text, file: "scenarios/fix-plan/fix-1.json") {
/// case .success(let scenario): print(scenario.name)
/// case .failure(let problems): problems.errors.forEach { print($0) }
/// }
/// ```
public enum ScenarioDecoder {
    public static let formatVersion: Int64 = 1

    public static func decode(_ text: String, file: String) -> Result<Scenario, ScenarioProblems> {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            return .failure(ScenarioProblems([ScenarioError(file: file, location: "line \(error.line), column \(error.column)",
                                                            message: "not valid JSON: \(error.message)")]))
        }
        let context = DecodingContext(file: file)
        let scenario = decodeScenario(root, file: file, context: context)
        if let scenario, context.errors.isEmpty { return .success(scenario) }
        return .failure(ScenarioProblems(context.errors))
    }

    static func decodeScenario(_ root: JSONValue, file: String, context: DecodingContext) -> Scenario? {
        guard let top = context.object(root, at: "$", keys: ScenarioKeys.top) else { return nil }
        let format = context.integer(top["format"], at: "$.format", in: 1...1)
        if top["format"] == nil {
            context.fail("$.format", "missing: every scenario names its format version", suggestion: "add \"format\": 1")
        }
        let name = context.string(top["name"], at: "$.name")
        if top["name"] == nil { context.fail("$.name", "missing: every scenario has a name") }
        var scenario = Scenario(file: file, name: name ?? "", steps: [])
        scenario.format = Int(format ?? formatVersion)
        context.app = context.choice(top["app"], at: "$.app", from: AppRegistry.apps.map { ($0.rawValue, $0) }, what: "app") ?? .fixPlan
        scenario.app = context.app
        scenario.summary = context.string(top["summary"], at: "$.summary") ?? ""
        scenario.guards = decodeGuards(top["guards"], context: context)
        scenario.seed = context.seed(top["seed"], at: "$.seed") ?? 1
        scenario.strategy = context.choice(top["strategy"], at: "$.strategy",
                                           from: SchedulingStrategy.allCases.map { ($0.rawValue, $0) },
                                           what: "strategy") ?? .fifo
        scenario.world.mutants = MutantSet(decodeMutants(top["mutants"], at: "$.mutants", context: context))
        if let plugin = AppRegistry.plugin(for: context.app) {
            scenario.setup = AppSetup(device: top["device"], backend: top["backend"])
            decodeSetup(scenario.setup, of: plugin, into: &scenario, context: context)
        } else if context.app == .pickup {
            PickupDecoding.decodeDevice(top["device"], into: &scenario, context: context)
            PickupDecoding.decodeBackend(top["backend"], into: &scenario.pickup, context: context)
        } else {
            decodeDevice(top["device"], into: &scenario, context: context)
            decodeBackend(top["backend"], into: &scenario.world.backend, context: context)
        }
        decodeNetwork(top["network"], into: &scenario.world, context: context)
        scenario.world.faults = FaultDecoding.decodeFaults(top["faults"], latency: scenario.world.faults.latencyMs,
                                                           context: context)
        scenario.steps = StepDecoding.decodeSteps(top["steps"], context: context)
        if top["steps"] == nil { context.fail("$.steps", "missing: a scenario needs steps", suggestion: "start with [{\"launch\": true}]") }
        ExpectDecoding.decodeExpect(top["expect"], into: &scenario, context: context)
        scenario.settleAfterSteps = context.duration(top["settle"], at: "$.settle") ?? scenario.settleAfterSteps
        if let limits = context.object(top["limits"], at: "$.limits", keys: ScenarioKeys.limits) {
            scenario.maxVirtualTime = context.duration(limits["virtualTime"], at: limits.path("virtualTime")) ?? scenario.maxVirtualTime
        }
        crossCheck(scenario, context: context)
        return scenario
    }

    /// The catalogue ids of `app`'s bugs.
    static func catalogueIDs(for app: AppID) -> [String] { AppRegistry.catalogue(of: app).map(\.mutant.rawValue) }

    /// A plug-in app's `device` and `backend`: its own to check; `device.online` is the shared key
    /// every app's phone has.
    private static func decodeSetup(_ setup: AppSetup, of plugin: any AppPlugin, into scenario: inout Scenario,
                                    context: DecodingContext) {
        if case .object(let members)? = setup.device, let online = members.first(where: { $0.key == "online" }) {
            scenario.startsOffline = !(context.bool(online.value, at: "$.device.online") ?? true)
        }
        for problem in plugin.checkSetup(setup) {
            context.fail(problem.path, problem.message, suggestion: problem.suggestion)
        }
    }

    private static func decodeGuards(_ value: JSONValue?, context: DecodingContext) -> [String] {
        guard let elements = context.array(value, at: "$.guards") else { return [] }
        let ids = catalogueIDs(for: context.app)
        return elements.enumerated().compactMap { index, element in
            context.choice(element, at: "$.guards[\(index)]", from: ids.map { ($0, $0) }, what: context.noun("catalogue id"))
        }
    }

    static func decodeMutants(_ value: JSONValue?, at path: String, context: DecodingContext) -> [Mutant] {
        guard let elements = context.array(value, at: path) else { return [] }
        let mutants = AppRegistry.catalogue(of: context.app).map(\.mutant)
        return elements.enumerated().compactMap { index, element in
            context.choice(element, at: "\(path)[\(index)]", from: mutants.map { ($0.rawValue, $0) }, what: context.noun("mutant"))
        }
    }

    static let phases = OnboardingPhase.allCases.map { ($0.rawValue, $0) }

    private static func decodeDevice(_ value: JSONValue?, into scenario: inout Scenario, context: DecodingContext) {
        guard let device = context.object(value, at: "$.device", keys: ScenarioKeys.device) else { return }
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
        guard let entry = context.object(value, at: path, keys: ScenarioKeys.cacheEntry) else { return nil }
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

    private static func decodeBackend(_ value: JSONValue?, into backend: inout BackendConfiguration, context: DecodingContext) {
        guard let fields = context.object(value, at: "$.backend", keys: ScenarioKeys.backend) else { return }
        backend.strictCreateUser = context.bool(fields["strictCreateUser"], at: fields.path("strictCreateUser")) ?? false
        backend.progressWrites = context.choice(fields["progressWrites"], at: fields.path("progressWrites"),
                                                from: BackendConfiguration.ProgressWrites.allCases.map { ($0.rawValue, $0) },
                                                what: "progress write rule") ?? .keepMaximum
        backend.goalGenerationTime = context.duration(fields["goalGenerationTime"], at: fields.path("goalGenerationTime"))
            ?? backend.goalGenerationTime
        guard let accounts = context.array(fields["accounts"], at: fields.path("accounts")) else { return }
        backend.accounts = accounts.enumerated().compactMap { index, value in
            let path = fields.path("accounts") + "[\(index)]"
            guard let account = context.object(value, at: path, keys: ScenarioKeys.account) else { return nil }
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
    static let programStatuses: [(String, ProgramStatus)] = [("none", .none), ("draft", .draft), ("approved", .approved), ("active", .active)]

    static func decodeJourney(_ value: JSONValue?, at path: String, context: DecodingContext) -> Journey? {
        guard let value else { return nil }
        if case .string = value { return context.choice(value, at: path, from: journeyPresets, what: "journey") }
        guard let fields = context.object(value, at: path, keys: ScenarioKeys.journey) else { return nil }
        return Journey(intakeComplete: context.bool(fields["intake"], at: fields.path("intake")) ?? false,
                       goalsComplete: context.bool(fields["goals"], at: fields.path("goals")) ?? false,
                       programStatus: context.choice(fields["program"], at: fields.path("program"), from: programStatuses,
                                                     what: "program status") ?? .none)
    }

    private static func decodeNetwork(_ value: JSONValue?, into world: inout WorldConfiguration, context: DecodingContext) {
        guard let network = context.object(value, at: "$.network", keys: ScenarioKeys.network) else { return }
        if let latency = context.object(network["latency"], at: network.path("latency"), keys: ScenarioKeys.latency) {
            let low = context.duration(latency["min"], at: latency.path("min"))?.totalMilliseconds ?? world.faults.latencyMs.lowerBound
            let high = context.duration(latency["max"], at: latency.path("max"))?.totalMilliseconds ?? max(low, world.faults.latencyMs.upperBound)
            if low > high {
                context.fail(latency.path("min"), "the minimum latency \(low)ms is above the maximum \(high)ms")
            } else {
                world.faults.latencyMs = low...high
            }
        }
        if let timeouts = context.object(network["timeouts"], at: network.path("timeouts"), keys: ScenarioKeys.timeouts(for: context.app)) {
            world.timeouts.request = context.duration(timeouts["request"], at: timeouts.path("request")) ?? world.timeouts.request
            world.timeouts.launchCheck = context.duration(timeouts["launchCheck"], at: timeouts.path("launchCheck"))
                ?? world.timeouts.launchCheck
            world.timeouts.goalGeneration = context.duration(timeouts["goalGeneration"], at: timeouts.path("goalGeneration"))
                ?? world.timeouts.goalGeneration
        }
    }

    /// Checks that need more than one key or the whole scenario (sessions and cache users must be
    /// accounts, limits must be positive): the same checks the runner makes of a scenario built in
    /// code. A place the decoder already reported is not reported twice.
    private static func crossCheck(_ scenario: Scenario, context: DecodingContext) {
        let reported = context.reportedLocations
        for problem in scenario.problems where !reported.contains(problem.location) {
            context.fail(problem.location, problem.message, suggestion: problem.suggestion)
        }
    }
}
