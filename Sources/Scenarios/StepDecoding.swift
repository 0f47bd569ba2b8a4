import SimKernel
import AppVocabulary

/// Decodes `$.steps`: each step is an object with exactly one kind key (plus `input` and
/// `mayBeRefused` for actions).
enum StepDecoding {
    /// The actions `app`'s screens offer, as its plug-in lists them (a bundled app's too).
    static func actions(for app: AppID) -> [(String, UserAction)] { AppRegistry.actions(of: app).map { ($0.rawValue, $0) } }
    static let simpleSteps: [(String, ScenarioStep)] = [
        ("launch", .launch), ("kill", .kill), ("background", .background), ("foreground", .foreground),
        ("reinstall", .reinstall), ("goOffline", .goOffline), ("goOnline", .goOnline),
    ]

    static func decodeSteps(_ value: JSONValue?, context: DecodingContext) -> [ScenarioStep] {
        guard let elements = context.array(value, at: "$.steps") else { return [] }
        if elements.isEmpty { context.fail("$.steps", "a scenario needs at least one step", suggestion: "start with {\"launch\": true}") }
        return elements.enumerated().compactMap { index, element in
            decodeStep(element, at: "$.steps[\(index)]", context: context)
        }
    }

    private static func decodeStep(_ value: JSONValue, at path: String, context: DecodingContext) -> ScenarioStep? {
        let app = context.app
        let known = ScenarioKeys.step(for: app)
        if case .object(let members) = value {
            // Another registered app's own step (the fix plan's `enterCode` in the pickup app's file).
            let foreign = members.compactMap { member -> (key: String, owner: AppID)? in
                guard !known.contains(member.key),
                      let owner = AppRegistry.apps.first(where: { AppRegistry.plugin(for: $0)?.stepKinds.contains(member.key) == true })
                else { return nil }
                return (member.key, owner)
            }
            for (key, owner) in foreign {
                if key == CodeEntryStep.kind {
                    context.fail("\(path).\(key)", "\"\(key)\" types a one-time code, and the roles of the \(app.rawValue) app "
                                    + "declare no action that types a code (.input(.code)) and one that sends it (.submit(.code))",
                                 suggestion: "its steps: " + ScenarioKeys.stepKinds(for: app).joined(separator: ", "))
                    continue
                }
                context.fail("\(path).\(key)", "\"\(key)\" is a step of the \(owner.rawValue) app, not of the \(app.rawValue) app",
                             suggestion: "its steps: " + ScenarioKeys.stepKinds(for: app).joined(separator: ", "))
            }
            if !foreign.isEmpty { return nil }
        }
        guard let step = context.object(value, at: path, keys: known) else { return nil }
        let kinds = step.keys.filter { ScenarioKeys.stepKinds(for: app).contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            context.fail(path, kinds.isEmpty ? "a step needs one kind key" : "a step has one kind key, found \(kinds.joined(separator: ", "))",
                         suggestion: "for example {\"action\": \"continue\"} or {\"wait\": \"2s\"}")
            return nil
        }
        for key in ["input", "mayBeRefused"] where kind != "action" && step[key] != nil {
            context.fail(step.path(key), "\"\(key)\" goes only with an \"action\" step")
        }
        let kindPath = step.path(kind)
        if let simple = simpleSteps.first(where: { $0.0 == kind }) {
            guard step[kind] == .bool(true) || step[kind] == .object([]) else {
                context.fail(kindPath, "expected true", suggestion: "{\"\(kind)\": true}")
                return nil
            }
            return simple.1
        }
        switch kind {
        case "wait":
            return context.duration(step[kind], at: kindPath).map(ScenarioStep.wait)
        case "untilIdle":
            if step[kind] == .bool(true) { return .untilIdle(max: .seconds(120)) }
            return context.duration(step[kind], at: kindPath).map { .untilIdle(max: $0) }
        case "action":
            guard let action = context.choice(step[kind], at: kindPath, from: actions(for: context.app),
                                              what: context.noun("action")) else { return nil }
            let input = context.string(step["input"], at: step.path("input"))
            if case .input = AppRegistry.roles(of: context.app).role(of: action), input == nil {
                context.fail(step.path("input"), "\"\(action.rawValue)\" needs the text to type", suggestion: "add \"input\": \"…\"")
            }
            let mayBeRefused = context.bool(step["mayBeRefused"], at: step.path("mayBeRefused")) ?? false
            return .action(action, input: input, mayBeRefused: mayBeRefused)
        case "expect":
            let expectations = ExpectDecoding.decodeStepExpect(step[kind], at: kindPath, context: context)
            // `{}`, or keys with nothing in them (`{"requests": {}}`): a step that checks nothing.
            if case .object(let members)? = step[kind], expectations == Expectations(),
               members.allSatisfy({ ScenarioKeys.stepExpect(for: context.app).contains($0.key) }) {
                context.fail(kindPath, "an expect step checks at least one key",
                             suggestion: "for example {\"expect\": {\"finalRoute\": \"\(ExpectDecoding.routeNames(for: context.app).last?.0 ?? "main")\"}}")
                return nil
            }
            return expectations.map(ScenarioStep.expect)
        case "freeUser":
            return decodeFreeUser(step[kind], at: kindPath, context: context)
        default:
            // One of the app's own (`AppPlugin.stepKinds`): its plug-in reads it.
            guard let plugin = AppRegistry.plugin(for: app), let value = step[kind] else { return nil }
            return plugin.decodeStep(kind, value, at: kindPath, context: context).map(ScenarioStep.app)
        }
    }

    static let behaviours = UserBehaviour.allCases.map { ($0.description, $0) }

    private static func decodeFreeUser(_ value: JSONValue?, at path: String, context: DecodingContext) -> ScenarioStep? {
        guard let fields = context.object(value, at: path, keys: ScenarioKeys.freeUser) else { return nil }
        guard let email = context.string(fields["email"], at: fields.path("email")) else {
            if fields["email"] == nil { context.fail(fields.path("email"), "missing: the free user needs an email") }
            return nil
        }
        var user = FreeUser(email: email, returning: context.bool(fields["returning"], at: fields.path("returning")) ?? false)
        if let other = context.string(fields["otherEmail"], at: fields.path("otherEmail")) { user.otherEmail = other }
        user.emphasis = context.choice(fields["emphasis"], at: fields.path("emphasis"), from: behaviours, what: "behaviour")
        user.onlyForward = context.bool(fields["onlyForward"], at: fields.path("onlyForward")) ?? false
        return .freeUser(user)
    }
}
