import SimKernel
import Synchronization

/// The onboarding phases of the fix plan's app, in the order a new user meets them
/// (002 §4, `OnboardingPhase.isEarlierThan`).
public enum OnboardingPhase: String, Sendable, CaseIterable, Comparable {
    case intro, intake, intakeComplete, auth, authVerification, processOverview
    case goalReview, programReview, notificationPermission, success, complete

    /// 002 §4: `func isEarlierThan(_ other: OnboardingPhase) -> Bool`.
    public func isEarlierThan(_ other: OnboardingPhase) -> Bool { self < other }

    public static func < (lhs: OnboardingPhase, rhs: OnboardingPhase) -> Bool {
        lhs.order < rhs.order
    }

    /// Position in the flow, 0 for `intro`: the index in `allCases` (a test holds them equal),
    /// spelled out because oracles compare phases on every progress event.
    public var order: Int {
        switch self {
        case .intro: 0
        case .intake: 1
        case .intakeComplete: 2
        case .auth: 3
        case .authVerification: 4
        case .processOverview: 5
        case .goalReview: 6
        case .programReview: 7
        case .notificationPermission: 8
        case .success: 9
        case .complete: 10
        }
    }

    /// Phases a user can be part-way through (the resume gate applies to these).
    public var isMidOnboarding: Bool { self > .intro && self < .complete }
}
