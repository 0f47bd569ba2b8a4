/// Whether a request is the background's and what it is for (`AppRoles.facts(of:)`).
public struct RequestFacts: Sendable, Equatable {
    public let isBackground: Bool
    public let purpose: RequestRole.Purpose

    public init(isBackground: Bool, purpose: RequestRole.Purpose) {
        self.isBackground = isBackground
        self.purpose = purpose
    }

    /// An endpoint the app does not declare: a tap's, for no purpose an oracle judges.
    public static let undeclared = RequestFacts(isBackground: false, purpose: .other)
}
