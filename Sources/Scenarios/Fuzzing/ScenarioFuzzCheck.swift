import SimKernel

/// What the fuzzer demands of any input, valid or not: decoding never traps; a rejection names
/// where (a JSON path, or a line and column); an accepted file runs to its end within its limits.
///
/// ```swift
/// if let problem = ScenarioFuzzCheck.check(bytes, file: "case-17.json") { print(problem) }
/// ```
public enum ScenarioFuzzCheck {
    /// What went wrong with `bytes`, or nil when the tool handled them as it should.
    public static func check(_ bytes: [UInt8], file: String) -> String? {
        let text: String
        switch JSONText.decode(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let error):
            return error.line >= 1 && error.column >= 1 && error.message.contains("byte offset") ? nil
                : "an invalid UTF-8 file was reported without its place: \(error)"
        }
        switch ScenarioDecoder.decode(text, file: file) {
        case .failure(let problems):
            if problems.errors.isEmpty { return "a rejection with no problem in it" }
            let unplaced = problems.errors.filter { !names(aPlace: $0.location) }
            return unplaced.isEmpty ? nil : "a rejection without a JSON path or a line: \(unplaced[0])"
        case .success(let scenario):
            return checkRun(scenario)
        }
    }

    static func names(aPlace location: String) -> Bool {
        location.hasPrefix("$") || location.hasPrefix("line ")
    }

    /// An accepted scenario must run to its end: completed, or stopped by its virtual-time limit
    /// at or before it, with no work escaping the simulation and no task spinning after it ended.
    static func checkRun(_ scenario: Scenario) -> String? {
        let result = ScenarioRunner.run(scenario)
        if result.violations.contains(where: { $0.oracle == "scenario" }) {
            return "an accepted file was refused by the runner: \(result.violations[0].message)"
        }
        let run = result.simulation
        switch run.outcome {
        case .completed, .limitReached(.virtualTime):
            break
        case .limitReached(.jobs), .deadlock:
            return "an accepted file did not run to its end: \(run.outcome)"
        }
        if run.virtualTime.nanoseconds > scenario.maxVirtualTime.totalNanoseconds {
            return "the run went past its virtual-time limit: \(run.virtualTime)"
        }
        if run.foreignEnqueues > 0 || !run.strandedTasks.isEmpty {
            return "the run broke the kernel's rules: \(run.report)"
        }
        return nil
    }
}
