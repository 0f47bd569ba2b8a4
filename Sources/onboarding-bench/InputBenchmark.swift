import Scenarios

/// Time linear in the input: a file with 100,000 unknown keys and one with 100,000 steps, each
/// timed beside a 1,000-item file, printed as the ratio of their cost per item (1.0 is linear;
/// a quadratic path shows as about 100).
struct InputBenchmark {
    var repetitions = 5

    func run() {
        for (name, file) in [("keys", Self.keysFile), ("steps", Self.stepsFile)] {
            let small = median { _ = measure(file(1_000)) }
            let large = median { _ = measure(file(100_000)) }
            print("input.\(name)_1k_seconds: \(Ratio.format(small))")
            print("input.\(name)_100k_seconds: \(Ratio.format(large))")
            print("input.\(name)_per_item_ratio: \(Ratio.format(large / 100 / small))")
        }
    }

    private func median(_ body: () -> Void) -> Double {
        Statistics.median((0..<repetitions).map { _ in
            let stopwatch = Stopwatch()
            body()
            return stopwatch.elapsedSeconds
        })
    }

    /// Decodes the file and, when it is valid, runs it: what `onboarding-sim run` does with it.
    private func measure(_ text: String) -> Int {
        switch ScenarioDecoder.decode(text, file: "bench.json") {
        case .success(let scenario): ScenarioRunner.run(scenario).violations.count
        case .failure(let problems): problems.errors.count
        }
    }

    static func keysFile(_ count: Int) -> String {
        #"{"format": 1, "name": "keys", "steps": [{"launch": true}]"# + (0..<count).map { #", "k\#($0)": \#($0)"# }.joined() + "}"
    }

    /// A run of ordinary steps: actions, backgrounding, waits, kills and relaunches.
    static func stepsFile(_ count: Int) -> String {
        let cycle = [#"{"action": "get-started"}"#, #"{"background": true}"#, #"{"wait": "200ms"}"#, #"{"foreground": true}"#,
                     #"{"action": "continue"}"#, #"{"kill": true}"#, #"{"launch": true}"#, #"{"action": "resume"}"#]
        let steps = (0..<count).map { cycle[$0 % cycle.count] }.joined(separator: ", ")
        return #"{"format": 1, "name": "steps", "limits": {"virtualTime": "1000h"}, "steps": [{"launch": true}, "# + steps + "]}"
    }
}
