import SimKernel

/// The backend endpoints the app calls; scenario faults name them.
public enum Endpoint: String, Sendable, CaseIterable, Comparable {
    case sendOTP = "send-otp"
    case verifyOTP = "verify-otp"
    case journey
    case generateGoals = "generate-goals"
    case selectGoal = "select-goal"
    case approveProgram = "approve-program"
    case activateProgram = "activate-program"
    case program
    case registerPush = "register-push"
    case pushProgress = "push-progress"
    case analytics
    case refreshSession = "refresh-session"
    // The pickup app (seed 004); it refreshes its token with `refresh-session` too.
    /// Exchanges an Apple identity credential for a session.
    case appleSignIn = "apple-sign-in"
    /// The main tab's content: the user's pickups.
    case bookings

    public static func < (lhs: Endpoint, rhs: Endpoint) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A request the client sends.
public enum BackendRequest: Sendable, Equatable {
    case sendOTP(email: String, shouldCreateUser: Bool)
    case verifyOTP(email: String, code: String)
    case journey(userID: String)
    case generateGoals(userID: String)
    case selectGoal(userID: String, option: String)
    case approveProgram(userID: String)
    case activateProgram(userID: String)
    case program(userID: String)
    case registerPush(userID: String, token: String)
    case pushProgress(userID: String, phase: OnboardingPhase)
    /// `eventID` is unique per event on the device, so the backend takes a retried event once.
    case analytics(userID: String, event: String, eventID: String)
    /// Seed 004: "Token refresh triggered on MainTabView appear".
    case refreshSession(userID: String)
    /// Seed 004's Apple sign-in: the credential of the Apple ID the sheet approved.
    case appleSignIn(appleUser: String)
    /// The pickup app's main content.
    case bookings(userID: String)

    public var endpoint: Endpoint {
        switch self {
        case .sendOTP: .sendOTP
        case .verifyOTP: .verifyOTP
        case .journey: .journey
        case .generateGoals: .generateGoals
        case .selectGoal: .selectGoal
        case .approveProgram: .approveProgram
        case .activateProgram: .activateProgram
        case .program: .program
        case .registerPush: .registerPush
        case .pushProgress: .pushProgress
        case .analytics: .analytics
        case .refreshSession: .refreshSession
        case .appleSignIn: .appleSignIn
        case .bookings: .bookings
        }
    }

    /// Whether the request carries something the user typed or chose (an email, a code, a
    /// goal): such requests are recorded with what they carry (`ModelEvent.requestCarries`).
    public var carriesUserInput: Bool {
        switch self {
        case .sendOTP, .verifyOTP, .selectGoal: true
        default: false
        }
    }

    /// What the request carries of the user's input, for the trace: `send-otp email="…"
    /// create-user=true`, `verify-otp email="…" code="…"`, `select-goal option="…"`.
    package func writeCarried(to out: inout some CanonicalWriter) {
        out.write(endpoint.rawValue)
        switch self {
        case .sendOTP(let email, let create):
            out.write(" email=\""); out.write(email); out.write("\" create-user="); out.write(create)
        case .verifyOTP(let email, let code):
            out.write(" email=\""); out.write(email); out.write("\" code=\""); out.write(code); out.write("\"")
        case .selectGoal(_, let option):
            out.write(" option=\""); out.write(option); out.write("\"")
        default:
            break
        }
    }

    /// The signed-in user an authenticated request is made for (the account's session); nil for
    /// sign-in requests and for analytics, which an anonymous install sends too.
    public var sessionUser: String? {
        switch self {
        case .sendOTP, .verifyOTP, .analytics, .appleSignIn: nil
        case .journey(let user), .generateGoals(let user), .selectGoal(let user, _), .approveProgram(let user),
             .activateProgram(let user), .program(let user), .registerPush(let user, _), .pushProgress(let user, _),
             .refreshSession(let user), .bookings(let user):
            user
        }
    }
}

/// A successful answer.
public enum BackendResponse: Sendable, Equatable {
    case accepted
    /// A verified sign-in; `newAccount` when this sign-in created the account (Supabase's user
    /// record says when it was created, so the app can tell a sign-up from an existing account).
    case session(userID: String, newAccount: Bool)
    case journey(Journey)
    case goalOptions([String])
    case contract(id: String)
    case program(ProgramStatus)
    /// The pickup app's bookings: how many the user has.
    case bookings(count: Int)
}

/// Why a request failed, as the client sees it.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device had no connection when the request was made.
    case offline
    /// No answer within the client's timeout (a dropped request, a lost response, a hung server).
    case timeout
    /// The server answered with an error status.
    case status(Int, String)
    /// The task waiting for the answer was cancelled (its screen or process went away).
    case cancelled

    public var description: String {
        switch self {
        case .offline: "offline"
        case .timeout: "timeout"
        case .status(let code, let message): "status \(code) \(message)"
        case .cancelled: "cancelled"
        }
    }
}
