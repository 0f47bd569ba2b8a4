import SimKernel

/// A backend endpoint an app calls; scenario faults name it.
///
/// Open: an app names its own endpoints (`Endpoint("upload-photo")`) and lists them in its
/// plug-in; the names below are the two bundled apps'. Two endpoints are the same when their
/// names are.
public struct Endpoint: ListedVocabularyName {
    /// The endpoint's name in scenarios, the trace and reports (`send-otp`).
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    public init(_ name: String) { rawValue = name; fingerprint = NameFingerprint.of(name) }
    /// Any name makes an endpoint; which ones an app calls is the app's to say.
    public init(rawValue: String) { self.init(rawValue) }
    /// For the names below: their fingerprints spelled out, so that naming one costs nothing
    /// (a test holds each equal to `NameFingerprint.of`).
    @usableFromInline init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }

    public static func listedPosition(of name: Endpoint) -> Int? { allCases.firstIndex(of: name) }

    /// The bundled apps' endpoints, the fix plan's first.
    public static let allCases: [Endpoint] = [
        .sendOTP, .verifyOTP, .journey, .generateGoals, .selectGoal, .approveProgram, .activateProgram,
        .program, .registerPush, .pushProgress, .analytics, .refreshSession, .appleSignIn, .bookings,
    ]

    @inlinable public static var sendOTP: Endpoint { Endpoint("send-otp", fingerprint: 0x0662e3bc6d028367) }
    @inlinable public static var verifyOTP: Endpoint { Endpoint("verify-otp", fingerprint: 0x1b7c03e7aba3fda8) }
    @inlinable public static var journey: Endpoint { Endpoint("journey", fingerprint: 0x37f98ee886c0acd3) }
    @inlinable public static var generateGoals: Endpoint { Endpoint("generate-goals", fingerprint: 0x95c6380bcce4c197) }
    @inlinable public static var selectGoal: Endpoint { Endpoint("select-goal", fingerprint: 0x83d458f7e3ad60f3) }
    @inlinable public static var approveProgram: Endpoint { Endpoint("approve-program", fingerprint: 0xfd0af13ae549f8db) }
    @inlinable public static var activateProgram: Endpoint { Endpoint("activate-program", fingerprint: 0xd6cae6f4f7750909) }
    @inlinable public static var program: Endpoint { Endpoint("program", fingerprint: 0x5752dfa9a5b8154b) }
    @inlinable public static var registerPush: Endpoint { Endpoint("register-push", fingerprint: 0xb48023da7a1e6263) }
    @inlinable public static var pushProgress: Endpoint { Endpoint("push-progress", fingerprint: 0x24dbfe95f630e8d3) }
    @inlinable public static var analytics: Endpoint { Endpoint("analytics", fingerprint: 0xbb8f299ccf033beb) }
    @inlinable public static var refreshSession: Endpoint { Endpoint("refresh-session", fingerprint: 0xa5e104546cd5c065) }
    // The pickup app (seed 004); it refreshes its token with `refresh-session` too.
    /// Exchanges an Apple identity credential for a session.
    @inlinable public static var appleSignIn: Endpoint { Endpoint("apple-sign-in", fingerprint: 0xacb18f4818ed9975) }
    /// The main tab's content: the user's pickups.
    @inlinable public static var bookings: Endpoint { Endpoint("bookings", fingerprint: 0x6053c909a5a2c059) }
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
    /// A request of an app outside this package (a plug-in): its endpoint, the user it is made
    /// for, and what it sends.
    indirect case app(AppRequest)

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
        case .app(let request): request.endpoint
        }
    }

    /// Whether the request carries something the user typed or chose (an email, a code, a
    /// goal): such requests are recorded with what they carry (`ModelEvent.requestCarries`).
    public var carriesUserInput: Bool {
        switch self {
        case .sendOTP, .verifyOTP, .selectGoal: true
        case .app(let request): !request.carried.isEmpty
        default: false
        }
    }

    /// What of the user's input the request carries, each with its kind, in the order it sends
    /// them: what oracles compare with what the user entered, for every app.
    public var carried: [CarriedValue] {
        switch self {
        case .sendOTP(let email, _): [CarriedValue(.email, email)]
        case .verifyOTP(let email, let code): [CarriedValue(.email, email), CarriedValue(.code, code)]
        case .selectGoal(_, let option): [CarriedValue(.choice, option)]
        case .app(let request): request.carried
        default: []
        }
    }

    /// Whether the request asks for an account to be made if none exists (a code request's
    /// `shouldCreateUser`); nil when it does not say.
    public var createsAccount: Bool? {
        if case .sendOTP(_, let create) = self { return create }
        return nil
    }

    /// What the request carries of the user's input, for the trace: `send-otp email="…"
    /// create-user=true`, `verify-otp email="…" code="…"`, `select-goal option="…"`, and an app's
    /// own request as `<endpoint> <input>="…"` for each input its role says it carries.
    package func writeCarried(to out: inout some CanonicalWriter) {
        out.write(endpoint.rawValue)
        switch self {
        case .sendOTP(let email, let create):
            out.write(" email=\""); out.write(email); out.write("\" create-user="); out.write(create)
        case .verifyOTP(let email, let code):
            out.write(" email=\""); out.write(email); out.write("\" code=\""); out.write(code); out.write("\"")
        case .selectGoal(_, let option):
            out.write(" option=\""); out.write(option); out.write("\"")
        case .app(let request):
            for value in request.carried {
                out.write(" "); out.write(value.input.rawValue); out.write("=\""); out.write(value.value); out.write("\"")
            }
        default:
            break
        }
    }

    /// The signed-in user an authenticated request is made for (the account's session); nil for
    /// sign-in requests and for analytics, which an anonymous install sends too.
    public var sessionUser: String? {
        switch self {
        case .sendOTP, .verifyOTP, .analytics, .appleSignIn: nil
        case .app(let request): request.user
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
    /// The pickup app's bookings: whose rows they are (each row carries its user's id, as a
    /// database row does) and how many. What the list on screen shows is the rows', whoever the
    /// app asked for.
    case bookings(owner: String, count: Int)
    /// A plug-in app's answer: a status and a body.
    indirect case app(AppReply)
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

/// A request of a plug-in app, as its mock backend and the network see it: the endpoint faults
/// name, the HTTP method and path, the signed-in user it is made for (nil for sign-in and
/// anonymous requests), the headers and the body.
public struct AppRequest: Sendable, Equatable {
    public var endpoint: Endpoint
    public var method: String
    public var path: String
    public var user: String?
    public var headers: [String: String]
    public var body: [UInt8]
    /// What the request carries of the user's input, read from its body where the endpoint's
    /// role says (`RequestRole.carries`; `SimulatedHTTPClient` reads it): recorded in the trace.
    public var carried: [CarriedValue]

    public init(endpoint: Endpoint, method: String = "GET", path: String = "/", user: String? = nil,
                headers: [String: String] = [:], body: [UInt8] = [], carried: [CarriedValue] = []) {
        self.endpoint = endpoint
        self.method = method
        self.path = path
        self.user = user
        self.headers = headers
        self.body = body
        self.carried = carried
    }
}

/// A plug-in app's answer from its mock backend: an HTTP status (2xx for success) and a body.
/// An error status the app should see as one is a `RequestError.status` instead.
public struct AppReply: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int = 200, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
