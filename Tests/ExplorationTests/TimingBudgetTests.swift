import Testing
import FixPlanSim
import Foundation
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import Scenarios
@testable import Exploration
import ToolAppsForTests

/// Timing over an exploration: percentiles and worst seeds add up in any order, budgets judge
/// only percentiles with enough values, the runs over a budget show what they drew, and a
/// baseline's growth limit holds or fails.
@Suite struct TimingBudgetTests {
    init() { ToolApps.register() }
    static let newUser = [ExplorationTarget.persona(.newUser)]

    @Test func worstSeedsAndQuantilesDoNotDependOnTheOrderValuesArriveIn() {
        var random = SeededRandom(seed: 7, stream: "test")
        for _ in 0..<20 {
            let values = (0..<60).map { _ in (Int64(random.nextInt(in: 0...40)), UInt64(random.nextInt(in: 1...30))) }
            var forward = MetricSamples(), halves = (MetricSamples(), MetricSamples())
            for (value, seed) in values { forward.add(value, seed: seed) }
            for (position, (value, seed)) in values.enumerated().reversed() {
                if position % 2 == 0 { halves.0.add(value, seed: seed) } else { halves.1.add(value, seed: seed) }
            }
            halves.1.merge(halves.0)
            #expect(forward.percentiles == halves.1.percentiles)
            #expect(forward.quantiles([0, 0.25, 0.5, 1]) == halves.1.quantiles([0, 0.25, 0.5, 1]))
            let worst = forward.percentiles.worst
            #expect(Set(worst.map(\.seed)).count == worst.count, "each seed once")
            #expect(worst.first?.value == values.map(\.0).max())
        }
    }

    @Test func quantilesAreNearestRank() {
        var samples = MetricSamples()
        for value in 1...100 { samples.add(Int64(value), seed: UInt64(value)) }
        #expect(samples.quantiles([0, 0.01, 0.5, 0.95, 0.99, 1]) == [1, 1, 50, 95, 99, 100])
        #expect(samples.percentiles.worst.map(\.seed) == [100, 99, 98])
        // 0.07 × 100 is 7.000000000000001 in floating point: ranks are whole numbers here.
        #expect(samples.quantiles([0.07, 0.14, 0.28, 0.55, 0.56]) == [7, 14, 28, 55, 56])
    }

    @Test func aPercentileWithTooFewValuesIsNotJudged() {
        let summary = ExplorationSummary(Explorer.run(ExplorationPlan(targets: Self.newUser, seedCount: 30)))
        let budgets = TimingBudgets(byTarget: [("new-user", [("waitMs", .init(p50: 0, p95: 0, max: 0))])])
        #expect(budgets.exceeded(in: summary).map(\.percentile) == ["max"], "30 values judge a maximum, not p50 or p95")
        #expect(budgets.unjudged(in: summary).map(\.percentile) == ["p50", "p95"])
    }

    @Test func runsOverABudgetShowTheKnobsTheyDrewMoreOftenThanAllRuns() {
        let measured = ExplorationSummary(Explorer.run(ExplorationPlan(targets: Self.newUser, seedCount: 500)))
        let p95 = try! #require(measured.percentiles(of: "waitMs.goalReview", for: "new-user")).p95
        let budgets = TimingBudgets(byTarget: [("new-user", [("waitMs.goalReview", .init(p95: p95 - 1))])])
        var plan = ExplorationPlan(targets: Self.newUser, seedCount: 500)
        plan.budgets = budgets
        let outcome = Explorer.explore(plan, jobs: 2)
        let exceeded = budgets.exceeded(in: outcome.summary)
        #expect(exceeded.count == 1)
        let over = try! #require(exceeded.first)
        #expect(over.measured == p95)
        #expect(over.worst.count == 3 && over.worst[0].value >= over.worst[2].value)
        #expect((over.runsOver?.over ?? 0) >= 20 && over.runsOver?.runs == 500)
        // The tail of the wait for goals is the 30 s generation timeout: a lost or unanswered call
        // (slow generation adds 3–12 s and stays under it). Both are among the knobs shown (which
        // of several real causes leads depends on the 500 runs drawn).
        let shown = over.overRepresented.map(\.feature)
        #expect(shown.contains("drop on generate-goals") && shown.contains("timeout on generate-goals"), "\(over.overRepresented)")
        #expect(over.overRepresented.allSatisfy { $0.over - $0.all >= 0.1 })
        let calm = TimingBudgets(byTarget: [("new-user", [("waitMs.goalReview", .init(p95: p95))])])
        #expect(calm.exceeded(in: outcome.summary).isEmpty)
    }

    @Test func aBudgetForAllJudgesEveryRunTogether() {
        let plan = ExplorationPlan(targets: Persona.of(.fixPlan).map(ExplorationTarget.persona), seedCount: 100)
        let summary = ExplorationSummary(Explorer.run(plan))
        let all = try! #require(summary.percentiles(of: "longestWaitMs", for: TimingBudgets.allTargets))
        #expect(all.samples == 100)
        #expect(all.max == summary.targets.compactMap { summary.percentiles(of: "longestWaitMs", for: $0)?.max }.max())
    }

    @Test func aPercentileThatGrewMoreThanAllowedOverTheBaselineFails() throws {
        let summary = ExplorationSummary(Explorer.run(ExplorationPlan(targets: Self.newUser, seedCount: 60)))
        let p50 = try #require(summary.percentiles(of: "waitMs", for: "new-user")).p50
        func baseline(p50 value: Int64) throws -> TimingBaseline {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(getpid())-\(value).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try #"{"metrics": [{"target": "new-user", "metric": "waitMs", "p50": \#(value), "p95": 0, "p99": 0, "max": 0}]}"#
                .write(to: file, atomically: true, encoding: .utf8)
            return try TimingBaseline.load(file.path).get()
        }
        let budgets = TimingBudgets(byTarget: [("new-user", [("waitMs", .init(p50: 1_000_000, maxGrowthPercent: 10))])])
        let grown = budgets.exceeded(in: summary, baseline: try baseline(p50: p50 * 10 / 12))
        #expect(grown.count == 1 && grown.first?.growth?.allowedPercent == 10, "\(p50) is 20% over the baseline")
        #expect(budgets.exceeded(in: summary, baseline: try baseline(p50: p50)).isEmpty, "no growth")
        #expect(budgets.exceeded(in: summary).isEmpty, "no baseline, no growth to judge")
    }

    @Test func aBudgetsFileRefusesAnUnknownTargetAndABadGrowth() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("budgets-target-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"format": 1, "budgets": {"new-usr": {"waitMs": 1}}}"#.write(to: file, atomically: true, encoding: .utf8)
        guard case .failure(let target) = TimingBudgets.load(file.path) else { Issue.record("accepted"); return }
        #expect("\(target.errors[0])".contains("$.budgets.new-usr: unknown target") && "\(target.errors[0])".contains("new-user"))
        try #"{"format": 1, "budgets": {"all": {"waitMs": {"maxGrowth": "ten"}}}}"#.write(to: file, atomically: true, encoding: .utf8)
        guard case .failure(let growth) = TimingBudgets.load(file.path) else { Issue.record("accepted"); return }
        #expect("\(growth.errors[0])".contains("$.budgets.all.waitMs.maxGrowth: expected a percentage"))
        try #"{"format": 1, "budgets": {"all": {"waitMs.goalReview": {"p95": 1, "maxGrowth": "12.5%"}}}}"#.write(to: file, atomically: true, encoding: .utf8)
        let loaded = try TimingBudgets.load(file.path).get()
        #expect(loaded.byTarget.first?.limits.first?.limit == .init(p95: 1, maxGrowthPercent: 12.5))
    }
}
