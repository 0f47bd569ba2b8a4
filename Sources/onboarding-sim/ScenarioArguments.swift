import Foundation
import OnboardingModel
import Scenarios
import Exploration

/// Arguments shared by the commands that run scenarios.
enum ScenarioArguments {
    static let defaultFolder = "scenarios"

    /// Loads the scenarios under the given paths (default `scenarios/`); prints every problem
    /// and returns nil when any file is invalid.
    static func load(_ paths: [String]) -> [Scenario]? {
        let paths = paths.isEmpty ? [defaultFolder] : paths
        let (scenarios, problems) = ScenarioLoader.load(paths)
        guard problems.isEmpty else {
            for problem in problems { Console.error("error: \(problem)") }
            let files = Set(problems.map(\.file)).count
            Console.error("\(problems.count) problem(s) in \(files) file(s); see docs/scenario-format.md")
            return nil
        }
        return scenarios
    }

    static func mutants(_ arguments: ParsedArguments) throws(UsageError) -> [Mutant] {
        var mutants: [Mutant] = []
        for id in arguments.values("--mutant") {
            guard let mutant = Mutant(rawValue: id) else {
                var message = "unknown mutant '\(id)'"
                if let suggestion = DidYouMean.closest(to: id, among: Mutant.allCases.map(\.rawValue)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message + " (onboarding-sim list --mutants shows them all)")
            }
            mutants.append(mutant)
        }
        return mutants
    }

    /// The driver `--user` names, or the standard one.
    static func user(_ arguments: ParsedArguments) throws(UsageError) -> UserDriver {
        guard let name = arguments.value("--user") else { return .standard }
        guard let user = UserDriver(rawValue: name) else {
            throw UsageError(message: "--user takes \(UserDriver.allCases.map(\.rawValue).joined(separator: " or ")), got '\(name)'")
        }
        return user
    }

    /// Writes `text` to `path`, or explains why it could not.
    static func write(_ text: String, to path: String) -> Bool { OutputFile.write(text, to: path) }
}
