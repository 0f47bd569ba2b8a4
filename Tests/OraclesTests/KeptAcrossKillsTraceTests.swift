import Testing
import SimKernel
import AppVocabulary
import Oracles

/// What an app promises to keep when it is killed (`AppRoles.keptAcrossKills`), judged on traces
/// written by hand for an app of any names: the email step of a later launch comes back with the
/// address the code screen showed for (003: "Force-quit mid-onboarding: Resume from where they
/// left off"; 002 §6), and an app that makes no such promise is not held to it.
@Suite struct KeptAcrossKillsTraceTests {
    static let welcome = Route.named(RouteName("welcome", kind: .onboarding))
    static let email = Route.named(RouteName("email", kind: .auth))
    static let code = Route.named(RouteName("code", kind: .auth))
    static let logIn = UserAction("log-in"), typeEmail = UserAction("type-email"), sendCode = UserAction("send-code")
    static let typeCode = UserAction("type-code"), verify = UserAction("verify"), otherEmail = UserAction("use-another-email")
    static let sendOTP = Endpoint("otp"), verifyOTP = Endpoint("verify")

    static func roles(keeping kept: [UserInput]) -> AppRoles {
        AppRoles(actions: [(logIn, .start(returning: true)), (typeEmail, .input(.email)), (sendCode, .submit(.email)),
                           (typeCode, .input(.code)), (verify, .submit(.code)), (otherEmail, .startOver)],
                 requests: [(sendOTP, RequestRole(purpose: .sendsCode, carries: [CarriedInput(.email, key: "email")])),
                            (verifyOTP, RequestRole(purpose: .signsIn))],
                 keptAcrossKills: kept)
    }

    func screen(_ route: Route, _ actions: [UserAction], email: String = "") -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.emailField = email
        return .screen(state)
    }

    /// A code sent to a@x.io at 2 s and the code screen at 2.5 s (unless `codeScreen` is false);
    /// `between` at 3 s; the app `ended` (killed or reinstalled) at 5 s; a new launch on the
    /// welcome screen, and Log in at 7 s opens the email step showing `field`.
    func relaunch(keeping kept: [UserInput] = [.email], codeScreen: Bool = true, between: [(Int64, ModelEvent)] = [],
                  reinstalled: Bool = false, field: String = "") -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, screen(Self.email, [Self.typeEmail])),
            (1_000, .userAction(Self.typeEmail, detail: "\"a@x.io\"")), (1_000, screen(Self.email, [Self.typeEmail, Self.sendCode], email: "a@x.io")),
            (2_000, .userAction(Self.sendCode, detail: "")), (2_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.sendOTP)),
            (2_000, .requestCarries(id: 1, request: .app(AppRequest(endpoint: Self.sendOTP, carried: [CarriedValue(.email, "a@x.io")])))),
            (2_500, .responseReceived(id: 1, endpoint: Self.sendOTP, outcome: "ok")),
        ]
        if codeScreen { events.append((2_500, screen(Self.code, [Self.typeCode, Self.verify, Self.otherEmail]))) }
        events += between
        events += [(5_000, .killed(process: 1)), (5_000, .screen(.notRunning))]
        if reinstalled { events.append((5_500, .reinstalled)) }
        events += [(6_000, .launched(process: 2, cold: true)), (6_000, screen(Self.welcome, [Self.logIn])),
                   (7_000, .userAction(Self.logIn, detail: "")), (7_000, screen(Self.email, [Self.typeEmail, Self.sendCode], email: field))]
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles(keeping: kept))
    }

    func check(_ run: RunObservation) -> [Violation] { EmailFieldIsTheUsers().check(run, settings: OracleSettings()) }

    @Test func anAppThatKeepsTheAddressAndComesBackEmptyAfterAKillIsReported() {
        let found = check(relaunch())
        #expect(found.map(\.message).contains { $0.contains("email came back with an empty email field in a later launch, though the code screen had shown for \"a@x.io\"") },
                "\(found.map(\.message))")
    }

    @Test func theAddressComingBackOrAnAppThatPromisesNothingIsQuiet() {
        #expect(check(relaunch(field: "a@x.io")).isEmpty)
        #expect(check(relaunch(keeping: [])).isEmpty)
    }

    @Test func aReinstallStartingOverOrACodeScreenNeverShownReleasesThePromise() {
        #expect(check(relaunch(reinstalled: true)).isEmpty)
        #expect(check(relaunch(between: [(3_000, .userAction(Self.otherEmail, detail: "")), (3_000, screen(Self.email, [Self.typeEmail]))])).isEmpty)
        // Killed in the instant the code was sent: the app never showed that it took the answer.
        #expect(check(relaunch(codeScreen: false)).isEmpty)
        // 003: "Corrupted/unreadable cache: Treat as missing".
        #expect(check(relaunch(between: [(3_000, .cacheCorrupted)])).isEmpty)
    }

    /// Found by trying the fix plan's app with the promise declared: once a sign-in used the
    /// address, the promise is kept; and a signed-in user sent back to the email step is judged
    /// by the rules of a session, not this one.
    @Test func aSignInThatUsedTheAddressOrASessionAtTheRelaunchEndsThePromise() {
        let verified: [(Int64, ModelEvent)] = [(3_000, ModelEvent.requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.verifyOTP)),
                        (3_100, .responseReceived(id: 2, endpoint: Self.verifyOTP, outcome: "ok"))]
        #expect(check(relaunch(between: verified)).isEmpty)
        #expect(check(relaunch(between: [(3_000, .signedIn(user: "u1"))])).isEmpty)
        // A failed verification leaves the promise standing.
        let refused: [(Int64, ModelEvent)] = [(3_000, ModelEvent.requestSent(id: 2, timeoutMs: 10_000, endpoint: Self.verifyOTP)),
                       (3_100, .responseReceived(id: 2, endpoint: Self.verifyOTP, outcome: "status 403"))]
        #expect(check(relaunch(between: refused)).count == 1)
    }
}
