import Foundation
import Scenarios

/// The long fuzzing run: seeded mutations of every bundled scenario, each checked as the tests
/// check a few thousand (`ScenarioFuzzCheck`). Prints the cases, the problems and the rate.
struct FuzzBenchmark {
    var count = 10_000
    var seed: UInt64 = 1
    var folder = "scenarios"

    func run() -> Bool {
        let (files, problems) = ScenarioLoader.files(in: [folder])
        let corpus = files.compactMap { file in FileManager.default.contents(atPath: file).map { (file, Array($0)) } }
        guard problems.isEmpty, !corpus.isEmpty else {
            FileHandleOutput.error("onboarding-bench fuzz: cannot read \(folder)/ (run from the package root)")
            return false
        }
        var mutator = ScenarioMutator(seed: seed)
        var found = 0
        let stopwatch = Stopwatch()
        for index in 0..<count {
            let (file, bytes) = corpus[index % corpus.count]
            let (mutated, mutation) = mutator.mutate(bytes)
            guard let problem = ScenarioFuzzCheck.check(mutated, file: "case-\(index).json") else { continue }
            found += 1
            if found <= 20 { print("fuzz.problem: seed \(seed) case \(index) (\(file), \(mutation)): \(problem)") }
        }
        print("fuzz.cases: \(count)")
        print("fuzz.problems: \(found)")
        print("fuzz.cases_per_second: \(Int(Double(count) / stopwatch.elapsedSeconds))")
        return found == 0
    }
}
