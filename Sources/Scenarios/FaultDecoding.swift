import SimKernel
import AppVocabulary

/// Decodes `$.faults`: offline windows, drops, error statuses, timeouts, delays, a connection
/// that goes as a request leaves, and account losses.
enum FaultDecoding {
    /// The endpoints `app` calls, as its plug-in lists them (a bundled app's too).
    static func endpoints(for app: AppID) -> [(String, Endpoint)] { AppRegistry.endpoints(of: app).map { ($0.rawValue, $0) } }

    static func decodeFaults(_ value: JSONValue?, latency: ClosedRange<Int64>, context: DecodingContext) -> FaultPlan {
        var plan = FaultPlan(latencyMs: latency)
        guard let elements = context.array(value, at: "$.faults") else { return plan }
        for (index, element) in elements.enumerated() {
            let path = "$.faults[\(index)]"
            guard var fault = context.object(element, at: path, keys: ScenarioKeys.fault) else { continue }
            if case .string(let named)? = fault["kind"], let renamed = ScenarioKeys.formerFaultKinds.first(where: { $0.former == named }) {
                context.note(fault.path("kind"), "the fault kind \"\(named)\" is now called \"\(renamed.current)\"; the old name still works",
                             suggestion: "write \"\(renamed.current)\"")
                fault = fault.replacing("kind", with: .string(renamed.current))
            }
            if case .string(let named)? = fault["kind"], AccountLoss.Kind(rawValue: named) != nil,
               !ScenarioKeys.faultKinds(for: context.app).contains(named) {
                // Accepted and ignored is worse than refused: say what the app's world lacks.
                let everyApps = [AccountLoss.Kind.accountDeleted, .sessionRevoked, .accessTokenExpired].map(\.rawValue).contains(named)
                context.fail(fault.path("kind"), "the app '\(context.app.rawValue)' takes no '\(named)' fault: its world would never hear of it",
                             suggestion: everyApps
                                ? "build its backend as an AppBackend on MockAuth (it then takes accountDeleted, sessionRevoked and "
                                    + "accessTokenExpired) and declare them in its plug-in: `var accountLosses: [AccountLoss.Kind] "
                                    + "{ [.accountDeleted, .sessionRevoked, .accessTokenExpired] }` (docs/your-app.md)"
                                : "a world of its own takes it through AppHostWorld(lose:) and declares it in the plug-in's `accountLosses`")
                continue
            }
            guard let kind = context.choice(fault["kind"], at: fault.path("kind"),
                                            from: ScenarioKeys.faultKinds(for: context.app).map { ($0, $0) },
                                            what: context.noun("fault kind")) else {
                if fault["kind"] == nil {
                    context.fail(fault.path("kind"), "missing: every fault has a kind",
                                 suggestion: "one of: " + ScenarioKeys.faultKinds(for: context.app).joined(separator: ", "))
                }
                continue
            }
            if kind == "offline" {
                if let window = decodeOffline(fault, context: context) { plan.offlineWindows.append(window) }
            } else if ScenarioKeys.credentialSheetFaultKinds.contains(kind) {
                decodeCredentialSheet(kind, fault, into: &plan, context: context)
            } else if let lossKind = AccountLoss.Kind(rawValue: kind) {
                if let loss = decodeAccountLoss(lossKind, fault, context: context) { plan.accountLosses.append(loss) }
            } else if let rule = decodeRule(kind: kind, fault, context: context) {
                plan.rules.append(rule)
            }
        }
        return plan
    }

    /// `{"kind": "accountDeleted", "at": "20s"}`, `{"kind": "sessionRevoked", "afterFailure": 1}`
    /// (as the app receives its first failed answer), or `{"kind": "accountDeleted", "afterAnswer": 1,
    /// "endpoint": "refresh-session"}` (as it receives that endpoint's first answer), optionally
    /// with the account's `email`.
    private static func decodeAccountLoss(_ kind: AccountLoss.Kind, _ fault: Fields, context: DecodingContext) -> AccountLoss? {
        rejectKeys(["nth", "from", "count", "probability", "status", "by", "for"] + (fault["afterAnswer"] == nil ? ["endpoint"] : []),
                   in: fault, kind: kind.rawValue, context: context)
        let email = context.string(fault["email"], at: fault.path("email"))
        if let after = fault["afterAnswer"] {
            if fault["at"] != nil || fault["afterFailure"] != nil {
                context.fail(fault.path("afterAnswer"), "an account loss happens at a time, after a failed answer or after an endpoint's answer: one of them",
                             suggestion: "remove \"\(fault["at"] != nil ? "at" : "afterFailure")\" or \"afterAnswer\"")
                return nil
            }
            let answer = context.integer(after, at: fault.path("afterAnswer"), in: 1...1_000)
            guard let value = fault["endpoint"] else {
                context.fail(fault.path("endpoint"), "missing: a loss after an answer names the endpoint whose answers it counts",
                             suggestion: "\"endpoint\": \"\(endpoints(for: context.app).first?.0 ?? "…")\"")
                return nil
            }
            guard let endpoint = context.choice(value, at: fault.path("endpoint"), from: endpoints(for: context.app),
                                                what: context.noun("endpoint")), let answer else { return nil }
            return AccountLoss(kind, afterAnswer: Int(answer), of: endpoint, email: email)
        }
        if let after = fault["afterFailure"] {
            if fault["at"] != nil {
                context.fail(fault.path("afterFailure"), "an account loss happens at a time or after a failed answer, not both",
                             suggestion: "remove \"at\" or \"afterFailure\"")
                return nil
            }
            guard let failure = context.integer(after, at: fault.path("afterFailure"), in: 1...1_000) else { return nil }
            return AccountLoss(kind, afterFailure: Int(failure), email: email)
        }
        guard let at = context.duration(fault["at"], at: fault.path("at")) else {
            if fault["at"] == nil {
                context.fail(fault.path("at"), "missing: an account loss happens at a time, after the app's n-th failed answer, "
                             + "or after an endpoint's n-th answer",
                             suggestion: "\"at\": \"20s\", \"afterFailure\": 1, or \"afterAnswer\": 1 with its \"endpoint\"")
            }
            return nil
        }
        return AccountLoss(kind, at: at, email: email)
    }

    /// `{"kind": "appleSheetFails", "nth": 2}`: the sheet's second attempt fails; `from` and
    /// `count` for several, the first attempt when neither is given. The other attempts approve.
    private static func decodeCredentialSheet(_ kind: String, _ fault: Fields, into plan: inout FaultPlan, context: DecodingContext) {
        rejectKeys(["endpoint", "probability", "status", "by", "at", "for", "email", "afterFailure", "afterAnswer"], in: fault, kind: kind, context: context)
        guard let trigger = decodeTrigger(fault, context: context) else { return }
        let attempts = trigger.fromCall..<(trigger.fromCall + (trigger.count ?? 1))
        guard attempts.upperBound <= 101 else {
            context.fail(fault.path(fault["nth"] != nil ? "nth" : "count"), "a sheet's faults cover its first 100 attempts",
                         suggestion: "\"nth\": 1")
            return
        }
        let outcome: CredentialSheetOutcome = kind == "appleSheetCancelled" ? .cancel : .fail
        while plan.credentialSheet.count < attempts.upperBound - 1 { plan.credentialSheet.append(.approve) }
        for attempt in attempts { plan.credentialSheet[attempt - 1] = outcome }
    }

    private static func decodeOffline(_ fault: Fields, context: DecodingContext) -> OfflineWindow? {
        rejectKeys(["endpoint", "nth", "from", "count", "probability", "status", "by", "email", "afterFailure", "afterAnswer"], in: fault, kind: "offline", context: context)
        let start = context.duration(fault["at"], at: fault.path("at"))
        let length = context.duration(fault["for"], at: fault.path("for"))
        if fault["at"] == nil { context.fail(fault.path("at"), "missing: an offline window starts at a time", suggestion: "\"at\": \"5s\"") }
        if fault["for"] == nil { context.fail(fault.path("for"), "missing: an offline window lasts a time", suggestion: "\"for\": \"20s\"") }
        guard let start, let length else { return nil }
        guard length > .zero else {
            context.fail(fault.path("for"), "an offline window must last longer than 0")
            return nil
        }
        return OfflineWindow(start: start, duration: length)
    }

    private static func decodeRule(kind: String, _ fault: Fields, context: DecodingContext) -> FaultRule? {
        rejectKeys(["at", "email", "afterFailure", "afterAnswer"] + (kind == "goesOffline" ? [] : ["for"]), in: fault, kind: kind, context: context)
        if kind != "error" { rejectKeys(["status"], in: fault, kind: kind, context: context) }
        if kind != "delay" { rejectKeys(["by"], in: fault, kind: kind, context: context) }
        var endpoint: Endpoint?
        if let value = fault["endpoint"], value != .string("any") {
            endpoint = context.choice(value, at: fault.path("endpoint"), from: endpoints(for: context.app),
                                      what: context.noun("endpoint"))
            if endpoint == nil { return nil }
        }
        guard let trigger = decodeTrigger(fault, context: context) else { return nil }
        let ruleKind: FaultRule.Kind
        switch kind {
        case "drop": ruleKind = .drop
        case "timeout": ruleKind = .timeout
        case "error":
            guard let status = context.integer(fault["status"], at: fault.path("status"), in: 400...599) else {
                if fault["status"] == nil { context.fail(fault.path("status"), "missing: an error fault names its HTTP status", suggestion: "\"status\": 503") }
                return nil
            }
            ruleKind = .error(status: Int(status))
        case "goesOffline":
            guard let length = context.duration(fault["for"], at: fault.path("for")) else {
                if fault["for"] == nil {
                    context.fail(fault.path("for"), "missing: the connection that goes as the request leaves stays away a time",
                                 suggestion: "\"for\": \"10s\"")
                }
                return nil
            }
            guard length > .zero else {
                context.fail(fault.path("for"), "the connection must stay away longer than 0")
                return nil
            }
            ruleKind = .goesOffline(for: length)
        default:
            guard let by = context.duration(fault["by"], at: fault.path("by")) else {
                if fault["by"] == nil { context.fail(fault.path("by"), "missing: a delay fault says by how much", suggestion: "\"by\": \"8s\"") }
                return nil
            }
            ruleKind = .delay(by)
        }
        return FaultRule(endpoint: endpoint, kind: ruleKind, trigger: trigger)
    }

    /// `nth` (one call), or `from` and/or `count`; each with an optional `probability`.
    private static func decodeTrigger(_ fault: Fields, context: DecodingContext) -> FaultRule.Trigger? {
        let nth = context.integer(fault["nth"], at: fault.path("nth"), in: 1...1_000_000)
        let from = context.integer(fault["from"], at: fault.path("from"), in: 1...1_000_000)
        let count = context.integer(fault["count"], at: fault.path("count"), in: 1...1_000_000)
        let probability = context.probability(fault["probability"], at: fault.path("probability")) ?? .always
        if fault["nth"] != nil && (fault["from"] != nil || fault["count"] != nil) {
            context.fail(fault.path("nth"), "\"nth\" picks one call; it cannot be combined with \"from\" or \"count\"")
            return nil
        }
        if let nth { return FaultRule.Trigger(fromCall: Int(nth), count: 1, probability: probability) }
        return FaultRule.Trigger(fromCall: Int(from ?? 1), count: count.map(Int.init), probability: probability)
    }

    private static func rejectKeys(_ keys: [String], in fault: Fields, kind: String, context: DecodingContext) {
        for key in keys where fault[key] != nil {
            context.fail(fault.path(key), "\"\(key)\" does not apply to a fault of kind \"\(kind)\"")
        }
    }
}
