import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// Oracles closed by the third batch of hand-written bugs: an error that blames a connection
/// that worked, an email field that brings back an address the user replaced, and a push token
/// for a user who said "Not now". Each made to fire and shown quiet on traces written by hand.
@Suite struct BlameAndEntryTraceTests {
    init() { ToolApps.register() }
    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    func screen(_ route: Route, error: String? = nil, actions: [UserAction] = [.back], email: String = "") -> ModelEvent {
        var state = ScreenState(route: route)
        state.errorText = error
        state.actions = actions
        state.emailField = email
        return .screen(state)
    }

    // MARK: connectionBlamedOnlyWhenItFailed

    static let connectionError = "Couldn't sign in. Check your connection and try again."

    /// An online phone; the user taps Sign in with Apple; `between` happens; the sign-in screen
    /// then shows `error`.
    func signInFails(_ between: [(Int64, ModelEvent)], error: String = connectionError) -> RunObservation {
        trace([(0, .connectivity(online: true)), (0, .launched(process: 1, cold: true)),
               (0, screen(.signIn, actions: [.signInWithApple])),
               (1_000, .userAction(.signInWithApple, detail: ""))] + between
              + [(3_000, screen(.signIn, error: error, actions: [.signInWithApple])), (60_000, .note("end"))])
    }

    @Test func anErrorThatBlamesAConnectionThatWorkedIsReported() {
        let found = ConnectionBlamedOnlyWhenItFailed().check(signInFails([]), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("check a connection that works") })
        let answered = signInFails([(1_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .appleSignIn)),
                                    (1_600, .responseReceived(id: 1, endpoint: .appleSignIn, outcome: "status 401 Unauthorized"))])
        #expect(ConnectionBlamedOnlyWhenItFailed().check(answered, settings: OracleSettings()).count == 1)
    }

    @Test func anErrorThatBlamesTheConnectionAfterANetworkFailureOrOfflineIsFine() {
        for outcome in ["timeout", "dropped", "offline", "status 503 Service Unavailable"] {
            let failed = signInFails([(1_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .appleSignIn)),
                                      (2_500, .responseReceived(id: 1, endpoint: .appleSignIn, outcome: outcome))])
            #expect(ConnectionBlamedOnlyWhenItFailed().check(failed, settings: OracleSettings()).isEmpty, "\(outcome)")
        }
        let offline = signInFails([(1_200, .connectivity(online: false)), (1_300, .connectivity(online: true))])
        #expect(ConnectionBlamedOnlyWhenItFailed().check(offline, settings: OracleSettings()).isEmpty)
        let ownWords = signInFails([], error: "Sign in with Apple failed. Please try again.")
        #expect(ConnectionBlamedOnlyWhenItFailed().check(ownWords, settings: OracleSettings()).isEmpty)
    }

    @Test func noConnectionSaidLongAfterTheConnectionCameBackIsReported() {
        // Offline a moment after the tap; back online at 1.3 s; "No connection" at 3 s, with no request failed.
        let late = signInFails([(1_100, .connectivity(online: false)), (1_300, .connectivity(online: true))],
                               error: "No connection. Try again.")
        #expect(ConnectionBlamedOnlyWhenItFailed().check(late, settings: OracleSettings())
            .map(\.message).contains { $0.contains("again since 1300ms") })
    }

    @Test func noConnectionSaidWhileOfflineJustAfterOrAfterAFailedRequestIsFine() {
        let stillOffline = signInFails([(1_200, .connectivity(online: false))], error: "No connection. Try again.")
        #expect(ConnectionBlamedOnlyWhenItFailed().check(stillOffline, settings: OracleSettings()).isEmpty)
        let justBack = signInFails([(1_100, .connectivity(online: false)), (2_800, .connectivity(online: true))],
                                   error: "No connection. Try again.")
        #expect(ConnectionBlamedOnlyWhenItFailed().check(justBack, settings: OracleSettings()).isEmpty)
        let dropped = signInFails([(1_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .appleSignIn)),
                                   (2_500, .responseReceived(id: 1, endpoint: .appleSignIn, outcome: "dropped"))],
                                  error: "No connection. Try again.")
        #expect(ConnectionBlamedOnlyWhenItFailed().check(dropped, settings: OracleSettings()).isEmpty)
    }

    @Test func noConnectionSaidAfterTheBackendAnsweredWithAServerErrorIsReported() {
        // Ninth batch: an app that words every failed call as "No connection": the backend answered.
        let answered = signInFails([(1_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .appleSignIn)),
                                    (1_600, .responseReceived(id: 1, endpoint: .appleSignIn, outcome: "status 503 Service Unavailable"))],
                                   error: "No connection. Try again.")
        #expect(ConnectionBlamedOnlyWhenItFailed().check(answered, settings: OracleSettings())
            .map(\.message).contains { $0.contains("the backend had answered (status 503 Service Unavailable)") })
        let unanswered = signInFails([(1_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .appleSignIn)),
                                      (1_600, .responseReceived(id: 1, endpoint: .appleSignIn, outcome: "status 503 Service Unavailable")),
                                      (1_700, .requestSent(id: 2, timeoutMs: 1_000, endpoint: .appleSignIn)),
                                      (2_700, .responseReceived(id: 2, endpoint: .appleSignIn, outcome: "timeout"))],
                                     error: "No connection. Try again.")
        #expect(ConnectionBlamedOnlyWhenItFailed().check(unanswered, settings: OracleSettings()).isEmpty)
    }

    // MARK: emailFieldIsTheUsers

    let auth = Route.onboarding(.auth)

    /// The user types and sends `first` (its code goes out), comes back with Use a different email,
    /// types and sends `second`, and is killed; the resumed email screen shows `resumed`.
    func twoEmails(first: String, second: String, resumed: String, secondSent: Bool = true) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, screen(auth, actions: [.typeEmail])),
            (1_000, .userAction(.typeEmail, detail: "\"\(first)\"")), (1_000, screen(auth, actions: [.sendCode], email: first)),
            (2_000, .userAction(.sendCode, detail: "")), (2_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)),
            (2_000, .requestCarries(id: 1, request: .sendOTP(email: first, shouldCreateUser: true))),
            (2_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok")),
            (2_100, screen(.onboarding(.authVerification), actions: [.useDifferentEmail], email: first)),
            (3_000, .userAction(.useDifferentEmail, detail: "")), (3_000, screen(auth, actions: [.sendCode], email: first)),
            (4_000, .userAction(.typeEmail, detail: "\"\(second)\"")), (4_000, screen(auth, actions: [.sendCode], email: second))]
        if secondSent {
            events += [(5_000, .userAction(.sendCode, detail: "")), (5_000, .requestSent(id: 2, timeoutMs: 10_000, endpoint: .sendOTP)),
                       (5_000, .requestCarries(id: 2, request: .sendOTP(email: second, shouldCreateUser: true))),
                       (5_100, .responseReceived(id: 2, endpoint: .sendOTP, outcome: "ok")),
                       (5_100, screen(.onboarding(.authVerification), actions: [.useDifferentEmail], email: second))]
        }
        events += [(6_000, .killed(process: 1)), (9_000, .launched(process: 2, cold: true)),
                   (9_000, screen(auth, actions: [.sendCode], email: resumed)), (60_000, .note("end"))]
        return trace(events)
    }

    @Test func anEmailFieldThatBringsBackAnAddressTheUserReplacedIsReported() {
        let run = twoEmails(first: "ana@example.com", second: "li.wei@example.org", resumed: "ana@example.com")
        let found = EmailFieldIsTheUsers().check(run, settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("the email the user typed last was \"li.wei@example.org\"") })
    }

    @Test func anEmailFieldWithTheLastTypedSentOrDeliveredAddressIsFine() {
        let latest = twoEmails(first: "ana@example.com", second: "li.wei@example.org", resumed: "Li.Wei@example.org ")
        #expect(EmailFieldIsTheUsers().check(latest, settings: OracleSettings()).isEmpty)
        // Typed and never sent: the address the last code went to may come back after a kill.
        let unsent = twoEmails(first: "ana@example.com", second: "li.wei@example.org", resumed: "ana@example.com", secondSent: false)
        #expect(EmailFieldIsTheUsers().check(unsent, settings: OracleSettings()).isEmpty)
    }

    /// The user types an address and taps Send code; the send fails with `outcome`; the email
    /// screen then shows the error with `after` in the field (`between` happens before that).
    func sendFails(after: String, between: [(Int64, ModelEvent)] = []) -> RunObservation {
        let typed = "ana@example.com"
        return trace([(0, .launched(process: 1, cold: true)), (0, screen(auth, actions: [.typeEmail])),
                      (1_000, .userAction(.typeEmail, detail: "\"\(typed)\"")), (1_000, screen(auth, actions: [.sendCode], email: typed)),
                      (2_000, .userAction(.sendCode, detail: "")), (2_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .sendOTP)),
                      (2_100, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "status 500 Internal Server Error"))]
                     + between
                     + [(4_000, screen(auth, error: "Couldn't send the code. Try again.", actions: [.typeEmail], email: after)),
                        (60_000, .note("end"))])
    }

    @Test func anEmailFieldEmptiedUnderTheUserOnTheScreenTheyTypedOnIsReported() {
        let found = EmailFieldIsTheUsers().check(sendFails(after: ""), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("emptied its email field while the user was still on it") })
    }

    @Test func anEmailFieldThatKeepsTheAddressOrIsEmptyOnAnotherScreenOrLaunchIsFine() {
        #expect(EmailFieldIsTheUsers().check(sendFails(after: "ana@example.com"), settings: OracleSettings()).isEmpty)
        let relaunched = sendFails(after: "", between: [(2_500, .killed(process: 1)), (3_000, .launched(process: 2, cold: true))])
        #expect(EmailFieldIsTheUsers().check(relaunched, settings: OracleSettings()).isEmpty)
        let leftAndBack = sendFails(after: "", between: [(2_500, screen(.onboarding(.intakeComplete), actions: [.back]))])
        #expect(EmailFieldIsTheUsers().check(leftAndBack, settings: OracleSettings()).isEmpty)
    }

    // MARK: pushRegistered

    func notifications(_ answer: ModelEvent?, tapped: UserAction) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")),
                                             (0, screen(.onboarding(.notificationPermission), actions: [.enableNotifications, .notNow])),
                                             (1_000, .userAction(tapped, detail: ""))]
        if let answer { events.append((1_800, answer)) }
        events += [(2_000, screen(.onboarding(.success), actions: [.start])), (3_000, .pushTokenRegistered(user: "u1")),
                   (90_000, .note("end"))]
        return trace(events)
    }

    @Test func aPushTokenForAUserWhoTappedNotNowIsReported() {
        let found = PushRegistered().check(notifications(nil, tapped: .notNow), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("tapped \"Not now\"") })
    }

    @Test func aPushTokenAfterAGrantIsFine() {
        let run = notifications(.permissionAnswered(granted: true), tapped: .enableNotifications)
        #expect(PushRegistered().check(run, settings: OracleSettings()).isEmpty)
    }
}

/// `resumesAtCachedStep` before sign-in: the step an anonymous user went back to is where a kill resumes.
@Suite struct ResumeBeforeSignInTraceTests {
    init() { ToolApps.register() }
    func resume(after wentBack: Bool, resumedAt resumed: OnboardingPhase, signedIn: Bool = false) -> RunObservation {
        var trace = Trace()
        func at(_ ms: Int64, _ event: ModelEvent) { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        func screen(_ phase: OnboardingPhase) -> ModelEvent {
            var state = ScreenState(route: .onboarding(phase))
            state.actions = [.next, .back]
            return .screen(state)
        }
        at(0, .launched(process: 1, cold: true)); at(0, .launchContext(sessionUser: signedIn ? "u1" : nil, cacheHit: false))
        if signedIn { at(0, .signedIn(user: "u1")) }
        at(0, screen(.intake)); at(1_000, .userAction(.next, detail: "")); at(1_000, screen(.intakeComplete))
        if wentBack { at(2_000, .userAction(.back, detail: "")); at(2_000, screen(.intake)) }
        at(3_000, .killed(process: 1)); at(9_000, .launched(process: 2, cold: true))
        at(9_000, .launchContext(sessionUser: signedIn ? "u1" : nil, cacheHit: true)); at(9_000, screen(resumed))
        at(60_000, .note("end"))
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    @Test func aResumePastTheStepAnAnonymousUserWentBackToIsReported() {
        let found = ResumesAtCachedStep().check(resume(after: true, resumedAt: .intakeComplete), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("a step the user had gone back to was skipped") })
    }

    @Test func aUserKilledOnTheIntroTheyStartedOverToIsNotOfferedTheStepTheyLeft() {
        var trace = Trace()
        func at(_ ms: Int64, _ event: ModelEvent) { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        func screen(_ phase: OnboardingPhase, gate: Bool = false) -> ModelEvent {
            var state = ScreenState(route: .onboarding(phase))
            state.actions = gate ? [.resume, .startOver] : [.getStarted, .logIn]
            state.resumeGate = gate
            return .screen(state)
        }
        at(0, .launched(process: 1, cold: true)); at(0, .launchContext(sessionUser: nil, cacheHit: true)); at(0, screen(.intakeComplete, gate: true))
        at(1_000, .userAction(.startOver, detail: "")); at(1_000, screen(.intro)); at(2_000, .killed(process: 1))
        at(9_000, .launched(process: 2, cold: true)); at(9_000, .launchContext(sessionUser: nil, cacheHit: true))
        at(9_000, screen(.intakeComplete, gate: true)); at(60_000, .note("end"))
        let found = ResumesAtCachedStep().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("a step the user had gone back to was skipped") })
    }

    @Test func aResumeAtTheStepTheUserWasOnOrASignedInUsersFurthestStepIsFine() {
        #expect(ResumesAtCachedStep().check(resume(after: true, resumedAt: .intake), settings: OracleSettings()).isEmpty)
        #expect(ResumesAtCachedStep().check(resume(after: false, resumedAt: .intakeComplete), settings: OracleSettings()).isEmpty)
        let signedIn = resume(after: true, resumedAt: .intakeComplete, signedIn: true)
        #expect(ResumesAtCachedStep().check(signedIn, settings: OracleSettings()).isEmpty)
    }
}

/// `noErrorFromTheLastSession`: an error after a sign-in that follows a sign-out needs a cause in the new session.
@Suite struct SessionErrorTraceTests {
    init() { ToolApps.register() }
    func signInAgain(failureInTheNewSession: Bool) -> RunObservation {
        var trace = Trace()
        func at(_ ms: Int64, _ event: ModelEvent) { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        func screen(_ phase: OnboardingPhase, error: String? = nil) -> ModelEvent {
            var state = ScreenState(route: .onboarding(phase))
            state.actions = [.activate]
            state.errorText = error
            return .screen(state)
        }
        at(0, .connectivity(online: true)); at(0, .launched(process: 1, cold: true)); at(0, .signedIn(user: "u1"))
        at(0, screen(.programReview)); at(1_000, .signedOut); at(1_000, screen(.intro))
        at(5_000, .signedIn(user: "u1"))
        if failureInTheNewSession {
            at(5_010, .requestSent(id: 7, timeoutMs: 10_000, endpoint: .program))
            at(5_040, .responseReceived(id: 7, endpoint: .program, outcome: "status 503 Service Unavailable"))
        }
        at(5_050, screen(.programReview, error: "Couldn't activate your program. Please try again."))
        at(60_000, .note("end"))
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    @Test func anErrorThatNothingInTheNewSessionCausedIsReported() {
        let found = NoErrorFromTheLastSession().check(signInAgain(failureInTheNewSession: false), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("belongs to the session that ended") })
    }

    @Test func anErrorAfterAFailureInTheNewSessionIsFine() {
        #expect(NoErrorFromTheLastSession().check(signInAgain(failureInTheNewSession: true), settings: OracleSettings()).isEmpty)
    }
}
