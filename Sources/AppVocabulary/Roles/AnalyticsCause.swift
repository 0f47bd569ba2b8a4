/// What must have happened before an analytics event the seeds name reaches the backend: the
/// user's own act it reports (#50 rule 2). An app declares the cause of each event it sends
/// (`AppRoles(analytics:)`); the shared rule `analyticsFollowTheUser` judges the events its
/// backend took against the user's record.
///
/// ```swift
/// AppRoles(analytics: [("onboarding_started", .newUserStart), ("onboarding_completed", .completion)])
/// ```
public enum AnalyticsCause: Sendable, Equatable {
    /// A new user started the flow (a tap of a `.start(returning: false)` action: Get started).
    /// 000 Pitfall 1: "onboarding_started analytics events fire incorrectly for returning users";
    /// the checklist: "Only one onboarding_started per new user".
    case newUserStart
    /// The user finished onboarding and reached the main app (a screen of route kind `.main`).
    /// 000: "Analytics show same user completing onboarding multiple times" is the bug.
    case completion
}
