import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios
@testable import Exploration
import ToolAppsForTests

/// Exploration is reproducible: shards add up to the whole, workers change nothing, a seed
/// replays exactly, and shrinking keeps the violation.
@Suite struct ExplorerTests {
    init() { ToolApps.register() }
    static let personas = Persona.of(.fixPlan).map(ExplorationTarget.persona)

    func hashes(_ runs: [ExplorationRun]) -> [String] { runs.map { "\($0.target) \($0.seed) \($0.result.traceHash)" } }

    @Test func theSameSeedsGiveTheSameSummaryHashTwice() {
        let plan = ExplorationPlan(targets: Self.personas, seedCount: 60)
        #expect(ExplorationSummary(Explorer.run(plan)).summaryHash == ExplorationSummary(Explorer.run(plan)).summaryHash)
    }

    @Test func shardsTogetherAreExactlyTheUnshardedRun() {
        let whole = Explorer.run(ExplorationPlan(targets: Self.personas, firstSeed: 5, seedCount: 40))
        var parts: [ExplorationRun] = []
        for index in 1...3 {
            parts += Explorer.run(ExplorationPlan(targets: Self.personas, firstSeed: 5, seedCount: 40, shard: (index, 3)))
        }
        #expect(parts.count == whole.count)
        #expect(hashes(parts).sorted() == hashes(whole).sorted())
        #expect(Set(parts.map(\.seed)).count == parts.count, "no seed runs in two shards")
    }

    @Test func seedsPlayedInBatchesAreJudgedExactlyAsEachSeedAlone() {
        // More seeds than a batch, with a mutant so that some runs fail: the batch changes nothing.
        let plan = ExplorationPlan(targets: Self.personas, seedCount: Explorer.batchSize + 9, mutants: [.fix3])
        let batched = Explorer.run(plan)
        let alone = plan.seeds.map { Explorer.explore(plan, seed: $0) }
        #expect(batched.count == plan.seeds.count)
        #expect(hashes(batched) == hashes(alone))
        #expect(batched.map(\.result.violations.count) == alone.map(\.result.violations.count))
        #expect(batched.map(\.result.passed) == alone.map(\.result.passed))
    }

    @Test func twoWorkersGiveTheSameResultsAsOne() {
        let plan = ExplorationPlan(targets: Self.personas, seedCount: 50, mutants: [.fix3])
        let one = Explorer.run(plan, jobs: 1), two = Explorer.run(plan, jobs: 2)
        #expect(hashes(one) == hashes(two))
        #expect(two.allSatisfy { $0.result.simulation.foreignEnqueues == 0 })
    }

    @Test func twoWorkersKeepTheSameSummaryAndFailuresAsOne() {
        let plan = ExplorationPlan(targets: Self.personas, seedCount: 80, mutants: [.fix3])
        let one = Explorer.explore(plan, jobs: 1, keepFailures: 5), two = Explorer.explore(plan, jobs: 2, keepFailures: 5)
        #expect(one.summary.summaryHash == two.summary.summaryHash)
        #expect(one.summary.failedRuns == two.summary.failedRuns)
        #expect(one.failures.map(\.seed) == two.failures.map(\.seed))
        let failing = Explorer.run(plan).filter { !$0.result.passed }.map(\.seed)
        #expect(one.failures.map(\.seed) == Array(failing.prefix(5)), "the kept failures are the lowest failing seeds")
    }

    @Test func shardSummariesMergeIntoTheUnshardedOne() {
        let whole = Explorer.explore(ExplorationPlan(targets: Self.personas, firstSeed: 5, seedCount: 40))
        var merged = ExplorationSummary()
        for index in 1...4 {
            merged.merge(Explorer.explore(ExplorationPlan(targets: Self.personas, firstSeed: 5, seedCount: 40, shard: (index, 4))).summary)
        }
        #expect(merged.summaryHash == whole.summary.summaryHash)
        #expect(merged.runs == 40)
        #expect(merged.metrics.map(\.percentiles) == whole.summary.metrics.map(\.percentiles))
    }

    /// `count` seeded values up to `largest`, as samples (value i from seed i) and sorted.
    func seededSamples(_ seed: UInt64, count: ClosedRange<Int>, largest: Int) -> (values: [Int64], samples: MetricSamples, sorted: [Int64]) {
        var random = SeededRandom(seed: seed, stream: "percentiles")
        let values = (0..<random.nextInt(in: count)).map { _ in Int64(random.nextInt(in: 0...largest)) }
        var samples = MetricSamples()
        for (seed, value) in values.enumerated() { samples.add(value, seed: UInt64(seed)) }
        return (values, samples, values.sorted())
    }

    /// The nearest-rank value of `fraction` of `sorted`.
    func rank(_ fraction: Double, of sorted: [Int64]) -> Int64 {
        sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
    }

    /// Percentiles from counts per value agree with sorting every sample (nearest rank), exactly
    /// for values below 2,048.
    @Test(arguments: 1...20)
    func countedPercentilesAgreeWithSortedSamples(seed: UInt64) {
        let (values, samples, sorted) = seededSamples(seed, count: 1...300, largest: 40)
        func rank(_ fraction: Double) -> Int64 { self.rank(fraction, of: sorted) }
        let percentiles = samples.percentiles
        #expect([percentiles.p50, percentiles.p95, percentiles.p99, percentiles.max] == [rank(0.5), rank(0.95), rank(0.99), sorted.last!])
        #expect(percentiles.worstSeed == UInt64(values.firstIndex(of: sorted.last!)!))
    }

    /// Above 2,048 ms, a percentile is its bucket's highest value: never below the exact
    /// nearest-rank value, at most 0.1% above it, and never above the largest value seen.
    @Test(arguments: 1...20)
    func bucketedPercentilesAreWithinAThousandthOfTheExactOnes(seed: UInt64) {
        let (_, samples, sorted) = seededSamples(seed, count: 1...500, largest: 5_000_000)
        for fraction in [0.0, 0.01, 0.5, 0.9, 0.95, 0.99, 1.0] {
            let exact = rank(fraction, of: sorted)
            let bucketed = samples.quantiles([fraction])[0]
            #expect(bucketed >= exact && bucketed <= sorted.last!)
            #expect(bucketed - exact <= exact / 1024, "\(fraction): \(bucketed) for \(exact)")
        }
        #expect(samples.percentiles.max == sorted.last!)
    }

    /// Values below 2,048 are counted exactly; above, buckets are 1/1024 of their values wide,
    /// and a day's worth of distinct milliseconds fills fewer than 20,000 of them.
    @Test func theHistogramsLayoutIsExactLowAndBoundedHigh() {
        #expect((0..<2048).allSatisfy { MetricSamples.bucket(of: $0) == $0 })
        #expect(MetricSamples.bucket(of: 2049) == 2048 && MetricSamples.highestValue(inBucketAt: 2048) == 2049)
        #expect(MetricSamples.bucket(of: 1_000_000) == 999_936 && MetricSamples.highestValue(inBucketAt: 999_936) == 1_000_447)
        #expect(MetricSamples.highestValue(inBucketAt: MetricSamples.bucket(of: .max)) == .max)
        var buckets = Set<Int64>()
        var value: Int64 = 0
        while value <= 86_400_000 { buckets.insert(MetricSamples.bucket(of: value)); value += 1 + value / 4096 }
        #expect(buckets.count < 20_000)
        for value in stride(from: Int64(0), through: 86_400_000, by: 997) {
            let low = MetricSamples.bucket(of: value)
            #expect(low <= value && value <= MetricSamples.highestValue(inBucketAt: low))
        }
    }

    /// Counts past 2³² (merged shards of billions of runs) stay exact.
    @Test func histogramCountsPastFourBillionStayExact() {
        var histogram = LogLinearHistogram(), other = LogLinearHistogram()
        histogram.add(3000, count: 5_000_000_000)
        histogram.add(10)
        other.add(3001, count: 4_294_967_295)
        other.add(3001, count: 2)
        histogram.merge(other)
        #expect(histogram.buckets.map(\.count) == [1, 5_000_000_000 + 4_294_967_297])
        #expect(histogram.total == 9_294_967_298)
        #expect(histogram.quantiles([0, 0.5]) == [10, 3001])
    }

    @Test func aRunOfManySeedsKeepsEachTracesHashAndCountButNotItsEntries() {
        let plan = ExplorationPlan(targets: Self.personas, firstSeed: 3, seedCount: 5)
        for run in Explorer.run(plan) {
            let replayed = Explorer.explore(plan, seed: run.seed).result.simulation
            #expect(run.result.simulation.trace.entries.isEmpty)
            #expect(run.result.simulation.trace.count == replayed.trace.entries.count)
            #expect(run.result.traceHash == replayed.traceHash)
            #expect(run.result.simulation.report.contains("trace: \(replayed.trace.entries.count) events"))
        }
    }

    @Test func aSeedDrawsTheSameSwarmEveryTimeAndListsEveryKnob() {
        let swarm = Swarm.draw(seed: 77, app: .fixPlan)
        #expect(swarm == Swarm.draw(seed: 77, app: .fixPlan))
        #expect(swarm.lines.contains { $0.hasPrefix("detour:") })
        #expect(swarm.lines.contains { $0.hasPrefix("email:") })
        let kinds = Set((1...200).map { Swarm.draw(seed: $0, app: .fixPlan).rules.count })
        #expect(kinds.count > 2, "seeds switch different subsets of fault kinds on")
    }

    @Test func replayingASeedReproducesTheExploredRun() {
        let plan = ExplorationPlan(targets: Self.personas, seedCount: 20, mutants: [.fix7])
        for run in Explorer.run(plan) {
            let again = Explorer.explore(ExplorationPlan(targets: [plan.target(for: run.seed)], firstSeed: run.seed,
                                                         seedCount: 1, mutants: [.fix7]), seed: run.seed)
            #expect(again.result.traceHash == run.result.traceHash)
        }
    }

    @Test func theFixedModelSurvivesAThousandSeeds() {
        let runs = Explorer.run(ExplorationPlan(targets: Self.personas, seedCount: 1000), jobs: 2)
        let failures = runs.filter { !$0.result.passed }
        #expect(failures.isEmpty, "\(failures.map { "\($0.target) seed \($0.seed): \($0.result.failedChecks)" })")
    }

    @Test func shrinkingKeepsTheOracleAndMakesTheScenarioSmaller() throws {
        let plan = ExplorationPlan(targets: [.persona(.newUser)], seedCount: 40, mutants: [.fix3])
        let failing = try #require(Explorer.run(plan).first { run in run.result.violations.contains { $0.oracle == "noSilentDeadEnd" } })
        let (scenario, _) = ExplorationTarget.persona(.newUser).scenario(seed: failing.seed)
        let outcome = try #require(Shrinker.shrink(scenario, mutants: [.fix3], oracle: "noSilentDeadEnd"))
        // The free user's run shrinks as the ordinary steps of its choices (`stepsBefore` of them).
        #expect(outcome.scenario.steps.count <= outcome.stepsBefore)
        #expect(outcome.scenario.world.faults.rules.count <= scenario.world.faults.rules.count)
        // The shrunk file is an ordinary scenario that fails run with the same oracle.
        let text = ScenarioEncoder.encode(outcome.scenario)
        guard case .success(let decoded) = ScenarioDecoder.decode(text, file: "shrunk.json") else {
            Issue.record("the shrunk scenario does not decode:\n\(text)")
            return
        }
        #expect(ScenarioRunner.run(decoded).violations.contains { $0.oracle == "noSilentDeadEnd" })
        var fixed = decoded
        fixed.world.mutants = .none
        #expect(!ScenarioRunner.run(fixed).violations.contains { $0.oracle == "noSilentDeadEnd" })
    }
}
