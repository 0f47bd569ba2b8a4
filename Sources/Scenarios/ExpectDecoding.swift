import SimKernel
import OnboardingModel
import Oracles

/// Decodes `$.expect`: oracles to apply, end-state expectations, budgets and oracle windows.
enum ExpectDecoding {
    static func decodeExpect(_ value: JSONValue?, into scenario: inout Scenario, context: DecodingContext) {
        guard let expect = context.object(value, at: "$.expect", keys: ScenarioKeys.expect) else { return }
        var expectations = Expectations()
        if let oracles = expect["oracles"] {
            if oracles == .string("all") {
                expectations.oracles = nil
            } else if let names = context.array(oracles, at: expect.path("oracles")) {
                expectations.oracles = names.enumerated().compactMap { index, name in
                    context.choice(name, at: expect.path("oracles") + "[\(index)]",
                                   from: OracleCatalogue.names.map { ($0, $0) }, what: "oracle")
                }
            }
        }
        if let route = expect["finalRoute"] {
            expectations.finalRoute = .some(decodeRoute(route, at: expect.path("finalRoute"), context: context))
        }
        if let error = expect["finalError"] {
            expectations.finalError = .some(error == .null ? nil : context.string(error, at: expect.path("finalError")))
        }
        expectations.errorShown = context.bool(expect["errorShown"], at: expect.path("errorShown"))
        expectations.emailField = context.string(expect["emailField"], at: expect.path("emailField"))
        expectations.resumeGate = context.bool(expect["resumeGate"], at: expect.path("resumeGate"))
        expectations.actionsInclude = decodeActions(expect["actionsInclude"], at: expect.path("actionsInclude"), context: context)
        expectations.actionsExclude = decodeActions(expect["actionsExclude"], at: expect.path("actionsExclude"), context: context)
        expectations.userReachesMain = context.bool(expect["userReachesMain"], at: expect.path("userReachesMain"))
        expectations.backend = decodeBackendExpectation(expect["backend"], at: expect.path("backend"), context: context)
        scenario.expectations = expectations
        var settings = scenario.settings
        settings.patience = context.duration(expect["patience"], at: expect.path("patience")) ?? settings.patience
        settings.flashWindow = context.duration(expect["flashWindow"], at: expect.path("flashWindow")) ?? settings.flashWindow
        settings.settle = context.duration(expect["settle"], at: expect.path("settle")) ?? settings.settle
        if let budgets = context.object(expect["budgets"], at: expect.path("budgets"), keys: ScenarioKeys.budgets) {
            let range: ClosedRange<Int64> = 0...86_400_000
            settings.budgets = Budgets(
                firstRouteMs: context.integer(budgets["firstRouteMs"], at: budgets.path("firstRouteMs"), in: range),
                loadingMs: context.integer(budgets["loadingMs"], at: budgets.path("loadingMs"), in: range),
                interactiveMs: context.integer(budgets["interactiveMs"], at: budgets.path("interactiveMs"), in: range))
        }
        scenario.settings = settings
    }

    /// `"main"`, `"launch"`, `"none"` (app not running), or a phase name such as `"programReview"`.
    static func decodeRoute(_ value: JSONValue, at path: String, context: DecodingContext) -> Route? {
        var routes: [(String, Route?)] = [("main", .main), ("launch", .launch), ("none", nil)]
        routes += OnboardingPhase.allCases.filter { $0 != .complete }.map { ($0.rawValue, .onboarding($0)) }
        return context.choice(value, at: path, from: routes, what: "route") ?? nil
    }

    private static func decodeActions(_ value: JSONValue?, at path: String, context: DecodingContext) -> [UserAction] {
        guard let names = context.array(value, at: path) else { return [] }
        return names.enumerated().compactMap { index, name in
            context.choice(name, at: "\(path)[\(index)]", from: StepDecoding.actions, what: "action")
        }
    }

    private static func decodeBackendExpectation(_ value: JSONValue?, at path: String, context: DecodingContext)
        -> BackendExpectation?
    {
        guard let fields = context.object(value, at: path, keys: ScenarioKeys.backendExpect) else { return nil }
        return BackendExpectation(
            email: context.string(fields["email"], at: fields.path("email")),
            programStatus: context.choice(fields["programStatus"], at: fields.path("programStatus"),
                                          from: ScenarioDecoder.programStatuses, what: "program status"),
            pushToken: context.bool(fields["pushToken"], at: fields.path("pushToken")),
            progress: context.choice(fields["progress"], at: fields.path("progress"), from: ScenarioDecoder.phases, what: "phase"))
    }
}
