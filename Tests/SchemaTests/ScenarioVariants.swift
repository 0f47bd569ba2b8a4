import Testing

/// Hand-written scenarios, one rule each, around a minimal file: the steps and the top-level
/// members that differ from `{"format": 1, "name": …, "steps": [{"launch": true}]}`.
enum ScenarioVariants {
    struct Variant: Sendable, CustomTestStringConvertible {
        let label: String
        let steps: String
        let extra: String

        init(_ label: String, steps: String = #"{"launch": true}"#, _ extra: String = "") {
            self.label = label
            self.steps = steps
            self.extra = extra
        }

        var testDescription: String { label }
    }

    static let accepted: [Variant] = [
        Variant("a simple step written {}", steps: #"{"launch": {}}, {"kill": {}}"#),
        Variant("durations with decimals", steps: #"{"launch": true}, {"wait": "1.5m"}, {"wait": "0.000001ms"}, {"wait": "0s"}"#),
        Variant("untilIdle as true and as a duration", steps: #"{"launch": true}, {"untilIdle": true}, {"untilIdle": "30s"}"#),
        Variant("a corrupted cache entry without a phase", #""device": {"cache": [{"user": null, "corrupted": true}]}"#),
        Variant("an action with input and mayBeRefused", steps: #"{"launch": true}, {"action": "continue", "input": "x", "mayBeRefused": true}"#),
        Variant("typing with its text", steps: #"{"launch": true}, {"action": "type-email", "input": "a@b.co"}"#),
        Variant("one fault of each kind with its keys", #""faults": [{"kind": "offline", "at": "5s", "for": "1s"}, "#
            + #"{"kind": "error", "endpoint": "journey", "status": 503, "nth": 2}, {"kind": "delay", "by": "8s", "from": 1, "count": 3, "probability": 0.5}, "#
            + #"{"kind": "drop", "endpoint": "any"}, {"kind": "accountDeleted", "at": "20s", "email": "a@b.co"}, {"kind": "resetElsewhere", "at": "1m"}]"#),
        Variant("an expect step on the backend alone", steps: #"{"launch": true}, {"expect": {"backend": {}}}"#),
        Variant("an expect step with a count", steps: #"{"launch": true}, {"expect": {"requests": {"journey": 0}}}"#),
        Variant("the largest seed", #""seed": 18446744073709551615"#),
        Variant("-0 as a count", #""expect": {"requests": {"journey": -0}}"#),
        Variant("a catalogue id as a mutant", #""mutants": ["pit-10", "app-auth-wall"]"#),
        Variant("limits and windows longer than 0", #""limits": {"virtualTime": "0.5h"}, "expect": {"patience": "1ms", "flashWindow": "0.001s", "settle": "0s"}"#),
        Variant("the largest budget and count", #""expect": {"budgets": {"waitMs": 86400000}, "analytics": {"x": 1000000}}"#),
        Variant("a session with its account", #""device": {"session": "a@b.co"}, "backend": {"accounts": [{"email": "a@b.co", "journey": {"intake": true}}]}"#),
        Variant("a pickup scenario", steps: #"{"launch": true}, {"action": "skip"}, {"expect": {"finalRoute": "sign-in"}}"#,
                #""app": "pickup", "guards": ["pickup-skip-no-flag"], "device": {"appleSheet": ["cancel"], "hasCompletedOnboarding": false}, "#
                + #""backend": {"accounts": [{"email": "a@b.co"}]}, "faults": [{"kind": "drop", "endpoint": "bookings"}]"#),
    ]

    static let rejected: [Variant] = [
        Variant("two kind keys in a step", steps: #"{"launch": true, "kill": true}"#),
        Variant("no kind key in a step", steps: #"{"input": "x"}"#),
        Variant("input on a wait", steps: #"{"wait": "1s", "input": "x"}"#),
        Variant("mayBeRefused on a launch", steps: #"{"launch": true, "mayBeRefused": true}"#),
        Variant("typing without its text", steps: #"{"launch": true}, {"action": "type-code"}"#),
        Variant("launch false", steps: #"{"launch": false}"#),
        Variant("launch with an object that has keys", steps: #"{"launch": {"now": true}}"#),
        Variant("untilIdle false", steps: #"{"untilIdle": false}"#),
        Variant("a duration ending in a point", steps: #"{"wait": "1.s"}"#),
        Variant("a duration starting with a point", steps: #"{"wait": ".5s"}"#),
        Variant("a duration with seven decimals", steps: #"{"wait": "1.0000001ms"}"#),
        Variant("a negative duration", steps: #"{"wait": "-1s"}"#),
        Variant("a duration with an exponent", steps: #"{"wait": "1e3s"}"#),
        Variant("a duration with a space", steps: #"{"wait": "5 s"}"#),
        Variant("a duration with non-ASCII digits", steps: #"{"wait": "٣s"}"#),
        Variant("a request timeout of 0", #""network": {"timeouts": {"request": "0s"}}"#),
        Variant("a virtual-time limit of 0.000ms", #""limits": {"virtualTime": "0.000ms"}"#),
        Variant("a patience of 0", #""expect": {"patience": "0ms"}"#),
        Variant("an offline window of 0", #""faults": [{"kind": "offline", "at": "1s", "for": "0s"}]"#),
        Variant("a drop with a status", #""faults": [{"kind": "drop", "status": 500}]"#),
        Variant("an error without a status", #""faults": [{"kind": "error"}]"#),
        Variant("an error status of 600", #""faults": [{"kind": "error", "status": 600}]"#),
        Variant("a delay without by", #""faults": [{"kind": "delay"}]"#),
        Variant("a timeout with a time", #""faults": [{"kind": "timeout", "at": "1s"}]"#),
        Variant("an offline window without its length", #""faults": [{"kind": "offline", "at": "1s"}]"#),
        Variant("an offline window on an endpoint", #""faults": [{"kind": "offline", "at": "1s", "for": "2s", "endpoint": "journey"}]"#),
        Variant("an account loss on the nth call", #""faults": [{"kind": "sessionRevoked", "at": "1s", "nth": 1}]"#),
        Variant("an account loss without a time", #""faults": [{"kind": "accountDeleted"}]"#),
        Variant("nth with from", #""faults": [{"kind": "drop", "nth": 1, "from": 2}]"#),
        Variant("nth past a million", #""faults": [{"kind": "drop", "nth": 1000001}]"#),
        Variant("a count of 0", #""faults": [{"kind": "drop", "count": 0}]"#),
        Variant("a probability above 1", #""faults": [{"kind": "drop", "probability": 1.5}]"#),
        Variant("a fault without a kind", #""faults": [{"endpoint": "journey"}]"#),
        Variant("a cache entry without a phase", #""device": {"cache": [{"user": null}]}"#),
        Variant("a corrupted entry with an unknown phase", #""device": {"cache": [{"user": null, "corrupted": true, "phase": "nowhere"}]}"#),
        Variant("an entry corrupted false without a phase", #""device": {"cache": [{"user": null, "corrupted": false}]}"#),
        Variant("an empty expect step", steps: #"{"launch": true}, {"expect": {}}"#),
        Variant("an expect step with an empty list", steps: #"{"launch": true}, {"expect": {"actionsInclude": []}}"#),
        Variant("an expect step with empty counts", steps: #"{"launch": true}, {"expect": {"requests": {}, "neverShown": []}}"#),
        Variant("a whole-run key in an expect step", steps: #"{"launch": true}, {"expect": {"oracles": "all"}}"#),
        Variant("a count past a million", #""expect": {"requests": {"journey": 1000001}}"#),
        Variant("a negative analytics count", #""expect": {"analytics": {"x": -1}}"#),
        Variant("a budget past a day", #""expect": {"budgets": {"firstRouteMs": 86400001}}"#),
        Variant("a seed past 2^64", #""seed": 18446744073709551616"#),
        Variant("a negative seed", #""seed": -1"#),
        Variant("an unknown mutant", #""mutants": ["fix-99"]"#),
        Variant("no steps", steps: ""),
        Variant("a misspelt key", #""sead": 3"#),
        Variant("an account without an email", #""backend": {"accounts": [{"journey": "fresh"}]}"#),
        Variant("a policy without an email", steps: #"{"policy": {"until": "auth"}}"#),
        Variant("a free user with an unknown behaviour", steps: #"{"freeUser": {"email": "a@b.co", "emphasis": "dance"}}"#),
        Variant("a summary that is a number", #""summary": 1"#),
        Variant("an unknown app", #""app": "bakery""#),
        Variant("a pickup action in the fix plan's app", steps: #"{"action": "skip"}"#),
        Variant("a fix-plan step in a pickup scenario", steps: #"{"signOut": true}"#, #""app": "pickup""#),
        Variant("a fix-plan endpoint in a pickup fault", #""app": "pickup", "faults": [{"kind": "drop", "endpoint": "journey"}]"#),
        Variant("a programReset in the pickup app", #""app": "pickup", "faults": [{"kind": "resetElsewhere", "at": "1s"}]"#),
        Variant("a fix-plan route in a pickup expectation", #""app": "pickup", "expect": {"finalRoute": "intro"}"#),
        Variant("a fix-plan catalogue id guarded by a pickup scenario", #""app": "pickup", "guards": ["fix-1"]"#),
        Variant("a fix-plan device key in a pickup scenario", #""app": "pickup", "device": {"cache": []}"#),
        Variant("a journey on a pickup account", #""app": "pickup", "backend": {"accounts": [{"email": "a@b.co", "journey": "fresh"}]}"#),
    ]

    /// Rejected by the decoder alone: what JSON Schema cannot state (docs/scenario-format.md).
    static let beyondSchema: [Variant] = [
        Variant("a session without an account", #""device": {"session": "a@b.co"}"#),
        Variant("a cache user without an account", #""device": {"cache": [{"user": "a@b.co", "phase": "intake"}]}"#),
        Variant("a latency minimum above its maximum", #""network": {"latency": {"min": "2s", "max": "1s"}}"#),
        Variant("a wait of about eleven thousand years", steps: #"{"wait": "99999999h"}"#),
        Variant("a seed written 1E2", #""seed": 1E2"#),
        Variant("a pickup session without an account", #""app": "pickup", "device": {"session": "a@b.co"}"#),
    ]
}
