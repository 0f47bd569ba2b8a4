import Testing
import FixPlanSim
import Synchronization
import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios
import Oracles
@testable import Exploration
import ToolAppsForTests

/// Branching exploration: the same runs for any number of workers, branches that replay exactly
/// from their id, and a branch that is its parent up to the instant it branched.
@Suite struct BranchingExplorationTests {
    init() { ToolApps.register() }
    static let personas = Persona.of(.fixPlan).map(ExplorationTarget.persona)

    func plan(_ count: Int, mutants: [Mutant] = []) -> ExplorationPlan {
        var plan = ExplorationPlan(targets: Self.personas, seedCount: count, mutants: mutants)
        plan.branching = true
        return plan
    }

    func runs(_ plan: ExplorationPlan, jobs: Int) -> [ExplorationRun] {
        let runs = Mutex<[ExplorationRun]>([])
        _ = Explorer.explore(plan, jobs: jobs, keepFailures: 0, perSeed: InSeedOrder { run in runs.withLock { $0.append(run) } })
        return runs.withLock { $0 }
    }

    @Test func oneWorkerAndTwoGiveTheSameBranchingRuns() {
        let one = runs(plan(250), jobs: 1), two = runs(plan(250), jobs: 2)
        #expect(one.map { "\($0.id) \($0.result.traceHash)" } == two.map { "\($0.id) \($0.result.traceHash)" })
        #expect(one.count == 250)
    }

    @Test func theFirstRoundIsPlainAndHalfOfEachLaterRoundBranches() {
        let all = runs(plan(300), jobs: 2)
        let first = all.prefix(BranchingExploration.roundSize)
        #expect(first.allSatisfy { $0.branches.isEmpty })
        #expect(first.map(\.seed) == Array(1...UInt64(BranchingExploration.roundSize)))
        let later = all.dropFirst(BranchingExploration.roundSize)
        #expect(later.filter { !$0.branches.isEmpty }.count == later.count / 2)
        #expect(later.contains { $0.branches.count >= 2 }, "a branch of a branch by the third round")
    }

    @Test func anotherStrategyIsAsDeterministicAndSharesOutItsSlotsAsItSays() {
        let strategy = BranchingExploration.Strategy(branchEvery: 4, rarityCandidates: 3, spliceEvery: 2, after: 1)
        func runs(jobs: Int) -> [ExplorationRun] {
            let runs = Mutex<[ExplorationRun]>([])
            _ = BranchingExploration.explore(plan(300), strategy: strategy, jobs: jobs, keepFailures: 0,
                                             perSeed: InSeedOrder { run in runs.withLock { $0.append(run) } }, progress: { _ in })
            return runs.withLock { $0 }
        }
        let one = runs(jobs: 1), two = runs(jobs: 2)
        #expect(one.map { "\($0.id) \($0.result.traceHash)" } == two.map { "\($0.id) \($0.result.traceHash)" })
        let later = one.dropFirst(BranchingExploration.roundSize)
        let branches = later.filter { !$0.branches.isEmpty }
        #expect(branches.count == later.count / 4)
        // A splice draws its future from a seed another run's future was drawn from.
        let lastSeeds = branches.map { $0.branches.last!.seed }
        #expect(Set(lastSeeds).count < lastSeeds.count || branches.contains { run in
            run.branches.count >= 2 && run.branches.dropLast().contains { $0.seed == run.branches.last!.seed } })
        // A branch a millisecond after its state is replayed from its name as exactly.
        if let branch = branches.last {
            #expect(Explorer.explore(plan(1), run: branch.id).result.traceHash == branch.result.traceHash)
        }
    }

    @Test func aBranchReplaysFromItsIdAndIsItsParentBeforeItsInstant() throws {
        let branch = try #require(runs(plan(200), jobs: 2).first { !$0.branches.isEmpty })
        let text = branch.id.description
        let id = try #require(RunID(text))
        let again = Explorer.explore(plan(1), run: id)
        #expect(again.result.traceHash == branch.result.traceHash)
        let parent = Explorer.explore(plan(1), seed: branch.seed)
        let at = try #require(branch.branches.first).at
        let before = { (run: ExplorationRun) in run.result.simulation.trace.entries.prefix { $0.time < at }.map(\.line) }
        #expect(before(again) == before(parent))
        #expect(again.result.traceHash != parent.result.traceHash)
    }

    @Test func aFailingBranchFailsTheSameWayWhenReplayedFromItsId() throws {
        let failing = try #require(runs(plan(400, mutants: [.fix3]), jobs: 2).first { !$0.branches.isEmpty && !$0.result.passed })
        let again = Explorer.explore(plan(1, mutants: [.fix3]), run: failing.id)
        #expect(again.result.traceHash == failing.result.traceHash)
        #expect(again.result.failedChecks == failing.result.failedChecks)
    }

    @Test func aBranchOfTheUsersDrawsAloneReplaysFromItsIdAndKeepsItsParentBeforeItsInstant() throws {
        for redraw in [BranchingExploration.Strategy.Redraw.usersFuture, .usersNext(1)] {
            let strategy = BranchingExploration.Strategy(redraw: redraw)
            let made = Mutex<[ExplorationRun]>([])
            _ = BranchingExploration.explore(plan(200), strategy: strategy, jobs: 2, keepFailures: 0,
                                             perSeed: InSeedOrder { run in made.withLock { $0.append(run) } }, progress: { _ in })
            let branch = try #require(made.withLock { $0 }.first { !$0.branches.isEmpty })
            let point = try #require(branch.branches.last)
            #expect(point.stream == FreeUser.stream)
            #expect(point.draws == (redraw == .usersFuture ? nil : 1))
            let again = Explorer.explore(plan(1), run: try #require(RunID(branch.id.description)))
            #expect(again.result.traceHash == branch.result.traceHash)
            let parent = Explorer.explore(plan(1), seed: branch.seed)
            let before = { (run: ExplorationRun) in run.result.simulation.trace.entries.prefix { $0.time < point.at }.map(\.line) }
            #expect(before(again) == before(parent))
        }
    }

    @Test func strategiesReadBackWhatTheyWrite() {
        for text in ["2:1:0:0:all", "4:3:2:1:user", "2:1:0:0:user3"] {
            #expect(BranchingExploration.Strategy(text)?.code == text, "\(text)")
        }
        #expect(BranchingExploration.Strategy("2")?.redraw == .everyStream)
        #expect(BranchingExploration.Strategy("2:1:0:0:user2")?.redraw == .usersNext(2))
        for bad in ["2:1:0:0:", "2:1:0:0:user0", "2:1:0:0:User", "2:1:0:0:2"] { #expect(BranchingExploration.Strategy(bad) == nil, "\(bad)") }
    }

    @Test func runIDsReadBackWhatTheyWriteAndRefuseAnythingElse() {
        let id = RunID(seed: 2215, branches: [BranchPoint(atMilliseconds: 31783, seed: 8812), BranchPoint(atMilliseconds: 40100, seed: 77)])
        #expect(id.description == "2215@31783ms=8812@40100ms=77")
        #expect(RunID(id.description) == id)
        #expect(RunID("2215") == RunID(seed: 2215))
        let user = RunID(seed: 7, branches: [BranchPoint(atMilliseconds: 40, seed: 1, stream: "user"),
                                             BranchPoint(atMilliseconds: 90, seed: 2, stream: "user", draws: 3)])
        #expect(user.description == "7@40ms:user=1@90ms:user*3=2")
        #expect(RunID(user.description) == user)
        for bad in ["", "x", "2215@", "2215@31783=8812", "2215@31783ms", "2215@31783ms=", "2215@40ms=1@30ms=2",
                    "2215@40ms=1@40ms=2", "-1", "2215@-5ms=1", "2215@99999999999999999ms=1", "7@40ms:=1", "7@40ms:User=1",
                    "7@40ms:user*0=1", "7@40ms:user*=1", "7@40ms:user:x=1", "7@40ms:user*2*3=1"] {
            #expect(RunID(bad) == nil, "\(bad)")
        }
    }

    @Test func reachedStatesNameEachNewStateOnceWithItsFirstInstant() throws {
        let run = Explorer.explore(plan(1), seed: 3)
        let observation = RunObservation(trace: run.result.simulation.trace, roles: AppRegistry.roles(of: .fixPlan),
                                         timing: AppRegistry.timingTable(of: .fixPlan))
        let reached = ReachedStates.of(observation)
        #expect(!reached.isEmpty)
        #expect(Set(reached.map(\.key)).count == reached.count)
        #expect(zip(reached, reached.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(ReachedStates.of(observation).map(\.key) == reached.map(\.key), "the same keys every time")
    }
}
