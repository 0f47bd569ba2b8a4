import AppVocabulary

/// The fix plan's journeys and phases as the trace records them (`AccountJourney`, `StepName`):
/// made once each, so recording one costs nothing, and read back by the fix plan's own rules.
extension Journey {
    /// This journey as the trace records it.
    public var record: AccountJourney {
        Self.records[(intakeComplete ? 8 : 0) + (goalsComplete ? 4 : 0) + programStatus.order]
    }

    /// The journey `record` stands for, or nil for another app's.
    public init?(_ record: AccountJourney) {
        guard let position = Self.records.firstIndex(of: record) else { return nil }
        self = Self.every[position]
    }

    /// Every journey, by intake, then goals, then the program's status.
    static let every: [Journey] = [false, true].flatMap { intake in
        [false, true].flatMap { goals in
            ProgramStatus.inOrder.map { Journey(intakeComplete: intake, goalsComplete: goals, programStatus: $0) }
        }
    }
    static let records: [AccountJourney] = every.map { AccountJourney($0.description, isComplete: $0.isComplete) }
}

extension OnboardingPhase {
    /// This phase as the trace records a step.
    public var step: StepName { Self.steps[order] }

    /// The phase `step` stands for, or nil for another app's step.
    public init?(_ step: StepName) {
        guard let position = Self.steps.firstIndex(of: step) else { return nil }
        self = Self.inOrder[position]
    }

    static let steps: [StepName] = inOrder.map { StepName($0.rawValue, finishesOnboarding: $0 == .complete) }
}
