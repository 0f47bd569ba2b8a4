import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `errorBlamesWhatFailed`, on traces written by hand, for an app of its own roles: the error's
/// declared blame against what failed.
@Suite struct ErrorBlameTraceTests {
    static let load = Endpoint("load"), signIn = Endpoint("sign-in")
    static let roles = AppRoles(requests: [(signIn, RequestRole(purpose: .signsIn))],
                                errors: [("Couldn't load", .request([load])), ("No connection", .connection), ("You're offline", .offline),
                                         ("Wrong code", .input), ("The sheet failed", .systemSheet), ("Signed out", .session)])

    /// A launch, `before`, then a screen showing `error`, with `roles`.
    func check(_ error: String, after before: [(Int64, ModelEvent)], roles: AppRoles = Self.roles) -> [Violation] {
        var trace = Trace()
        var shown = ScreenState(route: .named(RouteName("home", kind: .main)))
        let events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .screen(shown))] + before
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        shown.errorText = error
        trace.append(ModelEvent.screen(shown), at: SimulationInstant(nanoseconds: 5_000_000_000))
        trace.append(ModelEvent.note("end"), at: SimulationInstant(nanoseconds: 9_000_000_000))
        return ErrorBlamesWhatFailed().check(RunObservation(trace: trace, roles: roles), settings: OracleSettings())
    }

    func answer(_ endpoint: Endpoint, _ outcome: String, at ms: Int64 = 1_000) -> [(Int64, ModelEvent)] {
        [(ms, .requestSent(id: Int(ms), timeoutMs: 10_000, endpoint: endpoint)), (ms + 100, .responseReceived(id: Int(ms), endpoint: endpoint, outcome: outcome))]
    }

    @Test func anErrorThatBlamesWhatDidNotFailIsReported() {
        #expect(check("Couldn't load your list.", after: answer(Self.signIn, "status 500 oops")).map(\.message)
                    .contains { $0.contains("blamed a failed load, but since the user's last tap what had failed was sign-in (status 500 oops)") })
        #expect(check("You're offline.", after: answer(Self.load, "status 503 busy")).count == 1, "online, a server error")
        #expect(check("The sheet failed.", after: answer(Self.signIn, "timeout")).count == 1, "the network, not the sheet")
        #expect(check("Wrong code.", after: answer(Self.signIn, "timeout")).count == 1, "the network, not the input")
        #expect(check("No connection.", after: answer(Self.load, "status 404 none")).count == 1, "the backend judged it")
        #expect(check("Signed out.", after: answer(Self.load, "ok")).count == 1)
    }

    @Test func anErrorThatBlamesWhatFailedOrAnUndeclaredOneIsQuiet() {
        #expect(check("Couldn't load your list.", after: answer(Self.load, "timeout")).isEmpty)
        #expect(check("No connection.", after: answer(Self.signIn, "status 502 gateway")).isEmpty, "no words of its own for the sign-in's failure")
        #expect(check("You're offline.", after: [(1_000, .connectivity(online: false))]).isEmpty)
        #expect(check("Wrong code.", after: answer(Self.signIn, "status 401 Invalid code")).isEmpty, "a sign-in's 401 is the input's")
        #expect(check("The sheet failed.", after: [(1_000, .userAction(UserAction("sign-in"), detail: ""))]).isEmpty)
        #expect(check("Signed out.", after: [(1_000, .accountLost(user: "u1", deleted: false))]).isEmpty)
        #expect(check("Something odd.", after: []).isEmpty, "not declared: not judged")
        #expect(check("Couldn't load your list.", after: answer(Self.signIn, "status 500 oops"), roles: .none).isEmpty, "no roles, no judging")
    }

    @Test func aFailureFromBeforeTheTapStillExplainsItsError() {
        let goalsFailedAway = answer(Self.load, "timeout", at: 500) + [(3_000, .userAction(UserAction("continue"), detail: ""))]
        #expect(check("Couldn't load your list.", after: goalsFailedAway).isEmpty)
        let thenLoaded = goalsFailedAway + answer(Self.load, "ok", at: 4_000)
        #expect(check("Couldn't load your list.", after: thenLoaded).count == 1, "the load's last answer was ok")
    }

    /// An app with words of its own for its save's failure (002 §8) and none for its check's
    /// (002 §1: "Couldn't connect" for any failed call).
    static let saveAndCheck = AppRoles(errors: [("Couldn't save", .request([Endpoint("save")])), ("Couldn't connect", .connection)])

    @Test func aServerFailureOfARequestWithWordsOfItsOwnIsNotTheConnections() {
        let found = check("Couldn't connect. Check your connection.", after: answer(Endpoint("save"), "status 500 oops"), roles: Self.saveAndCheck)
        #expect(found.map(\.message).contains { $0.hasSuffix("the server failed a request the app has its own words for: show those (002 §8).") },
                "\(found.map(\.message))")
        #expect(check("Couldn't save your goal.", after: answer(Endpoint("save"), "status 500 oops"), roles: Self.saveAndCheck).isEmpty)
        #expect(check("Couldn't connect.", after: answer(Endpoint("check"), "status 503 busy"), roles: Self.saveAndCheck).isEmpty,
                "no words of its own for the check: the connection's are the app's answer (002 §1)")
        #expect(check("Couldn't connect.", after: answer(Endpoint("save"), "timeout"), roles: Self.saveAndCheck).isEmpty,
                "no answer in time is the connection's")
        #expect(check("Couldn't connect.", after: answer(Endpoint("save"), "status 500 oops") + [(2_000, .connectivity(online: false))],
                      roles: Self.saveAndCheck).isEmpty, "offline since: the connection")
    }

    /// Typing a malformed address after a timeout: the app's own check of what was typed blames the
    /// input, rightly, though the last request failed by the connection (a team's trial, seed 222).
    @Test func anInputErrorRightAfterTypingBlamesWhatWasTyped() {
        let typing = UserAction("type-email")
        let roles = AppRoles(actions: [(typing, .input(.email))], requests: [(Self.signIn, RequestRole(purpose: .signsIn))],
                             errors: [("Enter a valid email", .input)])
        let timedOutThenTyped = answer(Self.signIn, "timeout") + [(3_000, .userAction(typing, detail: "new.user@example"))]
        #expect(check("Enter a valid email address.", after: timedOutThenTyped, roles: roles).isEmpty)
        // Without the typing (a tap that is not typing), the timeout is what failed: still reported.
        let timedOutThenTapped = answer(Self.signIn, "timeout") + [(3_000, .userAction(UserAction("sign-in"), detail: ""))]
        #expect(check("Enter a valid email address.", after: timedOutThenTapped, roles: roles).count == 1)
        // Typing, then a request that timed out since: the input is not what failed.
        let typedThenTimedOut = [(500, ModelEvent.userAction(typing, detail: "a@b.co"))] + answer(Self.signIn, "timeout", at: 1_000)
        #expect(check("Enter a valid email address.", after: typedThenTimedOut, roles: roles).count == 1)
    }
}
