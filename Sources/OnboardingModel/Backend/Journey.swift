import SimKernel

/// The program's status at the backend.
public enum ProgramStatus: String, Sendable, Equatable, Comparable {
    case none, draft, approved, active

    /// Every status, in order.
    public static let inOrder: [ProgramStatus] = [.none, .draft, .approved, .active]

    /// Position in `inOrder`.
    public var order: Int {
        switch self {
        case .none: 0
        case .draft: 1
        case .approved: 2
        case .active: 3
        }
    }

    public static func < (lhs: ProgramStatus, rhs: ProgramStatus) -> Bool { lhs.order < rhs.order }
}

/// The backend's journey state for a user (002 §1 `fetchJourneyState()`).
public struct Journey: Sendable, Equatable, CustomStringConvertible {
    public var intakeComplete: Bool
    public var goalsComplete: Bool
    public var programStatus: ProgramStatus

    public init(intakeComplete: Bool = false, goalsComplete: Bool = false, programStatus: ProgramStatus = .none) {
        self.intakeComplete = intakeComplete
        self.goalsComplete = goalsComplete
        self.programStatus = programStatus
    }

    public static let fresh = Journey()
    public static let complete = Journey(intakeComplete: true, goalsComplete: true, programStatus: .active)

    /// True when the user has finished onboarding as far as the backend knows.
    public var isComplete: Bool { programStatus == .active }

    public var description: String { CanonicalText.build { writeCanonical(to: &$0) } }

    /// Writes `description` for the trace.
    public func writeCanonical(to out: inout some CanonicalWriter) {
        out.write(literal: intakeComplete ? "intake=complete" : "intake=pending")
        out.write(literal: goalsComplete ? " goals=complete" : " goals=pending")
        out.write(literal: " program=")
        out.write(programStatus.rawValue)
    }

    /// The phase this journey resumes at (002 §1 `completeLogin()` routing).
    public var resumePhase: OnboardingPhase {
        if programStatus == .active { return .complete }
        if goalsComplete { return .programReview }
        if intakeComplete { return .processOverview }
        return .intake
    }
}
