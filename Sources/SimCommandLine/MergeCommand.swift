import Foundation
import Exploration
import AppVocabulary
import Reports
import Scenarios

/// `onboarding-sim merge`: adds the `explore --json` outputs of shards up to the whole exploration.
enum MergeCommand {
    static let subcommand = Subcommand(
        name: "merge",
        summary: "add up the --json outputs of explore shards into the whole exploration's summary",
        usage: """
            usage: \(ToolName.current) merge SHARD.json… [--budgets FILE] [--baseline FILE] [--json]

            Reads the output of `explore … --shard I/N --json` for each shard and prints what the
            unsharded exploration would: its summary hash (equal to the unsharded run's), runs and
            failures, violations by oracle, timing percentiles, coverage, and the budgets the
            shards checked (or --budgets FILE), with every failing run the shards kept, in seed
            order. The shards must be all N of one exploration (same seeds, targets, user,
            mutants and budgets); a shard missing, a shard given twice or a shard of another
            exploration is an error (exit 2).

            options:
              --budgets FILE   check these budgets instead of the ones the shards checked
              --baseline FILE  compare timing with an earlier explore or merge --json output
              --json           one JSON object, shaped as explore's (and mergeable again)

            example:
              for i in 1 2 3 4; do \(ToolName.current) explore --seeds 4000 --shard $i/4 --json > shard-$i.json; done
              \(ToolName.current) merge shard-*.json

            Exit codes: 0 no violation and every budget met, 1 otherwise, 2 bad input or usage.
            """,
        flags: ["--json"],
        options: ["--budgets", "--baseline"],
        run: run)

    /// One shard's output, read.
    struct Shard {
        let file: String
        let plan: [(key: String, value: JSONValue)]
        let summary: ExplorationSummary
        let failures: [JSONValue]
        let budgets: TimingBudgets
        /// The budgets as the shard wrote them, to compare shards.
        let budgetsText: String
        var index: Int, count: Int
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "give the shards' explore --json files") }
        var shards: [Shard] = []
        for file in arguments.positionals {
            switch read(file) {
            case .success(let shard): shards.append(shard)
            case .failure(let problem):
                Console.error("error: \(problem)")
                return ExitCode.badInput
            }
        }
        guard let first = shards.first, let plan = plan(of: first) else { return ExitCode.badInput }
        if let problem = consistency(shards, ownBudgets: arguments.value("--budgets") != nil)
            ?? shards.lazy.compactMap({ contradiction(in: $0, of: plan) }).first {
            Console.error("error: \(problem)")
            return ExitCode.badInput
        }
        var summary = ExplorationSummary()
        for shard in shards { summary.merge(shard.summary) }
        guard let budgets = ScenarioArguments.reported(arguments.value("--budgets").map(TimingBudgets.load) ?? .success(first.budgets)),
              let baseline = ScenarioArguments.baseline(arguments) else { return ExitCode.badInput }
        let exceeded = budgets.exceeded(in: summary, baseline: baseline)
        var report = ExplorationReport(plan: plan, outcome: ExplorationOutcome(summary: summary, failures: []), budgets: budgets,
                                       exceeded: exceeded, baseline: baseline, jobs: 1)
        let failures = mergedFailures(shards)
        report.mergedFailures = failures.map(JSONWriter.Value.init)
        if arguments.has("--json") {
            Console.out(JSONWriter.line(report.json))
        } else {
            var lines = ["merge: \(shards.count) of \(first.count) shard(s), \(summary.runs) run(s) of \(plan.seedCount) seed(s) from \(plan.firstSeed)"]
            // The same runs explore shows: each until its oracles have been shown a few times.
            var shownByOracle: [String: Int] = [:]  // looked up only
            let shown = failures.filter { failure in
                let oracles = violatedOracles(failure)
                guard oracles.contains(where: { shownByOracle[$0, default: 0] < ExplorationReport.shownPerOracle }) else { return false }
                for oracle in oracles { shownByOracle[oracle, default: 0] += 1 }
                return true
            }
            lines += shown.flatMap(failureLines)
            if failures.count > shown.count {
                lines.append("\(failures.count - shown.count) more kept failing run(s); --json lists them")
            }
            lines += report.body(wallSeconds: 0).dropLast()
            lines.append("summary hash: \(summary.summaryHash)")
            Console.out(lines.joined(separator: "\n"))
        }
        return summary.failedRuns == 0 && exceeded.isEmpty ? ExitCode.ok : ExitCode.violations
    }

    static func read(_ file: String) -> Result<Shard, ScenarioError> {
        func problem(_ location: String, _ message: String) -> Result<Shard, ScenarioError> {
            .failure(ScenarioError(file: file, location: location, message: message,
                                   suggestion: "give the output of `\(ToolName.current) explore … --shard I/N --json`"))
        }
        let data: Data
        switch InputFile.read(file, atMost: InputFile.maxReportBytes) {
        case .success(let read): data = read
        case .failure(let why): return problem("$", why.message)
        }
        let root: JSONValue
        do { root = try JSONParser.parse(try JSONText.decode(data).get()) } catch {
            // A shard cut short (a full disk, a killed job) ends where a value was expected.
            return problem("line \(error.line), column \(error.column)", "not valid JSON: \(error.message)")
        }
        guard case .object(let top) = root else { return problem("$", "not a JSON object") }
        func field(_ key: String) -> JSONValue? { top.first { $0.key == key }?.value }
        guard case .object(let plan)? = field("plan"), let state = field("state") else {
            return problem("$", "no \"plan\" and \"state\": written by an older \(ToolName.current), or not by explore --json")
        }
        let summary: ExplorationSummary
        do { summary = try ExplorationSummary(state: state) } catch { return problem("$.state", error.message) }
        guard case .string(let shardText)? = plan.first(where: { $0.key == "shard" })?.value,
              let shard = try? ExploreCommand.parseShard(shardText) else { return problem("$.plan.shard", "expected I/N") }
        var budgets = TimingBudgets.empty
        if case .object(let entries)? = field("budgets") {
            switch TimingBudgets.decode(entries, file: file, at: "$.budgets") {
            case .success(let decoded): budgets = decoded
            case .failure(let problems): return .failure(problems.errors[0])
            }
        }
        guard case .array(let failures)? = field("failures") else { return problem("$.failures", "expected an array") }
        return .success(Shard(file: file, plan: plan, summary: summary, failures: failures, budgets: budgets,
                              budgetsText: field("budgets").map(TimingBaseline.describe) ?? "", index: shard.index, count: shard.count))
    }

    /// Why the shards cannot be added up, if they cannot: other explorations, or a shard twice.
    static func consistency(_ shards: [Shard], ownBudgets: Bool) -> String? {
        func common(_ shard: Shard) -> String { TimingBaseline.describe(JSONValue.object(shard.plan.filter { $0.key != "shard" })) }
        let first = shards[0]
        for shard in shards.dropFirst() {
            if common(shard) != common(first) || shard.count != first.count {
                return "\(shard.file) is a shard of another exploration than \(first.file) (\(common(shard)) against \(common(first)))"
            }
        }
        if !ownBudgets, let other = shards.first(where: { $0.budgetsText != first.budgetsText }) {
            return "\(other.file) checked other budgets than \(first.file); give --budgets FILE to check one set over all of them"
        }
        var seen: [Int: String] = [:]  // looked up only
        for shard in shards {
            if let other = seen[shard.index] { return "shard \(shard.index)/\(shard.count) is given twice: \(other) and \(shard.file)" }
            seen[shard.index] = shard.file
        }
        // No duplicates: the shards given are distinct, so count - given are missing. Name the
        // first few only (a shard of a billion must not list, or hold, a billion numbers).
        let missingCount = first.count - shards.count
        if missingCount > 0 {
            var named: [String] = []
            var index = 1
            while named.count < 5 && index <= first.count {
                if seen[index] == nil { named.append("\(index)/\(first.count)") }
                index += 1
            }
            let more = missingCount > named.count ? " and \(missingCount - named.count) more" : ""
            return "\(missingCount) shard(s) missing (\(named.joined(separator: ", "))\(more)): the sum of some shards is not "
                + "the exploration; give all \(first.count)"
        }
        return nil
    }

    /// Why a shard contradicts itself or its plan, if it does: more or fewer runs than its seeds,
    /// failures kept or violations counted with no failed run.
    static func contradiction(in shard: Shard, of plan: ExplorationPlan) -> String? {
        var own = plan
        own.shard = (shard.index, shard.count)
        let expected = own.seeds.count
        if shard.summary.runs != expected {
            return "\(shard.file) counts \(shard.summary.runs) run(s), but shard \(shard.index)/\(shard.count) of its plan has \(expected) seed(s)"
        }
        if shard.failures.count > shard.summary.failedRuns {
            return "\(shard.file) keeps \(shard.failures.count) failing run(s) but counts \(shard.summary.failedRuns) failed"
        }
        if shard.summary.failedRuns == 0, let oracle = shard.summary.violationsByOracle.first {
            return "\(shard.file) counts violations (\(oracle.oracle) \(oracle.count)) but no failed run"
        }
        return nil
    }

    /// The exploration the shards split, whole: its targets (persona names, or scenario files read
    /// again), seeds, user and mutants.
    static func plan(of shard: Shard) -> ExplorationPlan? {
        func field(_ key: String) -> JSONValue? { shard.plan.first { $0.key == key }?.value }
        guard case .array(let names)? = field("targets"), case .string(let firstText)? = field("firstSeed"),
              let firstSeed = UInt64(firstText), case .number(let seedsText)? = field("seeds"), let seeds = Int(seedsText) else {
            Console.error("error: \(shard.file): $.plan: expected targets, firstSeed and seeds")
            return nil
        }
        var targets: [ExplorationTarget] = []
        for case .string(let name) in names {
            if let persona = ExploreCommand.allPersonas.first(where: { $0.name == name }) { targets.append(persona); continue }
            guard let scenarios = ScenarioArguments.load([name]) else { return nil }
            targets += scenarios.map(ExplorationTarget.scenario)
        }
        guard !targets.isEmpty else {
            Console.error("error: \(shard.file): $.plan.targets: no target")
            return nil
        }
        var mutants: [Mutant] = []
        if case .array(let ids)? = field("mutants") { for case .string(let id) in ids { if let mutant = AppRegistry.entry(named: id)?.mutant { mutants.append(mutant) } } }
        var plan = ExplorationPlan(targets: targets, firstSeed: firstSeed, seedCount: seeds, mutants: mutants)
        if case .string(let user)? = field("user"), let driver = UserDriver(rawValue: user) { plan.user = driver }
        if case .bool(let keeps)? = field("keepsExpectations") { plan.keepsScenarioExpectations = keeps }
        return plan
    }

    /// Every shard's kept failures, in seed order.
    static func mergedFailures(_ shards: [Shard]) -> [JSONValue] {
        func seed(_ failure: JSONValue) -> UInt64 {
            if case .object(let fields) = failure, case .string(let text)? = fields.first(where: { $0.key == "seed" })?.value { return UInt64(text) ?? 0 }
            return 0
        }
        return shards.flatMap(\.failures).sorted { seed($0) < seed($1) }
    }

    /// The oracles a kept failure violated, each once, in the order first violated.
    static func violatedOracles(_ failure: JSONValue) -> [String] {
        guard case .object(let fields) = failure, case .array(let violations)? = fields.first(where: { $0.key == "violations" })?.value else { return [] }
        var oracles: [String] = []
        for case .object(let violation) in violations {
            if case .string(let oracle)? = violation.first(where: { $0.key == "oracle" })?.value, !oracles.contains(oracle) { oracles.append(oracle) }
        }
        return oracles
    }

    /// A kept failure as explore prints one: its violations and its replay command.
    static func failureLines(_ failure: JSONValue) -> [String] {
        guard case .object(let fields) = failure else { return [] }
        func text(_ key: String) -> String {
            if case .string(let value)? = fields.first(where: { $0.key == key })?.value { return value }
            return ""
        }
        var lines: [String] = []
        if case .array(let violations)? = fields.first(where: { $0.key == "violations" })?.value {
            for case .object(let violation) in violations.prefix(ExplorationReport.shownPerRun) {
                let oracle = violation.first { $0.key == "oracle" }.flatMap { if case .string(let s) = $0.value { s } else { nil } } ?? ""
                let message = violation.first { $0.key == "message" }.flatMap { if case .string(let s) = $0.value { s } else { nil } } ?? ""
                let at = violation.first { $0.key == "atMs" }.flatMap { if case .number(let n) = $0.value { n + "ms" } else { nil } } ?? "?"
                lines.append(ExplorationReport.failLine(seed: text("seed"), target: text("target"), oracle: oracle, at: at, message: message))
            }
        }
        lines.append("      replay: \(text("replay"))")
        return lines
    }
}
