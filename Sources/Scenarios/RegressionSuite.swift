import AppVocabulary

/// The regression check of the whole catalogue: every id's scenarios pass on the fixed model
/// and fail with that mutant switched on. A check that cannot fail is worthless.
public enum RegressionSuite {
    /// One catalogue id's verdict.
    public struct Entry: Sendable {
        public let id: Mutant
        /// The files of the scenarios that guard it.
        public let scenarios: [String]
        /// Every guarding scenario passed on the fixed model.
        public let fixedPassed: Bool
        /// Every guarding scenario failed with the mutant on.
        public let mutantCaught: Bool
        /// Oracles and expectations that caught the mutant.
        public let caughtBy: [String]
        /// What went wrong, when the entry is not clean (fixed failures, uncaught scenarios).
        public let problems: [String]

        public var isClean: Bool { !scenarios.isEmpty && fixedPassed && mutantCaught }
    }

    /// Runs every catalogue id against the scenarios that guard it, calling `progress` after each.
    public static func run(_ scenarios: [Scenario], ids: [Mutant] = AppRegistry.toolCatalogue.map(\.mutant),
                           progress: (Int, Int, Mutant) -> Void = { _, _, _ in }) -> [Entry] {
        return ids.enumerated().map { position, id in
            defer { progress(position + 1, ids.count, id) }
            return entry(for: id, guardedBy: scenarios.filter { $0.guards.contains(id.rawValue) })
        }
    }

    /// The catalogue ids some scenario of `scenarios` guards, in catalogue order (the bundled
    /// apps', then each registered plug-in's).
    public static func guardedIDs(in scenarios: [Scenario]) -> [Mutant] {
        AppRegistry.allEntries.map(\.mutant).filter { id in scenarios.contains { $0.guards.contains(id.rawValue) } }
    }

    static func entry(for id: Mutant, guardedBy guarding: [Scenario]) -> Entry {
        var fixedPassed = true, mutantCaught = true
        var caughtBy: [String] = []
        var problems: [String] = []
        for scenario in guarding {
            let fixed = ScenarioRunner.run(scenario)
            if !fixed.passed {
                fixedPassed = false
                problems.append("\(scenario.file) fails on the fixed model: " + fixed.failedChecks.joined(separator: ", "))
            }
            let mutant = ScenarioRunner.run(scenario, mutants: [id])
            if mutant.passed {
                mutantCaught = false
                problems.append("\(scenario.file) passes with \(id.rawValue) on: it cannot catch the bug")
            }
            for check in mutant.failedChecks where !caughtBy.contains(check) { caughtBy.append(check) }
        }
        if guarding.isEmpty { problems.append("no scenario guards \(id.rawValue)") }
        return Entry(id: id, scenarios: guarding.map(\.file), fixedPassed: fixedPassed && !guarding.isEmpty,
                     mutantCaught: mutantCaught && !guarding.isEmpty, caughtBy: caughtBy, problems: problems)
    }
}
