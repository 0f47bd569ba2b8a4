import Scenarios

/// A summary's whole state as JSON (`explore --json`'s `state`), so that shards explored on
/// different machines add up (`merge`) to exactly the unsharded summary: the same summary hash,
/// percentiles, coverage and budget counts. Every number is written as it is held (counts, hashes
/// in hex), so nothing is lost on the way.
public enum ExplorationState {
    /// A state that cannot be read back.
    public struct Problem: Error, Sendable, Equatable {
        public let message: String
    }

    static func int(_ value: Int) -> JSONValue { .number(String(value)) }
    static func int64(_ value: Int64) -> JSONValue { .number(String(value)) }
    static func ints(_ values: [Int]) -> JSONValue { .array(values.map(int)) }
    static func hex(_ value: UInt64) -> JSONValue { .string(String(value, radix: 16)) }

    static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
        guard case .object(let members)? = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func members(_ value: JSONValue?, _ what: String) throws(Problem) -> [(key: String, value: JSONValue)] {
        guard case .object(let members)? = value else { throw Problem(message: "expected an object for \(what)") }
        return members
    }

    static func array(_ value: JSONValue?, _ what: String) throws(Problem) -> [JSONValue] {
        guard case .array(let values)? = value else { throw Problem(message: "expected an array for \(what)") }
        return values
    }

    /// The most any count of a shard may be: far more runs than one exploration makes (10 million
    /// seeds at most), small enough that adding up thousands of shards cannot overflow.
    static let maxCount = 1_000_000_000_000
    /// The longest time a value may be, in milliseconds (about 30 years of virtual time).
    static let maxMilliseconds: Int64 = 1_000_000_000_000

    static func int(_ value: JSONValue?, _ what: String) throws(Problem) -> Int {
        guard case .number(let text)? = value, let number = Int(text), (0...maxCount).contains(number) else {
            throw Problem(message: "expected a whole number from 0 to \(maxCount) for \(what)")
        }
        return number
    }

    static func int64(_ value: JSONValue?, _ what: String) throws(Problem) -> Int64 {
        guard case .number(let text)? = value, let number = Int64(text), (0...maxMilliseconds).contains(number) else {
            throw Problem(message: "expected a whole number of milliseconds from 0 to \(maxMilliseconds) for \(what)")
        }
        return number
    }

    static func uint64(_ value: JSONValue?, _ what: String) throws(Problem) -> UInt64 {
        if case .string(let text)? = value, let number = UInt64(text, radix: 16) { return number }
        if case .number(let text)? = value, let number = UInt64(text) { return number }
        throw Problem(message: "expected a number for \(what)")
    }

    static func ints(_ value: JSONValue?, count: Int, _ what: String) throws(Problem) -> [Int] {
        let values = try array(value, what)
        guard values.count == count else { throw Problem(message: "expected \(count) counts for \(what), found \(values.count)") }
        var result: [Int] = []
        for element in values { result.append(try int(element, what)) }
        return result
    }
}

extension ExplorationSummary {
    /// Everything this summary holds, as JSON.
    public var state: JSONValue {
        typealias S = ExplorationState
        return .object([
            ("runs", S.int(runs)), ("failedRuns", S.int(failedRuns)),
            ("violations", .object(violationsByOracle.map { ($0.oracle, S.int($0.count)) })),
            ("hashSum", S.hex(lineHashState.sum)), ("hashXor", S.hex(lineHashState.xor)),
            ("timing", .object(targets.map { ($0, timingState(of: $0)) })),
            ("coverage", coverage.state),
            ("watch", watch.state),
        ] + (runsWithKnown == 0 ? [] : [("known", .array(knownCounts.map { S.int($0) })), ("runsWithKnown", S.int(runsWithKnown))]))
    }

    /// The summary `state` describes.
    public init(state: JSONValue) throws(ExplorationState.Problem) {
        typealias S = ExplorationState
        self.init()
        var counts: [(String, Int)] = []
        for (oracle, count) in try S.members(S.field(state, "violations"), "violations") { counts.append((oracle, try S.int(count, "violations"))) }
        try restore(runs: try S.int(S.field(state, "runs"), "runs"), failedRuns: try S.int(S.field(state, "failedRuns"), "failedRuns"),
                    violations: counts, hashSum: try S.uint64(S.field(state, "hashSum"), "hashSum"),
                    hashXor: try S.uint64(S.field(state, "hashXor"), "hashXor"),
                    timing: try S.members(S.field(state, "timing"), "timing"),
                    coverage: try CoverageCounts(state: S.field(state, "coverage")),
                    watch: try BudgetWatch(state: S.field(state, "watch")))
        if let known = S.field(state, "known") {
            var counts: [Int] = []
            for count in try S.array(known, "known") { counts.append(try S.int(count, "known")) }
            restoreKnown(counts: counts, runs: try S.int(S.field(state, "runsWithKnown"), "runsWithKnown"))
        }
    }
}

extension MetricSamples {
    /// `{"buckets": "low:count low:count …", "worst": [[value, seed], …]}`: each filled bucket's
    /// lowest value and its count, lowest first, in one string (a few thousand buckets at most,
    /// whatever the number of runs), so a shard's JSON stays small to hold and to write.
    var state: JSONValue {
        typealias S = ExplorationState
        var buckets = ""
        for (value, count) in valueCounts {
            if !buckets.isEmpty { buckets += " " }
            buckets += String(value) + ":" + String(count)
        }
        return .object([
            ("buckets", .string(buckets)),
            ("worst", .array(worstRuns.map { .array([S.int64($0.value), .string(String($0.seed))]) })),
        ])
    }

    init(state: JSONValue) throws(ExplorationState.Problem) {
        typealias S = ExplorationState
        self.init()
        if case .string(let buckets)? = S.field(state, "buckets") {
            for pair in buckets.split(separator: " ") {
                let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, let value = Int64(parts[0]), let count = Int(parts[1]),
                      (0...ExplorationState.maxMilliseconds).contains(value), (0...ExplorationState.maxCount).contains(count) else {
                    throw ExplorationState.Problem(message: "expected buckets as \"value:count\" pairs, found '\(pair.prefix(40))'")
                }
                restore(value: value, count: count)
            }
        } else {
            // An older build's state: exact values, counted into buckets here.
            for pair in try S.array(S.field(state, "values"), "buckets") {
                let both = try S.array(pair, "a value and its count")
                guard both.count == 2 else { throw ExplorationState.Problem(message: "expected [value, count]") }
                restore(value: try S.int64(both[0], "a value"), count: try S.int(both[1], "a count"))
            }
        }
        for pair in try S.array(S.field(state, "worst"), "worst") {
            let both = try S.array(pair, "a worst run")
            guard both.count == 2, case .string(let seed) = both[1], let number = UInt64(seed) else {
                throw ExplorationState.Problem(message: "expected [value, \"seed\"]")
            }
            restoreWorst(ExplorationSummary.WorstRun(value: try S.int64(both[0], "a worst value"), seed: number))
        }
        guard total <= ExplorationState.maxCount else { throw ExplorationState.Problem(message: "more values than any exploration makes") }
        // Percentiles need both: values, and the worst runs among them.
        guard isEmpty == worstRuns.isEmpty else {
            throw ExplorationState.Problem(message: isEmpty ? "worst runs without values" : "values without their worst runs")
        }
    }
}
