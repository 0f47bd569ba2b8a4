import Testing
import SimKernel
import FixPlanSim
import AppVocabulary
import Scenarios
@testable import Exploration
import ToolAppsForTests

/// #65 item 1: an explored run written with its choices (`replay -o`) plays back byte for byte
/// from the file alone, on every app the tool registers, for plain seeds and branches alike.
@Suite struct ChoiceReplayTests {
    init() { ToolApps.register() }

    /// Every persona of the tool's apps (other suites may register apps of their own).
    static var targets: [ExplorationTarget] {
        [AppID.fixPlan, .pickup].flatMap { app in (AppRegistry.plugin(for: app)?.personas ?? []).map { ExplorationTarget.appPersona(app, $0) } }
    }

    /// `run` recorded, written as a file and read back (what `replay -o` writes), with another seed
    /// unless `sameSeed`: every draw must come from the file.
    func playedBack(_ run: ExplorationRun, sameSeed: Bool) throws -> ScenarioResult {
        var scenario = run.result.scenario
        scenario.choices = try #require(run.result.simulation.choices)
        scenario.mutants = MutantSet(scenario.mutants.members + run.result.mutants.members)
        let text = ScenarioEncoder.encode(scenario)
        var decoded = try ScenarioDecoder.decode(text, file: "run.json").get()
        if !sameSeed { decoded.seed &+= 1_000_003 }
        return ScenarioRunner.run(decoded)
    }

    /// The trace without its first line, which names the seed.
    func lines(_ result: ScenarioResult) -> [Substring] { Array(result.simulation.trace.canonicalText.split(separator: "\n").dropFirst()) }

    @Test(arguments: [UserDriver.free, .scripted])
    func everyPersonasRunPlaysBackFromItsChoicesUnderAnySeed(user: UserDriver) throws {
        for target in Self.targets {
            var plan = ExplorationPlan(targets: [target], seedCount: 12, user: user)
            plan.recordsChoices = true
            for seed in plan.seeds {
                let run = Explorer.explore(plan, seed: seed)
                let same = try playedBack(run, sameSeed: true)
                #expect(same.traceHash == run.result.traceHash, "\(target.name) seed \(seed)")
                #expect(same.violations.map(\.oracle) == run.result.violations.map(\.oracle))
                let other = try playedBack(run, sameSeed: false)
                let sameLines = lines(other) == lines(run.result)  // compared apart: a failure prints the name, not two traces
                #expect(sameLines, "\(target.name) seed \(seed) under another seed")
            }
        }
    }

    @Test func aBranchsRunAndAFailingRunPlayBackToo() throws {
        var plan = ExplorationPlan(targets: [.persona(.newUser)], seedCount: 1, mutants: [Mutant("fix-3")], user: .free)
        plan.recordsChoices = true
        for text in ["7@4030ms=77", "7@2000ms:user=5", "7@2000ms:user*2=5@9000ms=3"] {
            let id = try #require(RunID(text))
            let run = Explorer.explore(plan, run: id)
            let back = try playedBack(run, sameSeed: true)
            #expect(back.traceHash == run.result.traceHash, "\(text)")
            #expect(back.violations.map(\.oracle) == run.result.violations.map(\.oracle))
        }
    }

    @Test func recordingChoicesChangesNoRun() {
        var plan = ExplorationPlan(targets: Self.targets, seedCount: 30, user: .free)
        let plain = plan.seeds.map { Explorer.explore(plan, seed: $0).result.traceHash }
        plan.recordsChoices = true
        let recording = plan.seeds.map { Explorer.explore(plan, seed: $0) }
        #expect(recording.map(\.result.traceHash) == plain)
        #expect(recording.allSatisfy { ($0.result.simulation.choices?.count ?? 0) > 0 })
    }
}

extension ChoiceReplayTests {
    @Test func aRunKeptWithItsChoicesShrinksItsChoicesToo() throws {
        var plan = ExplorationPlan(targets: [.persona(.newUser)], seedCount: 1, mutants: [Mutant("fix-3")], user: .free)
        plan.recordsChoices = true
        let failing = try #require((1...40).lazy.map { Explorer.explore(plan, seed: $0) }.first { !$0.result.passed })
        var kept = failing.result.scenario
        kept.choices = try #require(failing.result.simulation.choices)
        kept.mutants = MutantSet(plan.mutants)  // as `replay -o` writes them
        let outcome = try #require(Shrinker.shrink(kept, mutants: [], oracle: failing.result.violations[0].oracle))
        #expect(outcome.reproduced)
        #expect((outcome.scenario.choices?.count ?? 0) < kept.choices!.count, "unneeded draws go: \(outcome.scenario.choices?.count ?? 0) of \(kept.choices!.count)")
        #expect(!ScenarioRunner.run(outcome.scenario).passed)
        let candidates = Shrinker.simplifications(of: kept)
        #expect(candidates.contains { $0.choices == nil })
        #expect(candidates.contains { ($0.choices?.streams.count ?? 0) == kept.choices!.streams.count - 1 })
    }
}
