import AppVocabulary

/// How the mock backend behaves, and the accounts it starts with.
public struct BackendConfiguration: Sendable, Equatable {
    /// An account that exists before the run.
    public struct Account: Sendable, Equatable {
        public var email: String
        public var journey: Journey

        public init(email: String, journey: Journey) {
            self.email = email
            self.journey = journey
        }
    }

    /// Reject a `sendOTP` whose `shouldCreateUser` differs from the one of the sign-in still
    /// pending for that email (002 §9: "If Supabase is strict about this, the resend could fail").
    public var strictCreateUser: Bool
    /// How long the backend takes to generate goal options (002 §2 "Backend is slow").
    public var goalGenerationTime: Duration
    public var accounts: [Account]
    /// How the backend stores a progress push.
    public var progressWrites: ProgressWrites

    /// How the backend stores onboarding progress pushes.
    public enum ProgressWrites: String, Sendable, Equatable, CaseIterable {
        /// Keep the furthest step: a late push of an older step changes nothing (the default).
        case keepMaximum
        /// Store every push as it arrives, as a plain `UPDATE` would: pushes that arrive out of
        /// order move progress backward, so the order the app sends them in shows.
        case lastWriteWins
    }

    public init(strictCreateUser: Bool = false, goalGenerationTime: Duration = .seconds(2), accounts: [Account] = [],
                progressWrites: ProgressWrites = .keepMaximum) {
        self.strictCreateUser = strictCreateUser
        self.goalGenerationTime = goalGenerationTime
        self.accounts = accounts
        self.progressWrites = progressWrites
    }
}
