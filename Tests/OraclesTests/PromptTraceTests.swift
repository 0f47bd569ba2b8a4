import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import PickupModel
import Oracles
import ToolAppsForTests

/// `promptFollowsItsTap`, on traces written by hand: the Apple sheet and the sign-out alert come
/// up only after the tap that asks for them.
@Suite struct PromptTraceTests {
    init() { ToolApps.register() }
    func screen(_ route: Route, actions: [UserAction], alert: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        state.alert = alert
        return .screen(state)
    }

    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        for (ms, event) in [(0, .launched(process: 1, cold: true))] + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return PromptFollowsItsTap().check(RunObservation(trace: trace, roles: PickupRoles.roles), settings: OracleSettings())
    }

    /// Sign in with Apple at 1 s: the sheet up until 3 s, then main.
    let signIn: [(Int64, ModelEvent)] = [
        (0, .screen(ScreenState(route: .signIn))),
        (1_000, .userAction(.signInWithApple, detail: "")),
        (1_000, .screen({ var state = ScreenState(route: .signIn); state.actions = [.cancelAppleSheet]; return state }())),
        (3_000, .screen({ var state = ScreenState(route: .signIn); state.spinner = "sign-in"; return state }())),
        (3_100, .screen(ScreenState(route: .mainTab))),
    ]

    @Test func theSheetAndTheAlertAfterTheirTapsAreQuiet() {
        let alert = "Are you sure you want to sign out?"
        #expect(check(signIn + [(9_000, .userAction(.signOut, detail: "")),
                                (9_000, screen(.mainTab, actions: [.cancelSignOut, .confirmSignOut], alert: alert)),
                                (9_500, .userAction(.cancelSignOut, detail: "")), (9_500, screen(.mainTab, actions: [.signOut])),
                                (12_000, .userAction(.signOut, detail: "")),
                                (12_000, screen(.mainTab, actions: [.cancelSignOut, .confirmSignOut], alert: alert))]).isEmpty)
    }

    @Test func aSheetThatComesUpAtASignOutIsReported() {
        let found = check(signIn + [(9_000, .signedOut), (9_000, screen(.signIn, actions: [.signInWithApple, .cancelAppleSheet]))])
        #expect(found.map(\.message).contains { $0.contains("A sheet (answered by 'cancel-apple-sheet') came up at 9000ms with no tap that asks for it") })
    }

    @Test func anAlertThatComesBackAfterItsAnswerIsReported() {
        let alert = "Are you sure you want to sign out?"
        let found = check(signIn + [(9_000, .userAction(.signOut, detail: "")),
                                    (9_000, screen(.mainTab, actions: [.cancelSignOut, .confirmSignOut], alert: alert)),
                                    (9_500, .userAction(.cancelSignOut, detail: "")), (9_500, screen(.mainTab, actions: [.signOut])),
                                    (11_000, screen(.mainTab, actions: [.cancelSignOut, .confirmSignOut], alert: alert))])
        #expect(found.count == 1)
    }
}

/// `promptFollowsItsTap`'s permission prompt: never after Not now.
@Suite struct PermissionPromptTraceTests {
    init() { ToolApps.register() }
    func check(lastTap: UserAction) -> [Violation] {
        var trace = Trace()
        var permission = ScreenState(route: .onboarding(.notificationPermission))
        permission.actions = [.enableNotifications, .notNow]
        let events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .screen(permission)),
                                             (1_000, .userAction(lastTap, detail: "")),
                                             (1_800, .permissionAnswered(granted: true)), (60_000, .note("end"))]
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return PromptFollowsItsTap().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
    }

    @Test func aPermissionPromptAfterNotNowIsReported() {
        #expect(check(lastTap: .notNow).map(\.message).contains { $0.contains("after the user's 'not-now'") })
    }

    @Test func aPermissionPromptAfterATapTheAppDidNotDeclareADeclineIsQuiet() {
        #expect(PromptFollowsItsTap().check(RunObservation(trace: { () -> Trace in
            var trace = Trace()
            for (ms, event) in [(Int64(0), ModelEvent.launched(process: 1, cold: true)), (1_000, .userAction(.notNow, detail: "")),
                                (1_800, .permissionAnswered(granted: true))] {
                trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
            }
            return trace
        }(), roles: .none), settings: OracleSettings()).isEmpty, "'not-now' means nothing by its name")
    }

    @Test func aPermissionPromptAfterEnableIsQuiet() {
        #expect(check(lastTap: .enableNotifications).isEmpty)
    }
}
