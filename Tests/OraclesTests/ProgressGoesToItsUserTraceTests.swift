import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// `progressGoesToItsUser`, on traces written by hand: one person finishes onboarding with its
/// last step still queued, signs out and hands the phone over; the next person signs in; then the
/// backend stores a step from this phone.
@Suite struct ProgressGoesToItsUserTraceTests {
    init() { ToolApps.register() }

    func check(_ events: [(Int64, ModelEvent)]) -> [Violation] {
        var trace = Trace()
        let first: [(Int64, ModelEvent)] = [
            (0, .launched(process: 1, cold: true)), (0, screen(.intro)),
            (1_000, .signedIn(user: "u1")), (1_000, screen(.processOverview)), (3_000, screen(.success)),
            (4_000, .screen(ScreenState(route: .main))), (4_000, .stepCompleted(user: "u1", phase: OnboardingPhase.complete.step)),
            (6_000, .signedOut), (6_000, screen(.intro)),
            (9_000, screen(.authVerification)), (12_000, .signedIn(user: "u2")), (12_000, screen(.processOverview)),
        ]
        for (ms, event) in first + events + [(60_000, .note("end"))] {
            trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000))
        }
        return ProgressGoesToItsUser().check(RunObservation(trace: trace, roles: FixPlanRoles.roles), settings: OracleSettings())
    }

    func screen(_ phase: OnboardingPhase) -> ModelEvent { .screen(ScreenState(route: .onboarding(phase))) }

    /// The backend stores `phase` for `user` on push number `id`.
    func stored(_ user: String, _ phase: OnboardingPhase, at ms: Int64, id: Int = 9) -> [(Int64, ModelEvent)] {
        [(ms, .requestSent(id: id, timeoutMs: 10_000, endpoint: .pushProgress)),
         (ms, .progressStored(user: user, phase: phase.step)),
         (ms, .backendHandled(id: id, endpoint: .pushProgress, outcome: "ok")),
         (ms, .responseReceived(id: id, endpoint: .pushProgress, outcome: "ok"))]
    }

    @Test func theFirstPersonsQueuedStepStoredForTheNextIsReported() {
        let found = check(stored("u2", .complete, at: 15_000))
        #expect(found.map(\.oracle) == ["progressGoesToItsUser"])
        #expect(found.first?.message.contains("stored the step complete for u2") == true)
        #expect(found.first?.message.contains("no further than processOverview") == true)
    }

    @Test func eachPersonsOwnStepsAreQuiet() {
        // The first person's step stored as theirs after the sign-out, and the second's own.
        #expect(check(stored("u1", .complete, at: 15_000) + stored("u2", .processOverview, at: 16_000, id: 10)).isEmpty)
        // A step the second person reached later, pushed as theirs.
        #expect(check([(20_000, screen(.goalReview))] + stored("u2", .goalReview, at: 20_000)).isEmpty)
        // Progress stored by another device (no push from this phone) is not judged.
        #expect(check([(15_000, .progressStored(user: "u2", phase: OnboardingPhase.success.step))]
                      + [(16_000, .screen(ScreenState(route: .main)))]).isEmpty)
    }
}
