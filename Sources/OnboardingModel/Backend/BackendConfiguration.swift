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

    public init(strictCreateUser: Bool = false, goalGenerationTime: Duration = .seconds(2), accounts: [Account] = []) {
        self.strictCreateUser = strictCreateUser
        self.goalGenerationTime = goalGenerationTime
        self.accounts = accounts
    }
}
