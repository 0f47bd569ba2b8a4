import SimKernel
import AppVocabulary
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
        context.app = context.choice(top["app"], at: "$.app", from: AppRegistry.apps.map { ($0.rawValue, $0) }, what: "app") ?? AppRegistry.defaultApp
        scenario.app = context.app
        scenario.summary = context.string(top["summary"], at: "$.summary") ?? ""
        scenario.guards = decodeGuards(top["guards"], context: context)
        if case .string(let text)? = top["seed"] {
            // A branch's run id (`explore --branching`, `shrink` of a branch): the seed and where
            // its run drew afresh.
            if let id = RunID(text), !id.branches.isEmpty {
                scenario.seed = id.seed
                scenario.branches = id.branches
            } else {
                context.fail("$.seed", "expected a whole number, or a branch's run id as explore --branching prints it "
                             + "(SEED@Tms=S…, its instants growing), found \"\(text)\"", suggestion: "\"seed\": 7 or \"seed\": \"7@4030ms=77\"")
            }
        } else {
            scenario.seed = context.seed(top["seed"], at: "$.seed") ?? 1
        }
        scenario.strategy = context.choice(top["strategy"], at: "$.strategy",
                                           from: SchedulingStrategy.allCases.map { ($0.rawValue, $0) },
                                           what: "strategy") ?? .fifo
        scenario.mutants = MutantSet(decodeMutants(top["mutants"], at: "$.mutants", context: context))
        if let plugin = AppRegistry.plugin(for: context.app) {
            let setup = AppSetup(device: top["device"], backend: top["backend"])
            let problems = plugin.decodeSetup(setup, into: &scenario)
            for problem in problems {
                context.fail(problem.path, problem.message, suggestion: problem.suggestion)
            }
            // `device.phone` is judged for every app, also one whose plug-in decodes its own
            // setup (the default `decodeSetup` judges it; a plug-in's own may not know the key).
            if !problems.contains(where: { $0.path.hasPrefix("$.device.phone") }) {
                setup.phoneProblems(for: plugin, context: context)
            }
        } else if top["app"] == nil {
            // A file that names no app is the default app's, and this tool registered none.
            let problem = AppRegistry.unregistered(context.app, file: file)
            context.fail("$.app", problem.message, suggestion: problem.suggestion)
        }
        decodeNetwork(top["network"], into: &scenario, context: context)
        scenario.faults = FaultDecoding.decodeFaults(top["faults"], latency: scenario.faults.latencyMs, context: context)
        scenario.steps = StepDecoding.decodeSteps(top["steps"], context: context)
        if top["steps"] == nil { context.fail("$.steps", "missing: a scenario needs steps", suggestion: "start with [{\"launch\": true}]") }
        ExpectDecoding.decodeExpect(top["expect"], into: &scenario, context: context)
        scenario.settleAfterSteps = context.duration(top["settle"], at: "$.settle") ?? scenario.settleAfterSteps
        if let limits = context.object(top["limits"], at: "$.limits", keys: ScenarioKeys.limits) {
            scenario.maxVirtualTime = context.duration(limits["virtualTime"], at: limits.path("virtualTime")) ?? scenario.maxVirtualTime
        }
        scenario.choices = decodeChoices(top["choices"], context: context)
        crossCheck(scenario, context: context)
        scenario.notes = context.notes
        return scenario
    }

    /// `"choices"`: each stream's draws as `replay -o` wrote them (`ChoiceSequence`), an object of
    /// stream names, each a string of hexadecimal values separated by spaces.
    private static func decodeChoices(_ value: JSONValue?, context: DecodingContext) -> ChoiceSequence? {
        guard let value else { return nil }
        guard case .object(let members) = value else {
            context.fail("$.choices", "expected an object of streams, each a string of draws, found \(value.kindName)",
                         suggestion: "\"choices\": {\"network\": \"1f 9c04e2d17a3b5e60\"}, as replay -o writes it")
            return nil
        }
        var streams: [ChoiceSequence.Stream] = []
        for (name, member) in members {
            let path = "$.choices.\(name)"
            guard ChoiceSequence.isStreamName(name) else {
                context.fail(path, "a stream's name is lowercase letters, digits and hyphens (network, user, scheduler), found \"\(name)\"")
                continue
            }
            guard let text = context.string(member, at: path) else { continue }
            switch ChoiceSequence.draws(fromText: text) {
            case .success(let draws):
                streams.append(ChoiceSequence.Stream(name: name, draws: draws))
            case .failure(let bad):
                context.fail(path, "draw \(bad.position) (counting from 1) is \"\(bad.text)\", not 1 to 16 hexadecimal digits",
                             suggestion: "each draw is a 64-bit value in hexadecimal (\"0\", \"1f\", \"9c04e2d17a3b5e60\"), separated by spaces or line breaks")
            }
        }
        return ChoiceSequence(streams: streams)
    }

    /// The catalogue ids of `app`'s bugs.
    static func catalogueIDs(for app: AppID) -> [String] { AppRegistry.catalogue(of: app).map(\.mutant.rawValue) }

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

    private static func decodeNetwork(_ value: JSONValue?, into scenario: inout Scenario, context: DecodingContext) {
        guard let network = context.object(value, at: "$.network", keys: ScenarioKeys.network) else { return }
        if let latency = context.object(network["latency"], at: network.path("latency"), keys: ScenarioKeys.latency) {
            let current = scenario.faults.latencyMs
            let low = context.duration(latency["min"], at: latency.path("min"))?.totalMilliseconds ?? current.lowerBound
            let high = context.duration(latency["max"], at: latency.path("max"))?.totalMilliseconds ?? max(low, current.upperBound)
            if low > high {
                context.fail(latency.path("min"), "the minimum latency \(low)ms is above the maximum \(high)ms")
            } else {
                scenario.faults.latencyMs = low...high
            }
        }
        if let timeouts = context.object(network["timeouts"], at: network.path("timeouts"), keys: ScenarioKeys.timeouts(for: context.app)) {
            scenario.requestTimeout = context.duration(timeouts["request"], at: timeouts.path("request")) ?? scenario.requestTimeout
            // The app's own timeouts (`AppPlugin.timeouts`), in the order it lists them.
            for timeout in AppRegistry.plugin(for: context.app)?.timeouts ?? [] {
                if let duration = context.duration(timeouts[timeout.name], at: timeouts.path(timeout.name)) {
                    scenario.appTimeouts[timeout.name] = duration
                }
            }
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
