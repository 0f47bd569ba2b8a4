import Scenarios

/// Speed-up over real time: virtual time simulated per wall second over every bundled scenario.
struct SuiteBenchmark {
    var folder = "scenarios"
    var repetitions = 7

    func run() -> Bool {
        let (scenarios, problems) = ScenarioLoader.load([folder])
        guard problems.isEmpty, !scenarios.isEmpty else {
            FileHandleOutput.error("onboarding-bench suite: cannot load \(folder)/ (run from the package root): \(problems.first.map { "\($0)" } ?? "no scenarios")")
            return false
        }
        _ = scenarios.map { ScenarioRunner.run($0) }  // warm-up
        var ratios: [Double] = []
        for _ in 0..<repetitions {
            let stopwatch = Stopwatch()
            let virtualMs = scenarios.reduce(Int64(0)) { $0 + ScenarioRunner.run($1).virtualMs }
            ratios.append(Double(virtualMs) / 1000 / stopwatch.elapsedSeconds)
        }
        print("suite.scenarios: \(scenarios.count)")
        print("suite.virtual_over_wall: \(Int(Statistics.median(ratios)))")
        return true
    }
}
