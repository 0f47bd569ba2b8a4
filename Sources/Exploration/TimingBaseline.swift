import Foundation
import Scenarios

/// An exploration's timing as `explore --json` wrote it: kept from an earlier build, to compare a
/// new exploration with (each percentile's change, `maxGrowth` budgets; same seeds and targets
/// give an exact comparison), and what `report --timing` draws.
///
/// ```swift
/// let baseline = try TimingBaseline.load("baseline.json").get()
/// baseline.percentiles(of: "waitMs", for: "new-user")?["p95"]
/// ```
public struct TimingBaseline: Sendable {
    /// One metric of one target, as the kept exploration measured it.
    public struct Entry: Sendable, Equatable, PercentileValues {
        public let target: String
        public let metric: String
        public let p50, p95, p99, max: Int64
        /// The values at 0%, 1%, …, 100% (empty if the file predates them).
        public let quantiles: [Int64]
        /// How many values the percentiles are of (nil if the file predates it).
        public let samples: Int?
    }

    public let entries: [Entry]
    /// The budgets the kept exploration checked (none if it predates them).
    public var budgets: TimingBudgets = .empty
    /// Which runs the kept exploration made (seeds, shard, user, targets; not its mutants, which
    /// a comparison may change on purpose), as `explore --json` says it.
    public let plan: String
    /// The mutants the kept exploration switched on.
    public var mutants: [String] = []
    /// How many runs it made (nil if not said).
    public var runs: Int?

    public func percentiles(of metric: String, for target: String) -> Entry? {
        entries.first { $0.target == target && $0.metric == metric }
    }

    /// Reads `explore --json` output; anything else is an error naming the file and the path.
    public static func load(_ path: String) -> Result<TimingBaseline, ScenarioProblems> {
        func problem(_ location: String, _ message: String) -> Result<TimingBaseline, ScenarioProblems> {
            .failure(ScenarioProblems([ScenarioError(file: path, location: location, message: message,
                                                     suggestion: "give the output of an earlier `onboarding-sim explore … --json`")]))
        }
        let data: Data
        switch InputFile.read(path, atMost: InputFile.maxReportBytes) {
        case .success(let read): data = read
        case .failure(let why): return problem("$", why.message)
        }
        let root: JSONValue
        do { root = try JSONParser.parse(try JSONText.decode(data).get()) } catch {
            return problem("line \(error.line), column \(error.column)", "not valid JSON: \(error.message)")
        }
        guard case .object(let top) = root, case .array(let metrics)? = top.first(where: { $0.key == "metrics" })?.value else {
            return problem("$", "expected explore's JSON, with a \"metrics\" array")
        }
        var entries: [Entry] = []
        for (index, value) in metrics.enumerated() {
            guard case .object(let fields) = value else { return problem("$.metrics[\(index)]", "expected an object") }
            func text(_ key: String) -> String? {
                if case .string(let text)? = fields.first(where: { $0.key == key })?.value { return text }
                return nil
            }
            /// Milliseconds and counts as explore writes them: whole, not negative, not absurd.
            func number(_ key: String) -> Int64? {
                if case .number(let text)? = fields.first(where: { $0.key == key })?.value, let value = Int64(text),
                   (0...ExplorationState.maxMilliseconds).contains(value) { return value }
                return nil
            }
            guard let target = text("target"), let metric = text("metric"), let p50 = number("p50"), let p95 = number("p95"),
                  let p99 = number("p99"), let max = number("max") else {
                return problem("$.metrics[\(index)]", "expected target, metric, p50, p95, p99 and max (milliseconds from 0 to \(ExplorationState.maxMilliseconds))")
            }
            var quantiles: [Int64] = []
            if case .array(let values)? = fields.first(where: { $0.key == "quantiles" })?.value {
                quantiles = values.compactMap { value -> Int64? in
                    guard case .number(let text) = value, let number = Int64(text), (0...ExplorationState.maxMilliseconds).contains(number) else { return nil }
                    return number
                }
                if quantiles.count != 101 { quantiles = [] }
            }
            entries.append(Entry(target: target, metric: metric, p50: p50, p95: p95, p99: p99, max: max, quantiles: quantiles,
                                 samples: number("samples").map(Int.init)))
        }
        var plan = ""
        if let value = top.first(where: { $0.key == "plan" })?.value { plan = describePlan(value) }
        var baseline = TimingBaseline(entries: entries, plan: plan)
        if case .object(let fields)? = top.first(where: { $0.key == "plan" })?.value,
           case .array(let mutants)? = fields.first(where: { $0.key == "mutants" })?.value {
            baseline.mutants = mutants.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        if case .number(let runs)? = top.first(where: { $0.key == "runs" })?.value { baseline.runs = Int(runs) }
        if case .object(let budgets)? = top.first(where: { $0.key == "budgets" })?.value {
            switch TimingBudgets.decode(budgets, file: path, at: "$.budgets") {
            case .success(let decoded): baseline.budgets = decoded
            case .failure(let problems): return .failure(problems)
            }
        }
        return .success(baseline)
    }

    /// An `explore --json` plan as `plan` describes it, to compare with a baseline's ("" if not JSON).
    public static func describe(plan text: String) -> String {
        (try? JSONParser.parse(text)).map(describePlan) ?? ""
    }

    /// The plan's fields but its mutants, as compact text.
    static func describePlan(_ value: JSONValue) -> String {
        guard case .object(let members) = value else { return describe(value) }
        return describe(.object(members.filter { $0.key != "mutants" }))
    }

    /// A JSON value as compact text, to compare two plans.
    public static func describe(_ value: JSONValue) -> String {
        switch value {
        case .object(let members): "{" + members.map { "\($0.key):\(describe($0.value))" }.joined(separator: ",") + "}"
        case .array(let values): "[" + values.map(describe).joined(separator: ",") + "]"
        case .string(let text): text
        case .number(let text): text
        case .bool(let flag): String(flag)
        case .null: "null"
        }
    }
}
