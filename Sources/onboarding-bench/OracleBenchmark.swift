import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import Scenarios
import Exploration

/// Where the judging of a run goes: the free user's runs of the fix plan's personas are
/// simulated once and kept, then each is judged as `explore` judges it, and each part (the
/// observation, each oracle, the metrics, the coverage) is timed on its own, run by run.
/// The shares say which oracle to make faster first.
struct OracleBenchmark {
    var seeds = 1000
    var repetitions = 7

    func run() {
        let plan = ExplorationPlan(targets: BenchApps.fixPlanPersonas, seedCount: seeds)
        let traces = plan.seeds.map { seed in
            let (scenario, _) = plan.target(for: seed).scenario(seed: seed, user: plan.user)
            return ScenarioRunner.run(scenario, seed: seed).simulation.trace
        }
        let settings = OracleSettings()
        let oracles = AppRegistry.oracles(for: .fixPlan)
        let coverageTable = AppRegistry.coverageTable(of: .fixPlan)
        let timingTable = AppRegistry.timingTable(of: .fixPlan)
        let names = ["observation"] + oracles.map(\.name) + ["launch metrics", "journey metrics", "coverage"]
        var seconds = [[Double]](repeating: [], count: names.count)
        var sink = 0
        for _ in 0..<repetitions {
            // Part by part within each run, as `explore` judges it: the run's events stay in cache.
            var totals = [Double](repeating: 0, count: names.count)
            for trace in traces {
                var watch = Stopwatch()
                let run = RunObservation(trace: trace, roles: FixPlanRoles.roles, timing: timingTable)
                totals[0] += watch.lap()
                for (position, oracle) in oracles.enumerated() {
                    sink &+= oracle.check(run, settings: settings).count
                    totals[position + 1] += watch.lap()
                }
                sink &+= LaunchMetrics.of(run).count
                totals[names.count - 3] += watch.lap()
                sink &+= Int(JourneyMetrics.of(run).waitMs)
                totals[names.count - 2] += watch.lap()
                sink &+= RunCoverage.of(run, table: coverageTable).app == .fixPlan ? 1 : 0
                totals[names.count - 1] += watch.lap()
            }
            for part in names.indices { seconds[part].append(totals[part]) }
        }
        let medians = zip(names, seconds.map(Statistics.median))
        let total = medians.reduce(0) { $0 + $1.1 }
        let events = traces.reduce(0) { $0 + $1.count } / max(1, traces.count)
        print("oracles.judging_per_run_us: \(Int((total / Double(seeds) * 1e6).rounded()))  (\(sink > 0 ? seeds : 0) free-user runs of \(events) events on average)")
        var kinds = [Int](repeating: 0, count: ModelEvent.Kind.allCases.count)
        for run in traces.map({ RunObservation(trace: $0, roles: FixPlanRoles.roles) }) { for event in run.events { kinds[Int(event.event.kind.rawValue)] += 1 } }
        let common = zip(ModelEvent.Kind.allCases, kinds).sorted { $0.1 > $1.1 }.prefix(6)
        print("oracles.events_per_run_by_kind: " + common.map { "\($0.0) \($0.1 / max(1, seeds))" }.joined(separator: ", "))
        for (name, seconds) in medians.sorted(by: { $0.1 > $1.1 }) {
            let share = Int((seconds / total * 1000).rounded())
            print("oracles.\(name): \(share / 10).\(share % 10)%  \(Int((seconds / Double(seeds) * 1e9).rounded())) ns/run")
        }
    }
}
