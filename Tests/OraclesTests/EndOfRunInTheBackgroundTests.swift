import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// What is on screen when a run ends is judged only if the app is in the foreground: a run that
/// ends with the app in the background shows the user nothing (a newcomer's `shrink` once landed
/// on `launch, background` as a dead end of the fixed app).
@Suite struct EndOfRunInTheBackgroundTests {
    init() { ToolApps.register() }

    func run(endingInForeground foreground: Bool) -> RunObservation {
        var trace = Trace()
        var intro = ScreenState(route: .onboarding(.intro))
        intro.actions = [.getStarted]
        var away = intro
        away.actions = []
        // The observation reads the foreground from the device's record (`.backgrounded`), not the
        // app's claim: without it, the same screen is in the foreground.
        let events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .screen(intro))]
            + (foreground ? [] : [(0, .backgrounded)]) + [(0, .screen(away)), (10_000, .note("end"))]
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    @Test func aRunThatEndsInTheBackgroundIsNoDeadEnd() {
        #expect(NoSilentDeadEnd().check(run(endingInForeground: false), settings: OracleSettings()).isEmpty)
    }

    @Test func theSameScreenInTheForegroundWithNothingToDoIs() {
        let found = NoSilentDeadEnd().check(run(endingInForeground: true), settings: OracleSettings())
        #expect(found.count == 1, "\(found.map(\.message))")
    }
}
