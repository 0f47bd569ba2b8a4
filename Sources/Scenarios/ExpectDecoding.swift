import SimKernel
import AppVocabulary
import Oracles

/// Decodes `$.expect`: oracles to apply, end-state expectations, budgets and oracle windows.
enum ExpectDecoding {
    static func decodeExpect(_ value: JSONValue?, into scenario: inout Scenario, context: DecodingContext) {
        guard let expect = context.object(value, at: "$.expect", keys: ScenarioKeys.expect(for: context.app)) else { return }
        var expectations = decodeShared(expect, context: context)
        if let oracles = expect["oracles"] {
            if oracles == .string("all") {
                expectations.oracles = nil
            } else if let names = context.array(oracles, at: expect.path("oracles")) {
                expectations.oracles = names.enumerated().compactMap { index, name in
                    var name = name
                    if case .string(let former) = name, let renamed = OracleCatalogue.formerNames.first(where: { $0.former == former }) {
                        context.note(expect.path("oracles") + "[\(index)]", "\"\(former)\" is now called \"\(renamed.current)\"; the old name still works",
                                     suggestion: "write \"\(renamed.current)\"")
                        name = .string(renamed.current)
                    }
                    // Only the oracles that judge the app's runs: another's would never fire here.
                    return context.choice(name, at: expect.path("oracles") + "[\(index)]",
                                   from: AppRegistry.oracles(for: context.app).map { ($0.name, $0.name) },
                                   what: context.noun("oracle"))
                }
            }
        }
        expectations.userReachesMain = context.bool(expect["userReachesMain"], at: expect.path("userReachesMain"))
        scenario.expectations = expectations
        var settings = scenario.settings
        settings.patience = context.duration(expect["patience"], at: expect.path("patience")) ?? settings.patience
        settings.flashWindow = context.duration(expect["flashWindow"], at: expect.path("flashWindow")) ?? settings.flashWindow
        settings.settle = context.duration(expect["settle"], at: expect.path("settle")) ?? settings.settle
        let metrics = ScenarioKeys.budgets(for: context.app)
        if let budgets = context.object(expect["budgets"], at: expect.path("budgets"), keys: metrics) {
            let range: ClosedRange<Int64> = 0...86_400_000
            var decoded = Budgets()
            for metric in metrics {
                decoded[limitOf: metric] = context.integer(budgets[metric], at: budgets.path(metric), in: range)
            }
            settings.budgets = decoded
        }
        scenario.settings = settings
    }

    /// An `{"expect": {…}}` step: the keys it shares with `$.expect`; a whole-run key names where it goes.
    static func decodeStepExpect(_ value: JSONValue?, at path: String, context: DecodingContext) -> Expectations? {
        if case .object(let members)? = value {
            let app = context.app
            for (key, _) in members where ScenarioKeys.expect(for: app).contains(key) && !ScenarioKeys.stepExpect(for: app).contains(key) {
                context.fail("\(path).\(key)", "\"\(key)\" is about the whole run and goes in $.expect, not in a step",
                             suggestion: "a step checks: " + ScenarioKeys.stepExpect(for: app).joined(separator: ", "))
            }
        }
        let keys = ScenarioKeys.expect(for: context.app)
        guard let expect = context.object(value, at: path, keys: keys) else { return nil }
        return decodeShared(expect, context: context)
    }

    /// The keys `$.expect` and an `expect` step share.
    private static func decodeShared(_ expect: Fields, context: DecodingContext) -> Expectations {
        var expectations = Expectations()
        if let route = expect["finalRoute"] {
            expectations.finalRoute = .some(decodeRoute(route, at: expect.path("finalRoute"), context: context))
        }
        if let error = expect["finalError"] {
            expectations.finalError = .some(error == .null ? nil : context.string(error, at: expect.path("finalError")))
        }
        expectations.errorShown = context.bool(expect["errorShown"], at: expect.path("errorShown"))
        expectations.emailField = context.string(expect["emailField"], at: expect.path("emailField"))
        if expectations.emailField != nil, AppRegistry.roles(of: context.app).actions(where: { $0 == .input(.email) }).isEmpty {
            // Its screens never hold an email: "" would always hold, anything else never.
            context.fail(expect.path("emailField"), "the app '\(context.app.rawValue)' declares no action that types an email, "
                         + "so its screens hold none and this check could never tell anything",
                         suggestion: "if a screen has an email field, declare the action that types into it in the plug-in's roles: "
                            + "`(UserAction(\"type-email\"), .input(.email))` (docs/your-app.md); otherwise remove \"emailField\"")
        }
        expectations.resumeGate = context.bool(expect["resumeGate"], at: expect.path("resumeGate"))
        if expectations.resumeGate != nil, !AppRegistry.roles(of: context.app).showsResumeGate {
            // `false` would always hold and `true` never: refused, as an offline banner check is.
            context.fail(expect.path("resumeGate"), "the app '\(context.app.rawValue)' shows no resume gate (its roles declare none), "
                         + "so this check could never tell anything",
                         suggestion: "if a relaunch can ask the user to continue or start over, set ScreenState.resumeGate while it does "
                            + "and declare it in the plug-in's roles: `AppRoles(…, resumeGate: true)` (docs/your-app.md); "
                            + "otherwise remove \"resumeGate\"")
        }
        expectations.actionsInclude = decodeActions(expect["actionsInclude"], at: expect.path("actionsInclude"), context: context)
        expectations.actionsExclude = decodeActions(expect["actionsExclude"], at: expect.path("actionsExclude"), context: context)
        expectations.backend = decodeBackendExpectation(expect["backend"], at: expect.path("backend"), context: context)
        expectations.requests = decodeCounts(expect["requests"], at: expect.path("requests"), context: context) { name, path in
            context.choice(.string(name), at: path, from: FaultDecoding.endpoints(for: context.app), what: "endpoint")
        }
        expectations.analytics = decodeCounts(expect["analytics"], at: expect.path("analytics"), context: context) { name, _ in name }
        if let routes = context.array(expect["neverShown"], at: expect.path("neverShown")) {
            expectations.neverShown = routes.enumerated().compactMap { index, route in
                decodeRoute(route, at: expect.path("neverShown") + "[\(index)]", context: context, allowingNone: false)
            }
        }
        expectations.offlineBanner = context.bool(expect["offlineBanner"], at: expect.path("offlineBanner"))
        if expectations.offlineBanner != nil, !AppRegistry.roles(of: context.app).showsOfflineBanner {
            // Accepted and ignored is worse than refused: `false` would always hold, `true` never.
            context.fail(expect.path("offlineBanner"), "the app '\(context.app.rawValue)' shows no offline banner (its roles declare none), "
                         + "so this check could never tell anything",
                         suggestion: "if its main screen shows one while offline, declare it in the plug-in's roles: "
                            + "`AppRoles(…, offlineBanner: true)` (docs/your-app.md); otherwise remove \"offlineBanner\"")
        }
        return expectations
    }

    /// `"main"`, `"launch"`, `"none"` (app not running), or a phase name such as `"programReview"`.
    static func decodeRoute(_ value: JSONValue, at path: String, context: DecodingContext, allowingNone: Bool = true) -> Route? {
        let routes = routeNames(for: context.app).filter { allowingNone || $0.0 != "none" }
        return context.choice(value, at: path, from: routes, what: context.noun("route")) ?? nil
    }

    /// Each app's routes as a scenario names them (`none`: the app is not running).
    static func routeNames(for app: AppID) -> [(String, Route?)] {
        [("none", nil)] + (AppRegistry.plugin(for: app)?.scenarioRoutes.map { ($0.name, $0.route) } ?? [])
    }

    /// An object of counts, `{"sign-up": 1}`: each key a name `decodeName` accepts, each value a
    /// whole number from 0, kept in the file's order.
    private static func decodeCounts<Name>(_ value: JSONValue?, at path: String, context: DecodingContext,
                                           decodeName: (String, String) -> Name?) -> [ExpectedCount<Name>] {
        guard let value else { return [] }
        guard case .object(let members) = value else {
            context.fail(path, "expected an object of counts", suggestion: "for example {\"send-otp\": 1}")
            return []
        }
        return members.compactMap { member in
            let memberPath = path + "." + member.key
            guard let name = decodeName(member.key, memberPath),
                  let count = context.integer(member.value, at: memberPath, in: 0...1_000_000) else { return nil }
            return ExpectedCount(name, Int(count))
        }
    }

    private static func decodeActions(_ value: JSONValue?, at path: String, context: DecodingContext) -> [UserAction] {
        guard let names = context.array(value, at: path) else { return [] }
        return names.enumerated().compactMap { index, name in
            context.choice(name, at: "\(path)[\(index)]", from: StepDecoding.actions(for: context.app), what: "action")
        }
    }

    private static func decodeBackendExpectation(_ value: JSONValue?, at path: String, context: DecodingContext)
        -> BackendExpectation?
    {
        let facts = AppRegistry.plugin(for: context.app)?.backendFacts ?? []
        guard let fields = context.object(value, at: path, keys: ["email"] + facts.map(\.key)) else { return nil }
        return BackendExpectation(
            email: context.string(fields["email"], at: fields.path("email")),
            facts: facts.compactMap { fact in
                guard let field = fields[fact.key] else { return nil }
                let value: String?
                if let values = fact.values {
                    value = context.choice(field, at: fields.path(fact.key), from: values.map { ($0, $0) }, what: fact.what)
                } else {
                    value = context.bool(field, at: fields.path(fact.key)).map { $0 ? "true" : "false" }
                }
                return value.map { BackendFactValue(key: fact.key, value: $0) }
            })
    }
}
