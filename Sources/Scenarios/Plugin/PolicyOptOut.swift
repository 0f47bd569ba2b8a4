/// A shared policy an app keeps another way (`AppPlugin.policyOptOuts`): the oracle's name and
/// why, in a sentence a reader of `list` understands.
///
/// ```swift
/// let policyOptOuts = [PolicyOptOut("validEmailAccepted", because: "the backend checks every address; its 400 is the check")]
/// ```
public struct PolicyOptOut: Sendable, Equatable {
    public var oracle: String
    public var reason: String

    public init(_ oracle: String, because reason: String) {
        self.oracle = oracle
        self.reason = reason
    }
}
