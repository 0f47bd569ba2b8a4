import SimKernel
import AppVocabulary
import Oracles

/// Writes a scenario as a scenario file: pretty JSON in a fixed key order, with defaults left
/// out, that `ScenarioDecoder` reads back to the same scenario.
public enum ScenarioEncoder {
    public static func encode(_ scenario: Scenario) -> String {
        var top: [(String, JSONValue)] = [("format", .number("1"))]
        if scenario.app != AppRegistry.defaultApp { top.append(("app", .string(scenario.app.rawValue))) }
        top.append(("name", .string(scenario.name)))
        if !scenario.summary.isEmpty { top.append(("summary", .string(scenario.summary))) }
        if !scenario.guards.isEmpty { top.append(("guards", .array(scenario.guards.map(JSONValue.string)))) }
        top.append(("seed", scenario.branches.isEmpty ? .number(String(scenario.seed))
                                : .string(RunID(seed: scenario.seed, branches: scenario.branches).description)))
        if scenario.strategy != .fifo { top.append(("strategy", .string(scenario.strategy.rawValue))) }
        if !scenario.mutants.members.isEmpty {
            top.append(("mutants", .array(scenario.mutants.members.map { .string($0.rawValue) })))
        }
        let setup = AppRegistry.plugin(for: scenario.app)?.encodeSetup(of: scenario) ?? scenario.setup
        if let device = setup.device { top.append(("device", device)) }
        if let backend = setup.backend { top.append(("backend", backend)) }
        if let network = network(scenario) { top.append(("network", network)) }
        let faults = self.faults(scenario.faults)
        if !faults.isEmpty { top.append(("faults", .array(faults))) }
        top.append(("steps", .array(scenario.steps.map { step($0, app: scenario.app) })))
        if let expect = expect(scenario) { top.append(("expect", expect)) }
        if scenario.settleAfterSteps != .seconds(60) { top.append(("settle", duration(scenario.settleAfterSteps))) }
        if scenario.maxVirtualTime != .seconds(4 * 3600) {
            top.append(("limits", .object([("virtualTime", duration(scenario.maxVirtualTime))])))
        }
        if let choices = scenario.choices {
            top.append(("choices", .object(choices.streams.map { (key: $0.name, value: .string(ChoiceSequence.text(of: $0.draws))) })))
        }
        return JSONPrinter.pretty(.object(top.map { (key: $0.0, value: $0.1) })) + "\n"
    }

    /// A duration in the largest unit that writes it exactly (what the decoders read back).
    public static func duration(_ value: Duration) -> JSONValue {
        let nanoseconds = value.totalNanoseconds
        for (unit, size) in [("h", Int64(3_600_000_000_000)), ("m", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000)]
        where nanoseconds % size == 0 && nanoseconds >= size {
            return .string("\(nanoseconds / size)\(unit)")
        }
        if nanoseconds == 0 { return .string("0ms") }
        // Milliseconds with the nanoseconds as up to six decimals, written out (a Double would
        // print one nanosecond as "1e-06ms", which no decoder takes).
        var fraction = String(nanoseconds % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return .string("\(nanoseconds / 1_000_000).\(fraction)ms")
    }

    /// An object of the members that are present (nil when none is): a section with its
    /// defaults left out.
    public static func object(_ members: [(String, JSONValue?)]) -> JSONValue? {
        let present = members.compactMap { key, value in value.map { (key: key, value: $0) } }
        return present.isEmpty ? nil : .object(present)
    }

    private static func network(_ scenario: Scenario) -> JSONValue? {
        let latency = scenario.faults.latencyMs
        let latencyValue: JSONValue? = latency == 20...120 ? nil : .object([
            ("min", duration(.milliseconds(latency.lowerBound))), ("max", duration(.milliseconds(latency.upperBound)))])
        let request = scenario.requestTimeout
        // The app's own timeouts in the order its plug-in lists them, each where it is not the default.
        let own = (AppRegistry.plugin(for: scenario.app)?.timeouts ?? []).map { timeout -> (String, JSONValue?) in
            let value = scenario.appTimeouts[timeout.name] ?? timeout.defaultDuration
            return (timeout.name, value == timeout.defaultDuration ? nil : duration(value))
        }
        let timeouts = object([("request", request == Scenario.defaultRequestTimeout ? nil : duration(request))] + own)
        return object([("latency", latencyValue), ("timeouts", timeouts)])
    }

    private static func faults(_ plan: FaultPlan) -> [JSONValue] {
        let windows = plan.offlineWindows.map { window -> JSONValue in
            .object([("kind", .string("offline")), ("at", duration(window.start)), ("for", duration(window.duration))])
        }
        let rules = plan.rules.map { rule -> JSONValue in
            var members: [(key: String, value: JSONValue)] = []
            switch rule.kind {
            case .drop: members.append(("kind", .string("drop")))
            case .timeout: members.append(("kind", .string("timeout")))
            case .error(let status): members += [("kind", .string("error")), ("status", .number(String(status)))]
            case .delay(let by): members += [("kind", .string("delay")), ("by", duration(by))]
            case .goesOffline(let length): members += [("kind", .string("goesOffline")), ("for", duration(length))]
            }
            if let endpoint = rule.endpoint { members.append(("endpoint", .string(endpoint.rawValue))) }
            let trigger = rule.trigger
            if trigger.count == 1 {
                members.append(("nth", .number(String(trigger.fromCall))))
            } else {
                if trigger.fromCall != 1 { members.append(("from", .number(String(trigger.fromCall)))) }
                if let count = trigger.count { members.append(("count", .number(String(count)))) }
            }
            if trigger.probability != .always { members.append(("probability", .number(String(trigger.probability.value)))) }
            return .object(members)
        }
        let losses = plan.accountLosses.map { loss -> JSONValue in
            let when: [(String, JSONValue)]
            if let answer = loss.afterAnswer, let endpoint = loss.answerOf {
                when = [("endpoint", .string(endpoint.rawValue)), ("afterAnswer", .number(String(answer)))]
            } else {
                when = [loss.afterFailure.map { ("afterFailure", JSONValue.number(String($0))) } ?? ("at", duration(loss.at))]
            }
            return .object([("kind", .string(loss.kind.rawValue))] + when + (loss.email.map { [("email", JSONValue.string($0))] } ?? []))
        }
        let sheets = plan.credentialSheet.enumerated().compactMap { attempt, outcome -> JSONValue? in
            outcome == .approve ? nil : .object([("kind", .string(outcome == .cancel ? "appleSheetCancelled" : "appleSheetFails")),
                                                 ("nth", .number(String(attempt + 1)))])
        }
        return windows + rules + losses + sheets
    }

    private static func step(_ step: ScenarioStep, app: AppID) -> JSONValue {
        switch step {
        case .launch: .object([("launch", .bool(true))])
        case .kill: .object([("kill", .bool(true))])
        case .background: .object([("background", .bool(true))])
        case .foreground: .object([("foreground", .bool(true))])
        case .reinstall: .object([("reinstall", .bool(true))])
        case .goOffline: .object([("goOffline", .bool(true))])
        case .goOnline: .object([("goOnline", .bool(true))])
        case .wait(let length): .object([("wait", duration(length))])
        case .untilIdle(let max): .object([("untilIdle", duration(max))])
        case .action(let action, let input, let mayBeRefused):
            .object([("action", .string(action.rawValue))] + (input.map { [("input", JSONValue.string($0))] } ?? [])
                + (mayBeRefused ? [("mayBeRefused", JSONValue.bool(true))] : []))
        case .app(let own): .object([(own.kind, own.value)])
        case .freeUser(let user):
            .object([("freeUser", .object([("email", .string(user.email))]
                + (user.returning ? [("returning", JSONValue.bool(true))] : [])
                + [("otherEmail", JSONValue.string(user.otherEmail))]
                + (user.emphasis.map { [("emphasis", JSONValue.string($0.description))] } ?? [])
                + (user.onlyForward ? [("onlyForward", JSONValue.bool(true))] : [])))])
        case .expect(let expected): .object([("expect", expectations(expected, app: app) ?? .object([]))])
        }
    }

    private static func expect(_ scenario: Scenario) -> JSONValue? {
        let expected = scenario.expectations, settings = scenario.settings, defaults = OracleSettings()
        let budgets = settings.budgets
        var members: [(String, JSONValue?)] = [("oracles", expected.oracles.map { .array($0.map(JSONValue.string)) })]
        if case .object(let shared)? = expectations(expected, app: scenario.app) { members += shared.map { ($0.key, Optional($0.value)) } }
        members += [
            ("userReachesMain", expected.userReachesMain.map(JSONValue.bool)),
            ("budgets", object(TimingMetric.run.map { metric in (metric, budgets[limitOf: metric].map { .number(String($0)) }) }
                               + budgets.screenWaitMs.map { (TimingMetric.screenWait($0.screen), JSONValue?.some(.number(String($0.ms)))) })),
            ("patience", settings.patience == defaults.patience ? nil : duration(settings.patience)),
            ("flashWindow", settings.flashWindow == defaults.flashWindow ? nil : duration(settings.flashWindow)),
            ("settle", settings.settle == defaults.settle ? nil : duration(settings.settle)),
        ]
        return object(members)
    }

    /// The keys an `expect` step shares with `$.expect`.
    private static func expectations(_ expected: Expectations, app: AppID) -> JSONValue? {
        func counts<Name>(_ counts: [ExpectedCount<Name>], _ name: (Name) -> String) -> JSONValue? {
            counts.isEmpty ? nil : .object(counts.map { (key: name($0.name), value: .number(String($0.count))) })
        }
        return object([
            ("finalRoute", expected.finalRoute.map { route($0, app: app) }),
            ("finalError", expected.finalError.map { $0.map(JSONValue.string) ?? .null }),
            ("errorShown", expected.errorShown.map(JSONValue.bool)),
            ("emailField", expected.emailField.map(JSONValue.string)),
            ("resumeGate", expected.resumeGate.map(JSONValue.bool)),
            ("actionsInclude", expected.actionsInclude.isEmpty ? nil : .array(expected.actionsInclude.map { .string($0.rawValue) })),
            ("actionsExclude", expected.actionsExclude.isEmpty ? nil : .array(expected.actionsExclude.map { .string($0.rawValue) })),
            ("backend", expected.backend.flatMap { backend in
                let flags = (AppRegistry.plugin(for: app)?.backendFacts ?? []).filter { $0.values == nil }.map(\.key)
                return object([("email", backend.email.map(JSONValue.string))] + backend.facts.map { fact -> (String, JSONValue?) in
                    (fact.key, flags.contains(fact.key) ? JSONValue.bool(fact.value == "true") : .string(fact.value))
                })
            }),
            ("requests", counts(expected.requests, \.rawValue)),
            ("neverShown", expected.neverShown.isEmpty ? nil : .array(expected.neverShown.map { route($0, app: app) })),
            ("offlineBanner", expected.offlineBanner.map(JSONValue.bool)),
            ("analytics", counts(expected.analytics) { $0 }),
        ])
    }

    private static func route(_ route: Route?, app: AppID) -> JSONValue {
        switch route {
        case nil: .string("none")
        case let other?:
            // The decoder's names for another app's routes, so the two cannot drift apart.
            .string(ExpectDecoding.routeNames(for: app).first { $0.1 == other }?.0 ?? other.description)
        }
    }
}
