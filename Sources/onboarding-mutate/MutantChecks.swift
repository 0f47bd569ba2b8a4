import Foundation
import Mutation
import Reports
import Scenarios

/// The checks every mutant meets, in order: the bundled scenarios, then `explore` of the mutated
/// file's app with the free user and with the scripted one. Each check's trace hashes are compared
/// with the unmutated app's, so a mutant whose every hash is unchanged is "no behaviour change".
struct MutantChecks {
    struct Check {
        /// `app` nil: the tool's default app.
        enum Kind { case scenarios, explore(app: String?, user: String) }
        let kind: Kind
        let arguments: [String]
        var name: String {
            switch kind {
            case .scenarios: "bundled scenarios"
            case .explore(let app?, let user): "explore \(app), \(user) user"
            case .explore(nil, let user): "explore, \(user) user"
            }
        }
    }

    /// What one check saw: its hashes, and the first failure if any.
    struct Observation {
        var hashes: String
        var killer: MutantKiller?
    }

    let binary: String
    /// The tool's name, as the commands a report prints name it.
    let tool: String
    let directory: URL
    let seeds: Int
    let jobs: Int
    let limit: Double
    /// No scenarios (`--blind`): the app explored only.
    var blind = false
    /// Explore with `--branching`.
    var branching = false

    /// The checks for a mutant of an app: every bundled scenario (unless blind), then that app explored.
    func checks(app: String?) -> [Check] {
        var checks = blind ? [] : [Check(kind: .scenarios, arguments: ["run", "--json"])]
        for user in ["free", "scripted"] {
            checks.append(Check(kind: .explore(app: app, user: user),
                                arguments: ["explore"] + (app.map { ["--app", $0] } ?? []) + ["--user", user, "--seeds", String(seeds),
                                            "--jobs", String(jobs), "--keep-failures", "1", "--json"]
                                            + (branching ? ["--branching"] : [])))
        }
        return checks
    }

    /// Runs `check`, with the switched mutant `switched` on (`MutantSchema`) when given. Throws
    /// when the output cannot be read (then the tool itself is broken).
    func observe(_ check: Check, switched: Int? = nil) throws -> Observation {
        let environment = switched.map { [MutantSchema.variable: String($0)] } ?? [:]
        let outcome = try ProcessRunner.run(binary, check.arguments, in: directory, limit: limit, environment: environment)
        let command = tool + " " + check.arguments.filter { $0 != "--json" }.joined(separator: " ")
        switch outcome.ending {
        case .timedOut:
            return Observation(hashes: "", killer: MutantKiller(
                kind: .timeout, name: "timeout", detail: "\(check.name) ran past \(Int(limit)) s (counted as killed)",
                command: command))
        case .signalled(let signal):
            return Observation(hashes: "", killer: MutantKiller(
                kind: .crash, name: "signal \(signal)", detail: "\(check.name): \(MutantKiller.crashLine(of: outcome.standardError))",
                command: MutantKiller.crashReplay(of: outcome.standardError) ?? command))
        case .exited(let status) where status != 0 && status != 1:
            return Observation(hashes: "", killer: MutantKiller(
                kind: .crash, name: "exit \(status)", detail: "\(check.name): \(MutantKiller.crashLine(of: outcome.standardError))",
                command: command))
        case .exited(let status) where status == 1 && outcome.standardError.contains("watchdog: "):
            // A run that spun without suspending: the tool's watchdog ended it (whatever it had
            // printed of its report), as the time limit would have, later.
            let lines = outcome.standardError.split(separator: "\n")
            let said = lines.first { $0.hasPrefix("watchdog: ") }.map { String($0.prefix(300)) } ?? "watchdog"
            let replay = lines.first { $0.hasPrefix("  replay: ") }.map { String($0.dropFirst("  replay: ".count)) }
            return Observation(hashes: "", killer: MutantKiller(kind: .timeout, name: "watchdog", detail: "\(check.name): \(said)",
                                                                command: replay ?? command))
        case .exited:
            switch check.kind {
            case .scenarios: return try scenarioObservation(outcome.standardOutput)
            case .explore: return try exploreObservation(outcome.standardOutput, check: check, command: command)
            }
        }
    }

    private func scenarioObservation(_ output: String) throws -> Observation {
        var hashes: [String] = []
        var killer: MutantKiller?
        for line in output.split(separator: "\n") {
            let members = try Self.object(String(line))
            let file = Self.string("file", in: members) ?? "?"
            hashes.append(file + " " + (Self.string("traceHash", in: members) ?? ""))
            guard killer == nil, case .bool(false)? = members.first(where: { $0.key == "passed" })?.value else { continue }
            killer = MutantKiller(kind: .scenario, name: Self.firstOracle(in: members) ?? "expectations", detail: file,
                                  command: "\(tool) run \(ShellWord.quoted(file)) --story")
        }
        return Observation(hashes: hashes.joined(separator: "\n"), killer: killer)
    }

    private func exploreObservation(_ output: String, check: Check, command: String) throws -> Observation {
        let members = try Self.object(output)
        let hash = Self.string("summaryHash", in: members) ?? ""
        if case .array(let failures)? = members.first(where: { $0.key == "failures" })?.value,
           case .object(let failure)? = failures.first {
            let persona = Self.string("target", in: failure) ?? "?"
            let seed = Self.string("seed", in: failure) ?? "?"
            return Observation(hashes: hash, killer: MutantKiller(
                kind: .explore, name: Self.firstOracle(in: failure) ?? "expectations",
                detail: "\(check.name): \(persona), seed \(seed)",
                command: Self.string("replay", in: failure) ?? command))
        }
        if case .array(let exceeded)? = members.first(where: { $0.key == "budgetsExceeded" })?.value, !exceeded.isEmpty {
            return Observation(hashes: hash, killer: MutantKiller(
                kind: .budget, name: "budgets", detail: "\(check.name): \(exceeded.count) timing limit(s) exceeded",
                command: command))
        }
        return Observation(hashes: hash, killer: nil)
    }

    private static func object(_ text: String) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = try JSONParser.parse(text) else {
            throw MutationReportError(message: "the tool printed JSON that is not an object")
        }
        return members
    }

    private static func string(_ key: String, in members: [(key: String, value: JSONValue)]) -> String? {
        if case .string(let text)? = members.first(where: { $0.key == key })?.value { return text }
        return nil
    }

    private static func firstOracle(in members: [(key: String, value: JSONValue)]) -> String? {
        guard case .array(let violations)? = members.first(where: { $0.key == "violations" })?.value,
              case .object(let first)? = violations.first else { return nil }
        return string("oracle", in: first)
    }

}
