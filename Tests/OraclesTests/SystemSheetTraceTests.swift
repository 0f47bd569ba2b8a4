import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `promptFollowsItsTap` on system sheets (`ScreenState.systemSheet`, #50 rule 6), on traces written
/// by hand for an app of no one's: a sheet comes up only in answer to a tap that moves the user on,
/// made on the screen it covers, once per tap.
@Suite struct SystemSheetTraceTests {
    static let cardA = Route.named(RouteName("card-a", kind: .onboarding)), cardB = Route.named(RouteName("card-b", kind: .onboarding))
    static let signIn = Route.named(RouteName("sign-in", kind: .auth))
    static let enable = UserAction("enable"), next = UserAction("next"), signInTap = UserAction("sign-in-with-apple")
    static let roles = AppRoles(actions: [(enable, .forward), (next, .forward), (signInTap, .start(returning: false))])

    func screen(_ route: Route, sheet: String? = nil, actions: [UserAction] = []) -> ModelEvent {
        var state = ScreenState(route: route)
        state.systemSheet = sheet
        state.actions = sheet == nil ? actions : []
        return .screen(state)
    }

    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        for (ms, event) in [(0, .launched(process: 1, cold: true))] + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return PromptFollowsItsTap().check(RunObservation(trace: trace, roles: Self.roles), settings: OracleSettings())
    }

    @Test func aSheetOverTheScreenWhoseButtonAskedForItIsQuiet() {
        let found = check([(0, screen(Self.cardA, actions: [Self.enable])),
                           (1_000, .userAction(Self.enable, detail: "")), (1_000, screen(Self.cardA, sheet: "notifications permission")),
                           (2_500, .permissionAnswered(granted: true)), (2_500, screen(Self.cardA, actions: [Self.next])),
                           (3_000, .userAction(Self.next, detail: "")), (3_000, screen(Self.cardB, actions: [Self.enable])),
                           (4_000, .userAction(Self.enable, detail: "")), (4_000, screen(Self.cardB, sheet: "location permission"))])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func aSheetThatComesUpAsItsCardAppearsIsReported() {
        let found = check([(0, screen(Self.cardA, actions: [Self.next])),
                           (1_000, .userAction(Self.next, detail: "")), (1_000, screen(Self.cardB, actions: [Self.enable])),
                           (1_000, screen(Self.cardB, sheet: "location permission"))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("The system sheet \"location permission\" came up over card-b at 1000ms with no tap on that screen") == true,
                "\(found.map(\.message))")
    }

    @Test func aSheetThatReopensByItselfAfterItsAnswerIsReported() {
        let found = check([(0, screen(Self.signIn, actions: [Self.signInTap])),
                           (1_000, .userAction(Self.signInTap, detail: "")), (1_000, screen(Self.signIn, sheet: "Sign in with Apple")),
                           (3_000, .note("apple sheet failed")), (3_000, screen(Self.signIn, actions: [Self.signInTap])),
                           (3_200, screen(Self.signIn, sheet: "Sign in with Apple"))])
        #expect(found.map(\.at) == [SimulationInstant(nanoseconds: 3_200_000_000)], "\(found.map(\.message))")
    }

    @Test func aKillClosesTheSheetAndTheNextOneAnswersItsOwnTap() {
        let found = check([(0, screen(Self.signIn, actions: [Self.signInTap])),
                           (1_000, .userAction(Self.signInTap, detail: "")), (1_000, screen(Self.signIn, sheet: "Sign in with Apple")),
                           (2_000, .killed(process: 1)), (2_000, .screen(.notRunning)),
                           (3_000, .launched(process: 2, cold: true)), (3_000, screen(Self.signIn, actions: [Self.signInTap])),
                           (4_000, .userAction(Self.signInTap, detail: "")), (4_000, screen(Self.signIn, sheet: "Sign in with Apple"))])
        #expect(found.isEmpty, "\(found.map(\.message))")
        let unasked = check([(0, screen(Self.signIn, actions: [Self.signInTap])),
                             (1_000, .userAction(Self.signInTap, detail: "")), (1_000, screen(Self.signIn, sheet: "Sign in with Apple")),
                             (2_000, .killed(process: 1)), (2_000, .screen(.notRunning)),
                             (3_000, .launched(process: 2, cold: true)), (3_000, screen(Self.signIn, sheet: "Sign in with Apple"))])
        #expect(unasked.count == 1, "a launch does not ask for the sheet the last process had up")
    }
}
