import Reports
import Scenarios

/// A mutation run's results: counts, the score, every mutant, as JSON and as Markdown.
///
/// The score is killed ÷ (killed + survived): mutants with no behaviour change and those that do
/// not compile are reported apart and not counted, and so are survivors the verdicts file accepts
/// (judged equivalent to the user, or not a bug, with the reason written there).
public struct MutationReport: Sendable {
    /// What was run: the options that decide which mutants, and how they were checked.
    public var plan: [(String, String)]
    public var results: [MutantResult]

    public init(plan: [(String, String)], results: [MutantResult]) {
        self.plan = plan
        self.results = results
    }

    public func count(_ verdict: MutantVerdict) -> Int { results.filter { $0.verdict == verdict }.count }

    /// Survivors not accepted in the verdicts file.
    public var openSurvivors: [MutantResult] { results.filter { $0.verdict == .survived && $0.accepted == nil } }
    public var acceptedSurvivors: [MutantResult] { results.filter { $0.verdict == .survived && $0.accepted != nil } }

    /// Killed ÷ (killed + open survivors), or nil when there is none of either (no mutant changed
    /// behaviour, or every one that did is an accepted survivor).
    public var score: Double? {
        let killed = count(.killed), counted = killed + openSurvivors.count
        return counted == 0 ? nil : Double(killed) / Double(counted)
    }

    /// The score as a percentage with one decimal, or "none to count".
    public var scoreText: String {
        guard let score else { return "none to count" }
        let tenths = Int((score * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    // MARK: JSON

    public func json() -> String {
        JSONWriter.line(.object([
            ("tool", .string("onboarding-mutate")),
            ("plan", .object(plan.map { ($0.0, .string($0.1)) })),
            ("killed", .int(Int64(count(.killed)))),
            ("survived", .int(Int64(count(.survived)))),
            ("acceptedSurvivors", .int(Int64(acceptedSurvivors.count))),
            ("noChange", .int(Int64(count(.noChange)))),
            ("buildFailed", .int(Int64(count(.buildFailed)))),
            ("score", score.map { .string(String(format3($0))) } ?? .null),
            ("mutants", .array(results.map(Self.json))),
        ])) + "\n"
    }

    private static func json(_ result: MutantResult) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("id", .string(result.id)), ("file", .string(result.file)), ("line", .int(Int64(result.line))),
            ("operator", .string(result.mutationOperator)), ("diff", .string(result.diff)),
            ("verdict", .string(result.verdict.rawValue)),
            ("milliseconds", .int(Int64((result.seconds * 1000).rounded()))),
        ]
        if let killer = result.killer {
            members.append(("killer", .object([
                ("kind", .string(killer.kind.rawValue)), ("name", .string(killer.name)),
                ("detail", .string(killer.detail)), ("command", .string(killer.command)),
            ])))
        }
        if let buildError = result.buildError { members.append(("buildError", .string(buildError))) }
        if let accepted = result.accepted {
            members.append(("accepted", .object([("verdict", .string(accepted.verdict)), ("reason", .string(accepted.reason))])))
        }
        return .object(members)
    }

    /// Reads a report this type wrote (to resume a run, or to merge shards).
    public static func parse(_ text: String) throws -> MutationReport {
        let root = try JSONParser.parse(text)
        guard case .object(let members) = root, members.first(where: { $0.key == "tool" })?.value == .string("onboarding-mutate"),
              case .object(let planMembers)? = members.first(where: { $0.key == "plan" })?.value,
              case .array(let mutants)? = members.first(where: { $0.key == "mutants" })?.value else {
            throw MutationReportError(message: "not an onboarding-mutate report (no \"tool\", \"plan\" and \"mutants\")")
        }
        let plan = planMembers.compactMap { member -> (String, String)? in
            guard case .string(let value) = member.value else { return nil }
            return (member.key, value)
        }
        return MutationReport(plan: plan, results: try mutants.map(result))
    }

    private static func result(_ value: JSONValue) throws -> MutantResult {
        guard case .object(let members) = value else { throw MutationReportError(message: "a mutant is not an object") }
        func string(_ key: String, in members: [(key: String, value: JSONValue)]) throws -> String {
            guard case .string(let text)? = members.first(where: { $0.key == key })?.value else {
                throw MutationReportError(message: "a mutant has no string \"\(key)\"")
            }
            return text
        }
        func number(_ key: String) -> Int {
            guard case .number(let text)? = members.first(where: { $0.key == key })?.value else { return 0 }
            return Int(text) ?? 0
        }
        guard let verdict = MutantVerdict(rawValue: try string("verdict", in: members)) else {
            throw MutationReportError(message: "a mutant has an unknown verdict")
        }
        var killer: MutantKiller?
        if case .object(let killerMembers)? = members.first(where: { $0.key == "killer" })?.value,
           let kind = MutantKiller.Kind(rawValue: try string("kind", in: killerMembers)) {
            killer = MutantKiller(kind: kind, name: try string("name", in: killerMembers),
                                  detail: try string("detail", in: killerMembers), command: try string("command", in: killerMembers))
        }
        var result = MutantResult(id: try string("id", in: members), file: try string("file", in: members), line: number("line"),
                                  mutationOperator: try string("operator", in: members), diff: try string("diff", in: members),
                                  verdict: verdict, killer: killer, seconds: Double(number("milliseconds")) / 1000)
        result.buildError = try? string("buildError", in: members)
        return result
    }
}

/// A report file that cannot be read back.
public struct MutationReportError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// Three decimals, without Foundation's locale-dependent formatting.
func format3(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
