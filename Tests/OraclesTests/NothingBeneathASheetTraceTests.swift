import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `nothingBeneathASheet` (#64 item 3) on traces written by hand for an app of no one's: while a
/// system sheet is up, the screen beneath keeps its route and gains no error, and the sheet's
/// answer is sent on only once it is gone.
@Suite struct NothingBeneathASheetTraceTests {
    static let signIn = Route.named(RouteName("sign-in", kind: .auth)), home = Route.named(RouteName("home", kind: .main))
    static let signInTap = UserAction("continue-with-apple")
    static let exchange = Endpoint("exchange-identity")
    static let roles = AppRoles(actions: [(signInTap, .start(returning: false))],
                                requests: [(exchange, RequestRole(cause: .tap, purpose: .signsIn, credential: .appleID))])

    func screen(_ route: Route, sheet: String? = nil, error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.systemSheet = sheet
        state.errorText = error
        state.actions = sheet == nil ? [Self.signInTap] : []
        return .screen(state)
    }

    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        for (ms, event) in [(0, .launched(process: 1, cold: true)), (0, screen(Self.signIn)),
                            (1_000, .userAction(Self.signInTap, detail: "")), (1_000, screen(Self.signIn, sheet: "Sign in with Apple"))]
            + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return NothingBeneathASheet().check(RunObservation(trace: trace, roles: Self.roles), settings: OracleSettings())
    }

    @Test func aSheetThatGoesBeforeItsAnswerIsSentAndItsErrorShownIsQuiet() {
        let found = check([(2_500, screen(Self.signIn)),
                           (2_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.exchange)),
                           (3_000, .responseReceived(id: 1, endpoint: Self.exchange, outcome: "error 500")),
                           (3_000, screen(Self.signIn, error: "Couldn't sign in."))])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func theAnswerSentWhileTheSheetIsStillUpIsReported() {
        let found = check([(2_500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.exchange)),
                           (3_000, .responseReceived(id: 1, endpoint: Self.exchange, outcome: "ok")),
                           (3_000, screen(Self.signIn))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("sent exchange-identity with the sheet's answer while the system sheet \"Sign in with Apple\" was still up") == true,
                "\(found.map(\.message))")
    }

    @Test func anErrorBeneathTheSheetIsReported() {
        let found = check([(3_000, screen(Self.signIn, sheet: "Sign in with Apple", error: "Couldn't sign in.")),
                           (9_000, screen(Self.signIn, error: "Couldn't sign in."))])
        #expect(found.map(\.at) == [SimulationInstant(nanoseconds: 3_000_000_000)])
        #expect(found.first?.message.contains("the error \"Couldn't sign in.\" appeared beneath the system sheet") == true, "\(found.map(\.message))")
    }

    @Test func aNewScreenBeneathTheSheetIsReported() {
        let found = check([(3_000, screen(Self.home, sheet: "Sign in with Apple")), (9_000, screen(Self.home))])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("the app went to home beneath the system sheet") == true, "\(found.map(\.message))")
    }

    @Test func aKillClosesTheSheetAndTheNextProcessStartsAfresh() {
        let found = check([(2_000, .killed(process: 1)), (2_000, .screen(.notRunning)),
                           (3_000, .launched(process: 2, cold: true)), (3_000, screen(Self.home))])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }
}
