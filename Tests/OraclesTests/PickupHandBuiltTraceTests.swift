import Testing
import PickupSim
import SimKernel
import AppVocabulary
import PickupModel
import OnboardingModel
import Oracles
import ToolAppsForTests

/// Seed 004's own oracles on traces written by hand: each rule in isolation, beyond the shape
/// of the mutant that first needed it.
@Suite struct PickupHandBuiltTraceTests {
    init() { ToolApps.register() }
    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: PickupRoles.roles)
    }

    func screen(_ route: Route, actions: [UserAction] = [], alert: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.alert = alert
        return .screen(state)
    }

    /// Signed in on main; a Sign Out tap at 1 s, then whatever `after` adds.
    func signOutTap(then after: [(Int64, ModelEvent)]) -> RunObservation {
        trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "p1")), (0, screen(.mainTab, actions: [.signOut])),
               (1_000, .userAction(.signOut, detail: "")),
               (1_000, screen(.mainTab, actions: [.cancelSignOut, .confirmSignOut], alert: "Are you sure?"))] + after)
    }

    @Test func aSignOutLongAfterTheTapWithNoConfirmationIsReported() {
        let late = signOutTap(then: [(1_400, .signedOut), (1_400, screen(.signIn, actions: [.signInWithApple]))])
        #expect(SignOutConfirmed().check(late, settings: OracleSettings()).count == 1, "not only in the tap's instant")
    }

    @Test func aConfirmedOrCancelledSignOutAndARefusedSessionAreFine() {
        let confirmed = signOutTap(then: [(2_000, .userAction(.confirmSignOut, detail: "")), (2_000, .signedOut),
                                          (2_000, screen(.signIn, actions: [.signInWithApple]))])
        #expect(SignOutConfirmed().check(confirmed, settings: OracleSettings()).isEmpty)
        let cancelledThenRefused = signOutTap(then: [
            (2_000, .userAction(.cancelSignOut, detail: "")), (2_000, screen(.mainTab, actions: [.signOut])),
            (9_000, .responseReceived(id: 3, endpoint: .bookings, outcome: "status 401 Session expired")), (9_000, .signedOut),
        ])
        #expect(SignOutConfirmed().check(cancelledThenRefused, settings: OracleSettings()).isEmpty)
        let refusedWhileAsking = signOutTap(then: [
            (3_000, .responseReceived(id: 3, endpoint: .bookings, outcome: "status 401 Session expired")), (3_000, .signedOut),
        ])
        #expect(SignOutConfirmed().check(refusedWhileAsking, settings: OracleSettings()).isEmpty, "the backend's doing")
    }

    @Test func anAlertThatGoesWithoutAnAnswerOrAConfirmationThatSignsNoOneOutIsReported() {
        let vanished = signOutTap(then: [(2_000, .connectivity(online: false)), (2_000, screen(.mainTab, actions: [.signOut]))])
        #expect(SignOutConfirmed().check(vanished, settings: OracleSettings()).map(\.message).contains { $0.contains("with no answer") })
        let ignored = signOutTap(then: [(2_000, .userAction(.confirmSignOut, detail: "")), (2_000, screen(.mainTab, actions: [.signOut])),
                                        (9_000, .note("end"))])
        #expect(SignOutConfirmed().check(ignored, settings: OracleSettings()).map(\.message).contains { $0.contains("still signed in") })
    }

    @Test func onboardingAfterSignInOrMainIsReportedUnlessTheAppWasReinstalled() {
        let again = trace([(0, .launched(process: 1, cold: true)), (0, screen(.page(1), actions: [.nextPage, .skip])),
                           (1_000, .userAction(.skip, detail: "")), (1_000, screen(.signIn, actions: [.signInWithApple])),
                           (5_000, .killed(process: 1)), (9_000, .launched(process: 2, cold: true)),
                           (9_000, screen(.page(1), actions: [.nextPage, .skip]))])
        #expect(OnboardingOncePerInstall().check(again, settings: OracleSettings()).count == 1)
        let reinstalled = trace([(0, .launched(process: 1, cold: true)), (0, screen(.signIn, actions: [.signInWithApple])),
                                 (5_000, .killed(process: 1)), (5_000, .reinstalled), (9_000, .launched(process: 2, cold: true)),
                                 (9_000, screen(.page(1), actions: [.nextPage, .skip]))])
        #expect(OnboardingOncePerInstall().check(reinstalled, settings: OracleSettings()).isEmpty)
    }
}
