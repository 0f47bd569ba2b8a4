import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `emailFieldIsTheUsers` across a sign-out, on traces written by hand: the next person's email
/// screen does not offer the last user's address.
@Suite struct EmailAfterSignOutTraceTests {
    init() { ToolApps.register() }
    func auth(_ email: String) -> ModelEvent {
        var state = ScreenState(route: .onboarding(.auth))
        state.actions = [.typeEmail, .sendCode]
        state.emailField = email
        return .screen(state)
    }

    /// A types and sends their address, signs in, signs out from the main app, and the next visit
    /// to the email screen shows `next`; `between` comes before that screen.
    func afterSignOut(next: String, between: [(Int64, ModelEvent)] = []) -> [Violation] {
        let events: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, auth("")),
            (1_000, .userAction(.typeEmail, detail: "\"ada@example.com\"")), (1_000, auth("ada@example.com")),
            (2_000, .userAction(.sendCode, detail: "")), (5_000, .signedIn(user: "u1")),
            (6_000, .screen(ScreenState(route: .main))), (9_000, .userAction(.signOut, detail: "")), (9_000, .signedOut),
            (9_000, .screen(ScreenState(route: .onboarding(.intro)))), (10_000, .userAction(.logIn, detail: ""))]
            + between + [(10_500, auth(next)), (60_000, .note("end"))]
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return EmailFieldIsTheUsers().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
    }

    @Test func theLastUsersAddressOfferedAfterASignOutIsReported() {
        let found = afterSignOut(next: "ada@example.com")
        #expect(found.map(\.message).contains { $0.contains("after the session that used \"ada@example.com\" ended") })
    }

    @Test func anEmptyFieldOrOneTheNextPersonTypedIsFine() {
        #expect(afterSignOut(next: "").isEmpty)
        #expect(afterSignOut(next: "li.wei@example.org",
                             between: [(10_200, .userAction(.typeEmail, detail: "\"li.wei@example.org\""))]).isEmpty)
    }
}
