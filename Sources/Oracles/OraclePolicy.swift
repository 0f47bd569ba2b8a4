/// What makes an oracle a *policy* rather than a promise: it judges one way a seed chose to keep
/// a promise (a silent retry, a single loading screen, an email shape), and an app may keep the
/// same promise another way. Its violations say which seed promise it judges and the ways to
/// meet it; a plug-in that keeps the promise otherwise opts out of it by name, with its reason
/// (`AppPlugin.policyOptOuts`), and `list --oracles --app` shows the reason.
public struct OraclePolicy: Sendable, Equatable {
    /// The seed's words the policy judges, with their place: "seed 002 §2: …".
    public let promise: String
    /// The ways an app meets it.
    public let ways: [String]

    public init(promise: String, ways: [String]) {
        self.promise = promise
        self.ways = ways
    }

    /// What a violation of the policy adds to its message.
    public var note: String {
        " (A policy, not a promise every app makes: \(promise). Ways to meet it: \(ways.joined(separator: "; ")). "
            + "An app that keeps the promise another way opts out of it in its plug-in, with its reason.)"
    }
}
