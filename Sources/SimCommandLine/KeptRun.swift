import Foundation
import AppVocabulary
import SimKernel
import Exploration
import Scenarios

/// A run written as a scenario file with its choices (`replay -o`, `explore --keep-runs`): its
/// knobs as the file's sections, faults and steps, and every draw it made under `"choices"`, so
/// that `replay FILE` plays it back byte for byte from the file alone.
enum KeptRun {
    /// Writes `result`'s run to `path`; `made` is the command that made it (for the summary).
    /// False, with the reason printed, when it cannot be written.
    /// `note`, when given, ends the file's summary (what the reader of the file should know).
    static func write(_ result: ScenarioResult, mutants: [Mutant], madeBy made: String, note: String? = nil, to path: String) -> Bool {
        guard let choices = result.simulation.choices else {
            Console.error("\(ToolName.current): \(path) not written: the run did not start, so it drew nothing to keep")
            return false
        }
        var scenario = result.scenario
        scenario.file = path
        scenario.seed = result.seed
        scenario.mutants = MutantSet(scenario.mutants.members + mutants)
        scenario.choices = choices
        scenario.summary = "Recorded: \(choices.count) draws. Made by: \(made)." + (note.map { " " + $0 } ?? "")
        return ScenarioArguments.write(ScenarioEncoder.encode(scenario), to: path)
    }

    /// `new-user-7_4030ms_user_77.json`: a file name for a target's run, its id's punctuation as
    /// underscores (a colon or an at sign is not welcome in every file system or archive).
    static func fileName(target: String, id: RunID) -> String {
        let base = (target.hasSuffix(".json") ? URL(fileURLWithPath: target).deletingPathExtension().lastPathComponent : target)
            + "-" + id.description
        let safe = base.unicodeScalars.map { scalar -> String in
            let plain = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
            return plain ? String(scalar) : "_"
        }
        return safe.joined() + ".json"
    }

    /// Writes each of `failures` (runs of `plan`) into `folder`, played again with its choices
    /// recorded: what `explore --keep-runs` keeps. The files written, or nil when one could not be.
    static func write(_ failures: [ExplorationRun], of plan: ExplorationPlan, into folder: String) -> [String]? {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            Console.error("\(ToolName.current) explore: --keep-runs \(folder): cannot create the folder: \(error.localizedDescription)")
            return nil
        }
        var recording = plan
        recording.recordsChoices = true
        var written: [String] = []
        var withChecksSetAside = 0
        for failure in failures {
            let again = Explorer.explore(recording, run: failure.id)
            let path = URL(fileURLWithPath: folder).appendingPathComponent(fileName(target: failure.target, id: failure.id)).path
            let made = ExplorationReport.replayCommand(plan: plan, target: failure.target, seed: failure.seed,
                                                      id: failure.branches.isEmpty ? nil : failure.id)
            // Explore judged a scenario file by the oracles alone; the kept file is the run as it
            // was, its own checks included, which `replay` judges: say so where the reader looks.
            let setAside = !plan.keepsScenarioExpectations && hasOwnChecks(again.result.scenario)
                && plan.targets.contains { if case .scenario = $0 { $0.name == failure.target } else { false } }
            let note = setAside ? "Its own checks (expect) were set aside by explore, which ran without --keep-expectations; "
                + "replay judges them too, so it may list expect.* failures besides the oracles' (the run is the same)." : nil
            if setAside { withChecksSetAside += 1 }
            guard write(again.result, mutants: plan.mutants, madeBy: made, note: note, to: path) else { return nil }
            written.append(path)
        }
        if withChecksSetAside > 0 {
            Console.error("note: \(withChecksSetAside) kept file(s) keep their scenario's own checks (expect), which explore set "
                          + "aside without --keep-expectations: replay judges them too, and may list expect.* failures besides the oracles'")
        }
        return written
    }

    /// Whether a scenario checks anything of its own: an `expect` at its end or among its steps.
    private static func hasOwnChecks(_ scenario: Scenario) -> Bool {
        scenario.expectations != Expectations() || scenario.steps.contains { if case .expect = $0 { true } else { false } }
    }
}
