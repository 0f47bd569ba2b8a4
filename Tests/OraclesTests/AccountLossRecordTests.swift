import Testing
import SimKernel
import AppVocabulary
import Oracles

/// A backend of an app's own that ends sessions by its own rules puts the loss on record with
/// `AccountLossRecord` (issue #63: without it, a sign-out it caused read as the app's doing, 85
/// times in 2,000 runs of the trial's app): the session rules then say nothing of the sign-out that
/// follows, and still judge one that has no loss behind it.
@Suite struct AccountLossRecordTests {
    static let home = Route("home", kind: .main)
    static let welcome = Route("welcome", kind: .auth)
    static let habits = Endpoint("habits")
    static let roles = AppRoles(requests: [(Endpoint("sign-in"), RequestRole(purpose: .signsIn)), (Self.habits, RequestRole())])

    /// Signed in on the main screen; the backend ends u1's sessions (on record or not), refuses the
    /// next request with a 401, and the app signs out to the welcome screen saying why.
    func run(recorded: Bool) -> RunObservation {
        let simulation = Simulation(seed: 1)
        _ = simulation.run {
            simulation.record(ModelEvent.launched(process: 1, cold: true))
            simulation.record(ModelEvent.signedIn(user: "u1"))
            simulation.record(Self.screen(Self.home))
            simulation.record(ModelEvent.requestSent(id: 1, timeoutMs: 10_000, endpoint: Self.habits))
            if recorded {
                AccountLossRecord.lost(user: "u1", deleted: false, in: simulation)
                AccountLossRecord.refused(request: 1, endpoint: Self.habits, user: "u1", deleted: false, in: simulation)
            }
            simulation.record(ModelEvent.responseReceived(id: 1, endpoint: Self.habits, outcome: "status 401"))
            simulation.record(ModelEvent.signedOut)
            simulation.record(Self.screen(Self.welcome, error: "You were signed out on another device. Please sign in again."))
        }
        return RunObservation(trace: simulation.trace, roles: Self.roles)
    }

    static func screen(_ route: Route, error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: route)
        state.errorText = error
        state.actions = [UserAction("continue")]
        return .screen(state)
    }

    @Test func aSignOutAfterTheBackendsRecordedLossIsTheBackendsDoing() {
        let run = run(recorded: true)
        #expect(SessionEndsOnlyAsPromised().check(run, settings: OracleSettings()).isEmpty)
        #expect(run.losses(of: "u1").count == 1)
        #expect(run.refusedAnswers(to: "u1", after: run.losses(of: "u1")[0], until: run.events.count).count == 1)
    }

    @Test func theSameSignOutWithNoLossOnRecordIsTheAppsAndIsReported() {
        let violations = SessionEndsOnlyAsPromised().check(run(recorded: false), settings: OracleSettings())
        #expect(violations.count == 1 && violations.first?.message.contains("their account was never lost") == true, "\(violations)")
    }

    @Test func theMarkIsTheOneTheSessionRulesRead() {
        #expect(RunObservation.isRefusal(AccountLossRecord.mark(user: "u1", deleted: false)))
        #expect(RunObservation.isRefusal(AccountLossRecord.mark(user: "u1", deleted: true)))
    }
}
