import Testing
import FixPlanSim
import Synchronization
import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios
@testable import Exploration
import ToolAppsForTests

/// Coverage-guided exploration: the same runs for any number of workers, children that keep
/// their parent's knobs, and a replay that reproduces a child.
@Suite struct GuidedExplorationTests {
    init() { ToolApps.register() }
    static let personas = Persona.of(.fixPlan).map(ExplorationTarget.persona)

    func guidedPlan(_ count: Int, mutants: [Mutant] = []) -> ExplorationPlan {
        var plan = ExplorationPlan(targets: Self.personas, seedCount: count, mutants: mutants)
        plan.guided = true
        return plan
    }

    func runs(_ plan: ExplorationPlan, jobs: Int) -> [ExplorationRun] {
        let runs = Mutex<[ExplorationRun]>([])
        _ = Explorer.explore(plan, jobs: jobs, keepFailures: 0, perSeed: InSeedOrder { run in runs.withLock { $0.append(run) } })
        return runs.withLock { $0 }
    }

    @Test func oneWorkerAndTwoGiveTheSameGuidedRuns() {
        let one = runs(guidedPlan(300), jobs: 1), two = runs(guidedPlan(300), jobs: 2)
        #expect(one.map { "\($0.seed) \($0.parent ?? 0) \($0.result.traceHash)" } == two.map { "\($0.seed) \($0.parent ?? 0) \($0.result.traceHash)" })
        #expect(one.count == 300)
    }

    @Test func theFirstRoundIsPlainAndLaterRoundsHaveChildren() {
        let all = runs(guidedPlan(300), jobs: 2)
        #expect(all.prefix(GuidedExploration.roundSize).allSatisfy { $0.parent == nil })
        #expect(all.prefix(GuidedExploration.roundSize).map(\.seed) == Array(1...UInt64(GuidedExploration.roundSize)))
        let children = all.dropFirst(GuidedExploration.roundSize).filter { $0.parent != nil }
        #expect(children.count >= 90, "half of rounds two and three")
        #expect(children.allSatisfy { $0.seed >= 1 << 63 }, "a child's seed never equals a plain seed")
        #expect(children.allSatisfy { $0.swarm.lines.first == "derived from the knobs of seed \($0.parent!)" })
    }

    @Test func aChildKeepsItsParentsKnobsAndReplaysExactly() throws {
        let child = try #require(runs(guidedPlan(200), jobs: 2).first { $0.parent != nil })
        let parent = try #require(child.parent)
        let parentRun = Explorer.explore(guidedPlan(1), seed: parent)
        #expect(Array(child.swarm.lines.dropFirst()) == parentRun.swarm.lines, "the same faults, world and user profile")
        let again = GuidedExploration.run(guidedPlan(1), seed: child.seed, parent: parent)
        #expect(again.result.traceHash == child.result.traceHash)
        #expect(again.result.traceHash != parentRun.result.traceHash, "its own choices and orderings")
    }

    @Test func aFailingChildReplaysWithItsParentAndFailsTheSameWay() throws {
        let failing = try #require(runs(guidedPlan(300, mutants: [.fix3]), jobs: 2).first { $0.parent != nil && !$0.result.passed })
        let again = GuidedExploration.run(guidedPlan(1, mutants: [.fix3]), seed: failing.seed, parent: failing.parent)
        #expect(again.result.traceHash == failing.result.traceHash)
        #expect(again.result.failedChecks == failing.result.failedChecks)
    }
}
