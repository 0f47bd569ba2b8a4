import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

/// The code door as a plug-in: its screens, the roles of its buttons and requests (what the
/// shared oracles read: typing an email and a code, sending them, the code screen), and its bugs.
struct CodeDoorApp: AppPlugin {
    static let app = AppID("code-door")
    static let send = Endpoint("send-code"), verify = Endpoint("verify-code")
    static let staleCode = Mutant("code-door-stale-code"), screenWithoutSend = Mutant("code-door-screen-without-send")
    static let firstCodeVerified = Mutant("code-door-first-code-verified")
    static let leakedCountdown = Mutant("code-door-leaked-countdown"), earlyResend = Mutant("code-door-early-resend")
    static let looseEmailCheck = Mutant("code-door-loose-email-check"), codeBlamed = Mutant("code-door-code-blamed")
    static let sameError = Mutant("code-door-same-error"), forgetsTheDoor = Mutant("code-door-forgets-the-door")

    let id: AppID
    /// The app as pasted from a team that sleeps on `ContinuousClock` instead of the injected
    /// clock: it must run exactly as the door given the run's clock (`VirtualSleep.swift`).
    let sleepsOnTheWallClock: Bool
    /// A glue that forgot to give its world the inbox: registration refuses it.
    let givesNoInbox: Bool
    /// A glue that declares account losses for a backend that never hears of them (not on
    /// `MockAuth`, no `lose`): registration refuses it.
    let declaresUnheardLosses: Bool
    init(sleepsOnTheWallClock: Bool = false, givesNoInbox: Bool = false, declaresUnheardLosses: Bool = false) {
        self.sleepsOnTheWallClock = sleepsOnTheWallClock
        self.givesNoInbox = givesNoInbox
        self.declaresUnheardLosses = declaresUnheardLosses
        id = givesNoInbox ? AppID("code-door-no-inbox") : declaresUnheardLosses ? AppID("code-door-unheard-losses")
            : sleepsOnTheWallClock ? AppID("code-door-wall-clock") : CodeDoorApp.app
    }
    var accountLosses: [AccountLoss.Kind] { declaresUnheardLosses ? [.sessionRevoked] : [] }
    let summary = "a door that opens for a one-time code sent by email"
    let routes = [RouteName("email", kind: .auth), RouteName("code", kind: .auth), RouteName("room", kind: .main)]
    let actions = ["type-email", "send", "type-code", "verify", "resend", "back"].map { UserAction($0) }
    let endpoints = [CodeDoorApp.send, CodeDoorApp.verify]
    let roles = AppRoles(
        actions: [(UserAction("type-email"), .input(.email)), (UserAction("send"), .submit(.email)),
                  (UserAction("type-code"), .input(.code)), (UserAction("verify"), .submit(.code)), (UserAction("resend"), .resend),
                  (UserAction("back"), .back)],
        // The code screen's countdown: Resend 30 s after each code sent.
        requests: [(CodeDoorApp.send, RequestRole(purpose: .sendsCode, carries: [CarriedInput(.email, key: "email")],
                                                  resendAfter: .seconds(30))),
                   (CodeDoorApp.verify, RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email"),
                                                                                 CarriedInput(.code, key: "code")]))])
    var catalogue: [Mutant.Entry] { sleepsOnTheWallClock || givesNoInbox || declaresUnheardLosses ? [] : Self.bugs }
    static let bugs = [
        Mutant.Entry(CodeDoorApp.staleCode, app: CodeDoorApp.app, summary: "the code screen keeps the last visit's code",
                     source: "002 §6 (each code screen waits for the code just sent)"),
        Mutant.Entry(CodeDoorApp.screenWithoutSend, app: CodeDoorApp.app, summary: "a failed send still shows the code screen",
                     source: "002 §6 (the code screen follows a sent code)"),
        Mutant.Entry(CodeDoorApp.firstCodeVerified, app: CodeDoorApp.app, summary: "Verify sends the first code typed",
                     source: "002 §6 (the verification carries the code the user typed)"),
        Mutant.Entry(CodeDoorApp.leakedCountdown, app: CodeDoorApp.app, summary: "leaving the code screen leaves its countdown running",
                     source: "002 §5 (cancel the timer when its screen goes)"),
        Mutant.Entry(CodeDoorApp.earlyResend, app: CodeDoorApp.app, summary: "Resend is offered 10 s early",
                     source: "002 §5 (Resend 30 s after each code sent)"),
        Mutant.Entry(CodeDoorApp.looseEmailCheck, app: CodeDoorApp.app, summary: "Send takes any address with an @",
                     source: "002 §12 (validate the email before Send); found blind by the free user"),
        Mutant.Entry(CodeDoorApp.codeBlamed, app: CodeDoorApp.app, summary: "a verification the server never judged is told as a wrong code",
                     source: "002 §1 (say the connection failed); found blind by the free user"),
        Mutant.Entry(CodeDoorApp.sameError, app: CodeDoorApp.app, summary: "a tap that fails at once shows the very error it took away",
                     source: "002 §3 (a tap never does nothing); found blind by the free user"),
        Mutant.Entry(CodeDoorApp.forgetsTheDoor, app: CodeDoorApp.app, summary: "a kill forgets the opened door: sign in again",
                     source: "003 (the session survives a force-quit); found blind by sessionSurvivesAKill"),
    ]

    func makeWorld(_ start: AppStart) -> any AppWorld {
        var bugs: CodeDoorBugs = []
        if start.mutants.contains(Self.staleCode) { bugs.insert(.staleCode) }
        if start.mutants.contains(Self.screenWithoutSend) { bugs.insert(.screenWithoutSend) }
        if start.mutants.contains(Self.firstCodeVerified) { bugs.insert(.firstCodeVerified) }
        if start.mutants.contains(Self.leakedCountdown) { bugs.insert(.leakedCountdown) }
        if start.mutants.contains(Self.earlyResend) { bugs.insert(.earlyResend) }
        if start.mutants.contains(Self.looseEmailCheck) { bugs.insert(.looseEmailCheck) }
        if start.mutants.contains(Self.codeBlamed) { bugs.insert(.codeBlamed) }
        if start.mutants.contains(Self.forgetsTheDoor) { bugs.insert(.forgetsTheDoor) }
        if start.mutants.contains(Self.sameError) { bugs.insert(.sameError) }
        // The user's mail: the server delivers each code it sends there, the free user reads it.
        let inbox = Inbox()
        return AppHostWorld(app: id, simulation: start.simulation, backend: CodeDoorServer(simulation: start.simulation, inbox: inbox),
                            faults: start.faults, routes: [.init("POST", "/otp/send", Self.send), .init("POST", "/otp/verify", Self.verify)],
                            requestTimeout: start.requestTimeout, roles: start.roles, inbox: givesNoInbox ? nil : inbox,
                            hooks: Self.hooks(bugs: bugs, sleepsOnTheWallClock: sleepsOnTheWallClock))
    }

    static func hooks(bugs: CodeDoorBugs, sleepsOnTheWallClock: Bool = false) -> AppHost<CodeDoorModel>.Hooks {
        .mainActor(launch: { environment in
                       CodeDoorModel(http: environment.http, clock: sleepsOnTheWallClock ? ContinuousClock() : environment.clock,  // determinism: ok (the wall clock a pasted app sleeps on, made virtual)
                                     bugs: bugs, storage: environment.defaults)
                   },
                   screen: { model in
                       var state: ScreenState
                       switch model.place {
                       case .email:
                           state = ScreenState(route: .named(RouteName("email", kind: .auth)))
                           state.emailField = model.email
                           state.actions = model.isBusy ? [] : [UserAction("type-email")] + (model.canSend ? [UserAction("send")] : [])
                       case .code:
                           state = ScreenState(route: .named(RouteName("code", kind: .auth)))
                           state.codeField = model.code
                           state.countdown = model.countdown > 0 ? model.countdown : nil
                           state.actions = model.isBusy ? []
                               : [UserAction("type-code")] + (model.canVerify ? [UserAction("verify")] : [])
                                   + (model.canResend ? [UserAction("resend")] : []) + [UserAction("back")]
                       case .room:
                           state = ScreenState(route: .named(RouteName("room", kind: .main)))
                       }
                       state.spinner = model.isBusy ? "busy" : nil
                       state.errorText = model.errorMessage
                       return state
                   },
                   tap: { model, action, input in
                       switch action.rawValue {
                       case "type-email": model.email = input ?? ""
                       case "send": await model.sendCode()
                       case "type-code": model.code = input ?? ""
                       case "verify": await model.verify()
                       case "resend": await model.resend()
                       case "back": model.back()
                       default: return
                       }
                   })
    }
}

/// Mails the code 123456 to the address it is sent for, and takes it.
actor CodeDoorServer: SimulatedServer {
    let simulation: Simulation
    let inbox: Inbox
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
    init(simulation: Simulation, inbox: Inbox) {
        self.simulation = simulation
        self.inbox = inbox
    }

    func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        guard case .app(let call) = request else { return .answered(.failure(.status(404, "no such endpoint"))) }
        switch call.endpoint {
        case CodeDoorApp.send:
            let body = String(decoding: call.body, as: UTF8.self)
            if let start = body.range(of: #""email":""#), let end = body[start.upperBound...].firstIndex(of: "\"") {
                inbox.deliver(code: "123456", to: String(body[start.upperBound..<end]))
            }
            return .answered(.success(.app(AppReply(status: 200))))
        case CodeDoorApp.verify:
            let right = String(decoding: call.body, as: UTF8.self).contains(#""code":"123456""#)
            return .answered(.success(.app(AppReply(status: right ? 200 : 401))))
        default: return .answered(.failure(.status(404, "no such endpoint")))
        }
    }

    func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no work")) }
}
