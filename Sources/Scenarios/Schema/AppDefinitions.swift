import AppVocabulary
import Oracles

/// One app's definitions in its scenario schema (`ScenarioSchema`): every app's objects with the
/// app's own lists, then its own sections (`AppPlugin.scenarioSchema`). Each list is the one the
/// decoder reads (`ScenarioKeys`, `AppRegistry`), so the schema cannot accept what the tool
/// refuses or refuse what it accepts.
struct AppDefinitions {
    let app: AppID
    /// What each reference to one of the app's definitions is prefixed with (`pickup.`).
    let prefix: String
    let plugin: (any AppPlugin)?
    let own: AppSchema

    init(app: AppID, prefix: String) {
        self.app = app
        self.prefix = prefix
        plugin = AppRegistry.plugin(for: app)
        own = plugin?.scenarioSchema ?? AppSchema()
    }

    /// The definitions by name, unprefixed; references among them prefixed.
    var all: [(String, JSONValue)] {
        var core: [(String, JSONValue)] = [
            ("scenario", scenario), ("device", own.device(withPhone: plugin.map(AppRegistry.takesPhoneContents) ?? false)), ("backend", own.backend), ("network", network),
            ("timeouts", timeouts), ("fault", fault), ("step", step), ("stepExpect", stepExpect), ("expect", expect),
            ("budgets", budgets),
        ]
        if let backendExpect { core.append(("backendExpect", backendExpect)) }
        let taken = Set(core.map(\.0) + ScenarioSchema.shared.map(\.key))
        let definitions = core + own.definitions.filter { !taken.contains($0.name) }.map { ($0.name, $0.schema) }
        let names = Set(definitions.map(\.0))
        return definitions.map { ($0.0, prefixed($0.1, names: names)) }
    }

    /// `value` with each reference to one of `names` prefixed.
    private func prefixed(_ value: JSONValue, names: Set<String>) -> JSONValue {
        guard !prefix.isEmpty else { return value }
        switch value {
        case .object(let members):
            return .object(members.map { member in
                if member.key == "$ref", case .string(let target) = member.value, target.hasPrefix(SchemaValue.definitionsPrefix),
                   names.contains(String(target.dropFirst(SchemaValue.definitionsPrefix.count))) {
                    return (key: member.key, value: .string(SchemaValue.definitionsPrefix + prefix + target.dropFirst(SchemaValue.definitionsPrefix.count)))
                }
                return (key: member.key, value: prefixed(member.value, names: names))
            })
        case .array(let elements): return .array(elements.map { prefixed($0, names: names) })
        default: return value
        }
    }

    private var catalogueIDs: [String] { AppRegistry.catalogue(of: app).map(\.mutant.rawValue) }
    private var actions: [String] { AppRegistry.actions(of: app).map(\.rawValue) }
    private var endpoints: [String] { AppRegistry.endpoints(of: app).map(\.rawValue) }
    private var routes: [String] { ExpectDecoding.routeNames(for: app).map(\.0) }

    private var scenario: JSONValue {
        var required = ["format", "name", "steps"]
        if app != AppRegistry.defaultApp { required.append("app") }
        return SchemaValue.object([
            ("format", .object([("const", .number("1")), ("description", .string("Format version; always 1."))])),
            ("app", .object([("const", .string(app.rawValue)),
                             ("description", .string("The app the scenario runs" + (app == AppRegistry.defaultApp ? " (the default)." : ".")))])),
            ("name", SchemaValue.string("A name a person reads.")),
            ("summary", SchemaValue.string("What the scenario shows, citing the seed.")),
            ("guards", SchemaValue.array(of: SchemaValue.oneOf(catalogueIDs), "Catalogue ids this scenario guards (regress).")),
            ("seed", .object([("oneOf", .array([
                                  .object([("type", .string("integer")), ("minimum", .number("0")), ("maximum", .number(String(UInt64.max)))]),
                                  .object([("type", .string("string")), ("pattern", .string("^[0-9]+(@[0-9]+ms(:[a-z0-9-]+(\\*[0-9]+)?)?=[0-9]+)+$"))])])),
                              ("description", .string("Master seed (default 1), or a branch's run id as explore --branching prints it "
                                                      + "(\"7@4030ms=77\": seed 7's run up to 4.03 s, then drawn from seed 77; "
                                                      + "\"7@4030ms:user=77\": the user's draws alone)."))])),
            ("strategy", SchemaValue.oneOf(["fifo", "seeded"], "Order of timers due at the same instant (default fifo).")),
            ("mutants", SchemaValue.array(of: SchemaValue.oneOf(catalogueIDs), "Bugs switched on for this scenario (default none).")),
            ("device", SchemaValue.ref("device", "The phone at the start.")),
            ("backend", SchemaValue.ref("backend", "The server at the start.")),
            ("network", SchemaValue.ref("network")),
            ("faults", SchemaValue.array(of: SchemaValue.ref("fault"), "What goes wrong, and when.")),
            ("steps", .object([("type", .string("array")), ("minItems", .number("1")), ("items", SchemaValue.ref("step"))])),
            ("expect", SchemaValue.ref("expect")),
            ("settle", SchemaValue.duration("How long the run goes on after the last step (default \"1m\").")),
            ("limits", SchemaValue.ref("limits")),
            ("choices", .object([
                ("type", .string("object")),
                ("propertyNames", .object([("pattern", .string("^[a-z0-9-]+$"))])),
                ("additionalProperties", .object([("type", .string("string")), ("pattern", .string("^\\s*([0-9a-fA-F]{1,16}(\\s+|$))*$"))])),
                ("description", .string("Every draw of the run, stream by stream, as replay -o writes them: each stream takes its values "
                                        + "from here instead of from the seed until they run out (hexadecimal, separated by spaces or line breaks)."))])),
        ], required: required)
    }

    private var network: JSONValue {
        SchemaValue.object([("latency", SchemaValue.ref("latency")), ("timeouts", SchemaValue.ref("timeouts"))])
    }

    private var timeouts: JSONValue {
        SchemaValue.object(ScenarioKeys.timeouts(for: app).map { ($0, SchemaValue.duration(positive: true)) })
    }

    // MARK: faults

    private var fault: JSONValue {
        let kinds = ScenarioKeys.faultKinds(for: app)
        let losses = kinds.filter { AccountLoss.Kind(rawValue: $0) != nil }
        let sheets = kinds.filter { ScenarioKeys.credentialSheetFaultKinds.contains($0) }
        let network = kinds.filter { ScenarioKeys.networkFaultKinds.contains($0) }
        var conditions: [JSONValue] = []
        func when(_ kinds: [String], _ then: [(String, JSONValue)]) {
            guard !kinds.isEmpty else { return }
            let kind: JSONValue = kinds.count == 1 ? .object([("const", .string(kinds[0]))]) : SchemaValue.oneOf(kinds)
            conditions.append(.object([("if", .object([("properties", .object([("kind", kind)])), ("required", SchemaValue.strings(["kind"]))])),
                                       ("then", .object(then.map { (key: $0.0, value: $0.1) }))]))
        }
        func refusing(_ keys: [String]) -> (String, JSONValue) { ("properties", .object(keys.map { (key: $0, value: .bool(false)) })) }
        func requiring(_ keys: [String]) -> (String, JSONValue) { ("required", SchemaValue.strings(keys)) }
        when(network.filter { $0 == "offline" }, [requiring(["at", "for"]),
             refusing(["endpoint", "nth", "from", "count", "probability", "status", "by", "email", "afterFailure", "afterAnswer"])])
        func branch(_ keys: [(String, JSONValue)]) -> JSONValue { .object(keys.map { (key: $0.0, value: $0.1) }) }
        when(losses, [refusing(["nth", "from", "count", "probability", "status", "by", "for"]),
                      ("oneOf", .array([branch([requiring(["at"]), refusing(["afterFailure", "afterAnswer", "endpoint"])]),
                                        branch([requiring(["afterFailure"]), refusing(["at", "afterAnswer", "endpoint"])]),
                                        branch([requiring(["afterAnswer", "endpoint"]), refusing(["at", "afterFailure"])])]))])
        when(sheets, [refusing(["endpoint", "probability", "status", "by", "at", "for", "email", "afterFailure", "afterAnswer"])])
        when(network.filter { $0 == "drop" || $0 == "timeout" }, [refusing(["status", "by", "at", "for", "email", "afterFailure", "afterAnswer"])])
        when(network.filter { $0 == "error" }, [requiring(["status"]), refusing(["by", "at", "for", "email", "afterFailure", "afterAnswer"])])
        when(network.filter { $0 == "delay" }, [requiring(["by"]), refusing(["status", "at", "for", "email", "afterFailure", "afterAnswer"])])
        when(network.filter { $0 == "goesOffline" }, [requiring(["for"]), refusing(["status", "by", "at", "email", "afterFailure", "afterAnswer"])])
        conditions.append(.object([("if", .object([("required", SchemaValue.strings(["nth"]))])),
                                   ("then", .object([refusing(["from", "count", "afterFailure"])].map { (key: $0.0, value: $0.1) }))]))
        let calls: ClosedRange<Int64> = 1...1_000_000
        return SchemaValue.object([
            ("kind", SchemaValue.oneOf(kinds)),
            ("endpoint", SchemaValue.oneOf(endpoints + ["any"], "Which endpoint's calls (default any); for an account loss with afterAnswer, whose answers it counts.")),
            ("nth", SchemaValue.integer(calls, "The n-th call only.")),
            ("from", SchemaValue.integer(calls, "From the n-th call on.")),
            ("count", SchemaValue.integer(calls, "For this many calls.")),
            ("probability", .object([("type", .string("number")), ("minimum", .number("0")), ("maximum", .number("1"))])),
            ("status", SchemaValue.integer(400...599, "error: the HTTP status.")),
            ("by", SchemaValue.duration("delay: by how much.")),
            ("at", SchemaValue.duration("offline and account losses: when.")),
            ("afterFailure", SchemaValue.integer(1...1_000, "Account losses: the loss lands as the app receives its n-th failed answer "
                                                  + "(an error status, a timeout, offline) instead of at a time; give at, afterFailure or afterAnswer.")),
            ("afterAnswer", SchemaValue.integer(1...1_000, "Account losses: the loss lands as the app receives the endpoint's n-th answer "
                                                 + "(ok or failed), before the request it leads to; with endpoint.")),
            ("for", SchemaValue.duration(positive: true, "offline and goesOffline: how long.")),
            ("email", SchemaValue.string("Account losses: whose account (default: every account that exists at that moment).")),
        ], required: ["kind"], extra: [("allOf", .array(conditions))])
    }

    // MARK: steps

    private var step: JSONValue {
        let kinds = ScenarioKeys.stepKinds(for: app)
        var properties: [(String, JSONValue)] = []
        for kind in kinds {
            switch kind {
            case _ where StepDecoding.simpleSteps.contains(where: { $0.0 == kind }): properties.append((kind, SchemaValue.writeTrue()))
            case "wait": properties.append((kind, SchemaValue.duration("Let this much virtual time pass.")))
            case "untilIdle":
                properties.append((kind, .object([("oneOf", .array([.object([("const", .bool(true))]), SchemaValue.duration()])),
                                                  ("description", .string("Wait until nothing is in flight and the screen is still for a second (true: at most 2m)."))])))
            case "action":
                properties.append((kind, SchemaValue.oneOf(actions, "The user taps or types this.")))
                properties.append(("input", SchemaValue.string("With an action that types: the text.")))
                properties.append(("mayBeRefused", SchemaValue.boolean("With an action: the screen may not offer it, and the run goes on without failing (step.refused).")))
            case "freeUser":
                properties.append((kind, SchemaValue.ref("freeUser", "The seeded free user drives: mostly forward, with the deviations its profile (drawn from the scenario's seed) allows.")))
            case "expect": properties.append((kind, SchemaValue.ref("stepExpect")))
            default: properties.append((kind, own.step(kind)))
            }
        }
        let roles = AppRegistry.roles(of: app)
        let typing = AppRegistry.actions(of: app).filter { if case .input = roles.role(of: $0) { true } else { false } }.map(\.rawValue)
        var extra: [(String, JSONValue)] = [
            ("oneOf", .array(kinds.map { .object([("required", SchemaValue.strings([$0]))]) })),
            ("dependentRequired", .object([("input", SchemaValue.strings(["action"])), ("mayBeRefused", SchemaValue.strings(["action"]))])),
        ]
        if !typing.isEmpty {
            extra.append(("if", .object([("properties", .object([("action", SchemaValue.oneOf(typing))])), ("required", SchemaValue.strings(["action"]))])))
            extra.append(("then", .object([("required", SchemaValue.strings(["input"]))])))
        }
        return SchemaValue.object(properties, extra: extra)
    }

    // MARK: expectations

    /// Each key an `expect` may hold, as the decoder reads it (`ExpectDecoding`).
    private func expectKey(_ key: String) -> JSONValue {
        switch key {
        case "finalRoute": SchemaValue.oneOf(routes, "The route on screen at the end (or at an expect step); none: the app is not running.")
        case "finalError": SchemaValue.nullableString("Text the error on screen contains; null: no error.")
        case "errorShown": SchemaValue.boolean("Whether any error was shown at any time.")
        case "emailField": SchemaValue.string("What the email field holds.")
        case "resumeGate": SchemaValue.boolean("Whether the resume choice is on screen.")
        case "actionsInclude", "actionsExclude": SchemaValue.array(of: SchemaValue.oneOf(actions))
        case "backend": SchemaValue.ref("backendExpect")
        case "requests":
            .object([("type", .string("object")),
                     ("description", .string("How many requests the app sent to each endpoint in the whole run (up to an expect step's moment).")),
                     ("propertyNames", SchemaValue.oneOf(endpoints)), ("additionalProperties", SchemaValue.integer(0...1_000_000))])
        case "neverShown": SchemaValue.array(of: SchemaValue.oneOf(routes.filter { $0 != "none" }), "Routes that must never be on screen.")
        case "offlineBanner": SchemaValue.boolean("Whether the offline banner shows on the final screen (or the screen at an expect step).")
        case "analytics":
            .object([("type", .string("object")),
                     ("description", .string("How many times the backend received each analytics event, all users together.")),
                     ("additionalProperties", SchemaValue.integer(0...1_000_000))])
        case "userReachesMain": SchemaValue.boolean("Whether the last user-policy step reached the main app.")
        case "oracles":
            .object([("oneOf", .array([.object([("const", .string("all"))]),
                                       SchemaValue.array(of: SchemaValue.oneOf(AppRegistry.oracles(for: app).map(\.name)))])),
                     ("description", .string("The oracles that judge the run: all (the default), or these."))])
        case "budgets": SchemaValue.ref("budgets")
        case "patience": SchemaValue.duration(positive: true, "How long a user waits before a wait counts as a dead end.")
        case "flashWindow": SchemaValue.duration(positive: true, "How short a screen's stay counts as a flash.")
        case "settle": SchemaValue.duration("How long after the last step the oracles still watch.")
        default: .bool(true)
        }
    }

    /// Keys that hold a list or counts: an expect step that names one checks something only when it is not empty.
    private static let collections = ["actionsInclude": "minItems", "actionsExclude": "minItems", "neverShown": "minItems",
                                      "requests": "minProperties", "analytics": "minProperties"]

    /// The checks the decoder refuses for this app, because its roles declare nothing they could
    /// see (`ExpectDecoding`): no offline banner, no resume gate, no action that types an email.
    private var undeclaredChecks: Set<String> {
        let roles = AppRegistry.roles(of: app)
        var keys: Set<String> = []
        if !roles.showsOfflineBanner { keys.insert("offlineBanner") }
        if !roles.showsResumeGate { keys.insert("resumeGate") }
        if roles.actions(where: { $0 == .input(.email) }).isEmpty { keys.insert("emailField") }
        return keys
    }

    private var stepExpect: JSONValue {
        let undeclared = undeclaredChecks
        let keys = ScenarioKeys.stepExpect(for: app).filter { !undeclared.contains($0) }
        let anyOf: [JSONValue] = keys.map { key in
            var members: [(key: String, value: JSONValue)] = [("required", SchemaValue.strings([key]))]
            if let minimum = Self.collections[key] {
                members.append(("properties", .object([(key, .object([(minimum, .number("1"))]))])))
            }
            return .object(members)
        }
        return SchemaValue.object(keys.map { ($0, expectKey($0)) },
                                  description: "An expect step: the keys of $.expect that judge one moment, checked at this point of the steps.",
                                  extra: [("anyOf", .array(anyOf))])
    }

    private var expect: JSONValue {
        let undeclared = undeclaredChecks
        return SchemaValue.object(ScenarioKeys.expect(for: app).filter { !undeclared.contains($0) }.map { ($0, expectKey($0)) })
    }

    private var backendExpect: JSONValue? {
        guard ScenarioKeys.stepExpect(for: app).contains("backend") || ScenarioKeys.expect(for: app).contains("backend") else { return nil }
        let facts = plugin?.backendFacts ?? []
        return SchemaValue.object([("email", SchemaValue.string("Whose account (default: the scenario's first).")) ]
                                  + facts.map { fact in (fact.key, fact.values.map { SchemaValue.oneOf($0, fact.what) } ?? SchemaValue.boolean(fact.what)) })
    }

    private var budgets: JSONValue {
        let range: ClosedRange<Int64> = 0...86_400_000
        return SchemaValue.object(ScenarioKeys.budgets(for: app).map { metric in
            (metric, SchemaValue.integer(range, Self.budgetDescriptions[metric]
                                         ?? (metric.hasPrefix(TimingMetric.screenWaitPrefix)
                                             ? "Over the whole run: the waiting on the \(metric.dropFirst(TimingMetric.screenWaitPrefix.count)) screen."
                                             : nil)))
        }, description: "Upper limits in milliseconds, judged on every run (the budgets oracle).")
    }

    private static let budgetDescriptions = [
        "firstRouteMs": "At each launch: until the first route is on screen.",
        "loadingMs": "At each launch: the time a loading view is up.",
        "interactiveMs": "At each launch: until the user can act.",
        "waitMs": "Over the whole run: all the time the user waited on the app (a spinner or loading screen up, in the foreground).",
        "longestWaitMs": "Over the whole run: the longest single wait.",
        "appTimeToMainMs": "From the first launch to the first main app, the time the user could not go on (think time taken out).",
    ]
}
