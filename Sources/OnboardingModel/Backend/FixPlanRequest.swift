import AppVocabulary
import SimKernel

/// A request the fix plan's client sends, as its own value (`BackendRequest.typed`): the network
/// and the oracles read it only through `TypedAppRequest`; `MockBackend` takes it back.
public enum FixPlanRequest: TypedAppRequest, Equatable {
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
        }
    }

    public var carried: [CarriedValue] {
        switch self {
        case .sendOTP(let email, _): [CarriedValue(.email, email)]
        case .verifyOTP(let email, let code): [CarriedValue(.email, email), CarriedValue(.code, code)]
        case .selectGoal(_, let option): [CarriedValue(.choice, option)]
        default: []
        }
    }

    public var carriesUserInput: Bool {
        switch self {
        case .sendOTP, .verifyOTP, .selectGoal: true
        default: false
        }
    }

    public var createsAccount: Bool? {
        if case .sendOTP(_, let create) = self { return create }
        return nil
    }

    /// `send-otp email="…" create-user=true`, `verify-otp email="…" code="…"`,
    /// `select-goal option="…"`: the words the fix plan's traces have always used.
    public func writeCarried(to out: inout some CanonicalWriter) {
        switch self {
        case .sendOTP(let email, let create):
            out.write(literal: " email=\""); out.write(email); out.write(literal: "\" create-user="); out.write(create)
        case .verifyOTP(let email, let code):
            out.write(literal: " email=\""); out.write(email); out.write(literal: "\" code=\""); out.write(code); out.write(literal: "\"")
        case .selectGoal(_, let option):
            out.write(literal: " option=\""); out.write(option); out.write(literal: "\"")
        default:
            break
        }
    }

    /// Sign-in requests and analytics (which an anonymous install sends too) are made for nobody.
    public var sessionUser: String? {
        switch self {
        case .sendOTP, .verifyOTP, .analytics: nil
        case .journey(let user), .generateGoals(let user), .selectGoal(let user, _), .approveProgram(let user),
             .activateProgram(let user), .program(let user), .registerPush(let user, _), .pushProgress(let user, _),
             .refreshSession(let user):
            user
        }
    }
}

/// An answer of the fix plan's backend, as the client reads it: the two every sign-in speaks
/// (`BackendResponse.accepted`, `.session`) and its own (`BackendResponse.typed`).
public enum FixPlanReply: TypedAppReply, Equatable {
    case accepted
    case session(userID: String, newAccount: Bool)
    case journey(Journey)
    case goalOptions([String])
    case contract(id: String)
    case program(ProgramStatus)

    /// The answer as the network carries it.
    public var response: BackendResponse {
        switch self {
        case .accepted: .accepted
        case .session(let user, let newAccount): .session(userID: user, newAccount: newAccount)
        default: .typed(self)
        }
    }

    /// A network outcome as the client reads it; an answer of another app's shape is a server
    /// error (it cannot happen: the fix plan's backend answers only with these).
    public static func of(_ result: Result<BackendResponse, RequestError>) -> Result<FixPlanReply, RequestError> {
        switch result {
        case .success(.accepted): .success(.accepted)
        case .success(.session(let user, let newAccount)): .success(.session(userID: user, newAccount: newAccount))
        case .success(let response): response.typed(as: FixPlanReply.self).map { .success($0) }
            ?? .failure(.status(500, "An answer the app cannot read"))
        case .failure(let error): .failure(error)
        }
    }
}

extension Result where Success == FixPlanReply, Failure == RequestError {
    /// The outcome as the network carries it.
    var response: Result<BackendResponse, RequestError> { map(\.response) }
}

extension BackendRequest {
    // The fix plan's requests as the network carries them (`.typed(FixPlanRequest…)`): for code
    // that sends one outside `ClientStore.call` and for traces written by hand.
    public static func sendOTP(email: String, shouldCreateUser: Bool) -> BackendRequest {
        .typed(FixPlanRequest.sendOTP(email: email, shouldCreateUser: shouldCreateUser))
    }
    public static func verifyOTP(email: String, code: String) -> BackendRequest { .typed(FixPlanRequest.verifyOTP(email: email, code: code)) }
    public static func journey(userID: String) -> BackendRequest { .typed(FixPlanRequest.journey(userID: userID)) }
    public static func selectGoal(userID: String, option: String) -> BackendRequest {
        .typed(FixPlanRequest.selectGoal(userID: userID, option: option))
    }
    public static func pushProgress(userID: String, phase: OnboardingPhase) -> BackendRequest {
        .typed(FixPlanRequest.pushProgress(userID: userID, phase: phase))
    }
}
