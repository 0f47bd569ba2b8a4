import Testing
import SimKernel
import AppVocabulary
import Scenarios
import Exploration

/// App code that sleeps on `ContinuousClock` (or `Task.sleep`, as seed 002's own code does)
/// instead of the clock it was given runs on the run's virtual time exactly as with the
/// injected clock (#47 item 3).
@Suite struct WallClockSleepTests {
    init() throws {
        try AppRegistry.register(CodeDoorApp())
        try AppRegistry.register(CodeDoorApp(sleepsOnTheWallClock: true))
    }

    static func persona(_ app: CodeDoorApp) -> ExplorationTarget { .appPersona(app.id, app.personas[0]) }

    /// The run's trace, read as the plain door's (the two doors differ in nothing else).
    func trace(_ app: CodeDoorApp, seed: UInt64) -> (lines: [String], clean: Bool) {
        let run = Explorer.explore(ExplorationPlan(targets: [Self.persona(app)], seedCount: 1), seed: seed)
        // The free user's address is made of the app's name ("Code-door-new-install@example.com").
        let text = run.result.simulation.trace.canonicalText.replacingOccurrences(of: "ode-door-wall-clock", with: "ode-door")
        return (text.split(separator: "\n").map(String.init), run.result.simulation.isClean)
    }

    @Test func theDoorThatSleepsOnTheContinuousClockRunsExactlyAsTheDoorGivenTheRunsClock() {
        var countdownTicks = 0
        for seed: UInt64 in 0..<60 {
            let injected = trace(CodeDoorApp(), seed: seed)
            let wallClock = trace(CodeDoorApp(sleepsOnTheWallClock: true), seed: seed)
            #expect(wallClock.clean, "seed \(seed)")
            #expect(wallClock.lines == injected.lines, "seed \(seed): first difference \(Array(zip(wallClock.lines, injected.lines)).first { $0 != $1 }.map { "\($0.0) / \($0.1)" } ?? "in length")")
            countdownTicks += injected.lines.filter { $0.contains("countdown=29") }.count
        }
        #expect(countdownTicks > 0, "the runs reach the code screen's countdown")
    }
}
