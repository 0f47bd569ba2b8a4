import SimKernel

/// An onboarding step as an app's progress records name it (the fix plan's `goalReview`): what
/// the client's step, its sync queue and the backend's stored progress speak of in the trace
/// (`progress user=u1 phase=goalReview`), and whether it is the step that finishes onboarding.
///
/// A small number into a table of the names made in this process, like `RouteName`: a plain
/// value that costs nothing to record. The number never leaves the process.
public struct StepName: Sendable, Hashable, CustomStringConvertible {
    static let table = WordTable()
    let index: UInt32
    /// Whether storing this step means the user finished onboarding.
    public let finishesOnboarding: Bool

    public init(_ name: String, finishesOnboarding: Bool = false) {
        index = Self.table.intern(name)
        self.finishesOnboarding = finishesOnboarding
    }

    public var name: String { Self.table.word(index) }
    public var description: String { name }
}

/// What an app's backend records of a user's way through onboarding, as the trace prints it
/// (the fix plan's `intake=complete goals=pending program=draft`), and whether it is complete:
/// what oracles read to tell an empty main app from a finished user's. An app records its own
/// journey type as one of these (the fix plan's journeys, through `record`).
public struct AccountJourney: Sendable, Hashable, CustomStringConvertible {
    static let table = WordTable()
    let index: UInt32
    /// True when the user has finished onboarding as far as the backend knows.
    public let isComplete: Bool

    public init(_ text: String, isComplete: Bool) {
        index = Self.table.intern(text)
        self.isComplete = isComplete
    }

    public var description: String { Self.table.word(index) }

    /// Writes `description` for the trace.
    public func writeCanonical(to out: inout some CanonicalWriter) { out.write(description) }
}
