import Testing
import SimKernel
import AppVocabulary
import PickupModel
import Oracles
import ToolAppsForTests

/// `signOutHolds`, on traces written by hand: after the user signs out, nothing that needs a
/// session shows until a sign-in of theirs is answered.
@Suite struct SignOutHoldsTraceTests {
    init() { ToolApps.register() }
    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        let start: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "p1")),
                                            (0, screen(.mainTab, actions: [.signOut]))]
        for (ms, event) in start + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return SignOutHolds().check(RunObservation(trace: trace, roles: PickupRoles.roles), settings: OracleSettings())
    }

    func screen(_ route: Route, actions: [UserAction] = []) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        return .screen(state)
    }

    /// Sign Out, confirmed in the alert at 2 s: the sign-in wall.
    let signedOut: [(Int64, ModelEvent)] = [
        (1_000, .userAction(.signOut, detail: "")), (1_000, .screen({
            var alert = ScreenState(route: .mainTab)
            alert.actions = [.cancelSignOut, .confirmSignOut]
            return alert
        }())),
        (2_000, .userAction(.confirmSignOut, detail: "")), (2_000, .signedOut), (2_000, ScreenState(route: .signIn).asEvent),
    ]

    @Test func theMainAppBackWithoutASignInIsReported() {
        // A session written back behind the user's back: the next launch reads it as signed in.
        let found = check(signedOut + [(5_000, .killed(process: 1)), (6_000, .launched(process: 2, cold: true)),
                                       (6_000, .signedIn(user: "p1")), (6_000, screen(.mainTab, actions: [.signOut]))])
        #expect(found.map(\.message).contains { $0.contains("signed out at 2000ms") })
    }

    @Test func theMainAppAfterASignInOrANotConfirmedSignOutIsQuiet() {
        #expect(check(signedOut + [(5_000, .userAction(.signInWithApple, detail: "")),
                                   (5_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .appleSignIn)),
                                   (5_100, .responseReceived(id: 1, endpoint: .appleSignIn, outcome: "ok")),
                                   (5_100, .signedIn(user: "p1")), (5_100, screen(.mainTab, actions: [.signOut]))]).isEmpty)
        // Sign Out that asked first, then Cancel: the user never signed out.
        #expect(check(Array(signedOut.prefix(2)) + [(2_000, .userAction(.cancelSignOut, detail: "")),
                                                    (2_000, screen(.mainTab, actions: [.signOut]))]).isEmpty)
    }

    /// A screen of an app's own that needs a session counts only when the app declares it so
    /// (`AppRoles(signedInRoutes:)`): a plug-in's step after sign-in, shown after Sign out.
    @Test func aDeclaredSignedInScreenAfterASignOutIsReportedAndAnUndeclaredOneIsQuiet() {
        let goals = Route.named(RouteName("goals", kind: .onboarding))
        let signOut = UserAction("sign-out")
        func run(signedInRoutes: [Route]) -> [Violation] {
            var trace = Trace()
            let events: [(Int64, ModelEvent)] = [
                (0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")), (0, screen(.mainTab, actions: [signOut])),
                (1_000, .userAction(signOut, detail: "")), (1_000, .signedOut),
                (1_000, screen(.named(RouteName("welcome", kind: .onboarding)))), (3_000, screen(goals)), (60_000, .note("end")),
            ]
            for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
            let roles = AppRoles(actions: [(signOut, .signOut)], signedInRoutes: signedInRoutes)
            return SignOutHolds().check(RunObservation(trace: trace, roles: roles), settings: OracleSettings())
        }
        #expect(run(signedInRoutes: [goals]).map(\.message).contains { $0.contains("showed goals") })
        #expect(run(signedInRoutes: []).isEmpty)
    }
}

private extension ScreenState {
    var asEvent: ModelEvent { .screen(self) }
}
