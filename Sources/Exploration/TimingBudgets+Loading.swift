import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Oracles
import Scenarios

extension TimingBudgets {
    /// Reads a budgets file; a missing file is no budgets, a broken one is an error naming the
    /// JSON path, what was expected and, for a misspelt key, the nearest right one. A path that
    /// is there but is no readable file (a folder, a FIFO, a device, no permission) is an error:
    /// a CI gate must not pass with no budgets checked.
    public static func load(_ path: String) -> Result<TimingBudgets, ScenarioProblems> {
        func unreadable(_ why: String) -> Result<TimingBudgets, ScenarioProblems> {
            .failure(ScenarioProblems([ScenarioError(file: path, location: "$", message: why,
                                                     suggestion: "give --budgets the path of a budgets.json (docs/budgets.md)")]))
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return .success(.empty) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return unreadable(info.st_mode & S_IFMT == S_IFDIR ? "is a folder, not a budgets file" : "is not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return unreadable("cannot be read (check its permissions)") }
        // Each problem placed at the line and column its JSON path names, as a scenario's are.
        return decode(fileBytes: Array(data), file: path).mapError { problems in
            var locations: [(path: String, line: Int, column: Int)]?
            let text = String(decoding: data, as: UTF8.self)
            return ScenarioProblems(problems.errors.map { $0.placed(in: text, locations: &locations) })
        }
    }

    /// Decodes the bytes of a budgets file named `file`, as `load` does once it has read them.
    public static func decode(fileBytes bytes: [UInt8], file path: String) -> Result<TimingBudgets, ScenarioProblems> {
        func problem(_ location: String, _ message: String, suggestion: String? = nil) -> Result<TimingBudgets, ScenarioProblems> {
            .failure(ScenarioProblems([ScenarioError(file: path, location: location, message: message, suggestion: suggestion)]))
        }
        let root: JSONValue
        do { root = try JSONParser.parse(try JSONText.decode(bytes).get()) } catch {
            return problem("line \(error.line), column \(error.column)", "not valid JSON: \(error.message)")
        }
        guard case .object(let top) = root, top.first(where: { $0.key == "format" })?.value == .number("1"),
              case .object(let entries)? = top.first(where: { $0.key == "budgets" })?.value else {
            return problem("$", "expected {\"format\": 1, \"budgets\": {\"<persona>\": {…}}}")
        }
        for (key, _) in top where !topKeys.contains(key) {
            return problem("$.\(key)", "unknown key \"\(key)\"", suggestion: suggestion(for: key, among: topKeys))
        }
        switch top.first(where: { $0.key == "$schema" })?.value {
        case nil, .string?: break
        default: return problem("$.$schema", "expected the schema's address as a string", suggestion: "\"$schema\": \"../docs/budgets.schema.json\"")
        }
        return decode(entries, file: path, at: "$.budgets")
    }

    /// Decodes the object of budgets per target found at `path` of `file` (a budgets file's
    /// `$.budgets`, or the `budgets` that `explore --json` lists).
    public static func decode(_ entries: [(key: String, value: JSONValue)], file: String, at path: String) -> Result<TimingBudgets, ScenarioProblems> {
        func problem(_ location: String, _ message: String, suggestion: String? = nil) -> Result<TimingBudgets, ScenarioProblems> {
            .failure(ScenarioProblems([ScenarioError(file: file, location: location, message: message, suggestion: suggestion)]))
        }
        var result: [(target: String, limits: [(metric: String, limit: Limit)])] = []
        // Every app's personas, the bundled apps' first.
        let personas = AppRegistry.apps.compactMap(AppRegistry.plugin(for:)).flatMap { $0.personas.map(\.name) }
        // The metrics every run has, and the wait on each of every app's screens.
        var metricNames = TimingMetric.run
        for app in AppRegistry.apps {
            for name in AppRegistry.timingTable(of: app)?.names ?? [] where !metricNames.contains(name) { metricNames.append(name) }
        }
        for (target, value) in entries {
            let targets = [allTargets] + personas
            guard targets.contains(target) || target.hasSuffix(".json") else {
                return problem("\(path).\(target)", "unknown target \"\(target)\": a persona (\(personas.joined(separator: ", "))), "
                               + "\"all\" for every run, or a scenario file as explore names it",
                               suggestion: suggestion(for: target, among: targets))
            }
            guard case .object(let metrics) = value else { return problem("\(path).\(target)", "expected an object") }
            var limits: [(metric: String, limit: Limit)] = []
            for (metric, value) in metrics {
                let at = "\(path).\(target).\(metric)"
                guard metricNames.contains(metric) else {
                    return problem(at, "unknown metric \"\(metric)\" (launch: \(TimingMetric.launch.joined(separator: ", ")); "
                                   + "journey: \(TimingMetric.journey.joined(separator: ", ")); each screen: waitMs.<screen>)",
                                   suggestion: suggestion(for: metric, among: metricNames))
                }
                switch limit(value, at: at) {
                case .success(let limit): limits.append((metric, limit))
                case .failure(let message): return problem(message.path, message.text, suggestion: message.suggestion)
                }
            }
            result.append((target, limits))
        }
        return .success(TimingBudgets(byTarget: result))
    }

    /// The largest limit a budget may set, as for a scenario's `expect.budgets`: a day.
    static let maxLimit: Int64 = 86_400_000

    /// The keys of a budgets file's top level (`$schema` lets an editor find docs/budgets.schema.json).
    static let topKeys = ["$schema", "format", "budgets"]

    private static func suggestion(for word: String, among candidates: [String]) -> String? {
        DidYouMean.closest(to: word, among: candidates).map { "did you mean \"\($0)\"?" }
    }

    private struct Problem: Error {
        let path: String, text: String
        var suggestion: String?
    }

    /// A bare number (a maximum) or `{"p50": …, "p95": …, "p99": …, "max": …, "maxGrowth": "10%"}`.
    private static func limit(_ value: JSONValue, at path: String) -> Result<Limit, Problem> {
        if case .number = value { return milliseconds(value, at: path).map { Limit(max: $0) } }
        guard case .object(let members) = value else {
            return .failure(Problem(path: path, text: "expected milliseconds, or limits at percentiles such as {\"p95\": 8000}"))
        }
        guard !members.isEmpty else {
            return .failure(Problem(path: path, text: "expected at least one limit, such as {\"p95\": 8000}"))
        }
        var limit = Limit()
        for (key, bound) in members {
            guard Limit.keys.contains(key) else {
                return .failure(Problem(path: "\(path).\(key)", text: "unknown key \"\(key)\" (p50, p95, p99, max, maxGrowth)",
                                        suggestion: suggestion(for: key, among: Limit.keys)))
            }
            if key == "maxGrowth" {
                switch growth(bound, at: "\(path).\(key)") {
                case .success(let percent): limit.maxGrowthPercent = percent
                case .failure(let problem): return .failure(problem)
                }
                continue
            }
            switch milliseconds(bound, at: "\(path).\(key)") {
            case .success(let number):
                switch key {
                case "p50": limit.p50 = number
                case "p95": limit.p95 = number
                case "p99": limit.p99 = number
                default: limit.max = number
                }
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(limit)
    }

    private static func milliseconds(_ value: JSONValue, at path: String) -> Result<Int64, Problem> {
        guard case .number(let text) = value, let number = Int64(text), (0...maxLimit).contains(number) else {
            return .failure(Problem(path: path, text: "expected a whole number of milliseconds from 0 to \(maxLimit) (a day)"))
        }
        return .success(number)
    }

    /// `"10%"`: a percentage from 0 to 1000, at most four digits before the point and two after
    /// (the grammar of the schema's `maxGrowth` pattern).
    private static func growth(_ value: JSONValue, at path: String) -> Result<Double, Problem> {
        let failure = Problem(path: path, text: "expected a percentage such as \"10%\" (0% to 1000%, at most two decimals)")
        guard case .string(let text) = value, text.hasSuffix("%") else { return .failure(failure) }
        let number = text.utf8.dropLast()
        let parts = number.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard (1...4).contains(parts[0].count), parts.allSatisfy({ $0.allSatisfy(isDigit) }),
              parts.count == 1 || (1...2).contains(parts[1].count),
              let percent = Double(String(decoding: number, as: UTF8.self)), percent <= 1000 else { return .failure(failure) }
        return .success(percent)
    }
}
