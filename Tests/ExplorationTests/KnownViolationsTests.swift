import Testing
import FixPlanSim
import OnboardingModel
import Scenarios
import Exploration
import ToolAppsForTests

/// Known violations (`ExplorationPlan.known`): set aside from the runs they would fail, counted by
/// entry, the same for any number of workers and shards, and kept in a shard's saved state.
@Suite struct KnownViolationsTests {
    init() { ToolApps.register() }
    static let personas = Persona.of(.fixPlan).map(ExplorationTarget.persona)

    func plan(known: KnownViolations, shard: (Int, Int) = (1, 1)) -> ExplorationPlan {
        var plan = ExplorationPlan(targets: Self.personas, seedCount: 200, shard: shard, mutants: [.fix1])
        plan.known = known
        return plan
    }

    @Test func acceptedViolationsLeaveTheirRunsPassingAndAreCountedAlikeByWorkersAndShards() throws {
        let plain = Explorer.explore(plan(known: .none)).summary
        let dead = plain.violationsByOracle.first { $0.oracle == "noSilentDeadEnd" }?.count ?? 0
        #expect(plain.failedRuns > 0 && dead > 0)
        let known = KnownViolations(entries: [KnownViolations.Entry(oracle: "noSilentDeadEnd", reason: "APP-1")])
        let whole = Explorer.explore(plan(known: known), jobs: 2).summary
        #expect(whole.knownCounts == [dead])
        #expect(whole.failedRuns == plain.failedRuns - whole.runsWithKnown)
        #expect(whole.summaryHash == plain.summaryHash, "the runs themselves are the same")
        var shards = Explorer.explore(plan(known: known, shard: (1, 2))).summary
        shards.merge(try ExplorationSummary(state: Explorer.explore(plan(known: known, shard: (2, 2))).summary.state))
        #expect(shards.knownCounts == whole.knownCounts && shards.runsWithKnown == whole.runsWithKnown)
    }

    @Test func anEntryForOneSeedAcceptsNothingElse() {
        let plain = Explorer.run(plan(known: .none))
        guard let failing = plain.first(where: { run in run.result.violations.contains { $0.oracle == "noSilentDeadEnd" } }) else {
            Issue.record("fix-1 left no dead end in 200 seeds")
            return
        }
        let known = KnownViolations(entries: [KnownViolations.Entry(oracle: "noSilentDeadEnd", reason: "APP-1", seeds: [failing.seed])])
        let runs = Explorer.run(plan(known: known))
        for run in runs {
            let accepted = !run.result.known.isEmpty
            #expect(accepted == (run.seed == failing.seed), "seed \(run.seed)")
        }
    }
}
