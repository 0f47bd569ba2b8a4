import Scenarios

/// The survivors a team has judged, read from a verdicts file (`docs/mutation-verdicts.json`):
///
/// ```json
/// {"survivors": [
///   {"file": "Sources/OnboardingModel/Client/OTPTimer.swift", "operator": "delete-statement",
///    "diff": "-         remaining -= 1",
///    "verdict": "equivalent", "reason": "…why no user could tell…"}
/// ]}
/// ```
///
/// A survivor matches an entry by file, operator and a line of its diff (each of the entry's
/// `diff` lines must be among the survivor's, white space at the ends ignored), so an entry
/// keeps matching when lines above it move.
public struct AcceptedSurvivors: Sendable {
    struct Entry: Sendable {
        let file: String
        let mutationOperator: String
        let diffLines: [String]
        let accepted: AcceptedSurvivor
    }

    private(set) var entries: [Entry] = []
    public var count: Int { entries.count }

    public init() {}

    public init(json text: String) throws {
        guard case .object(let root) = try JSONParser.parse(text),
              case .array(let survivors)? = root.first(where: { $0.key == "survivors" })?.value else {
            throw MutationReportError(message: "a verdicts file is an object with a \"survivors\" array")
        }
        for (index, value) in survivors.enumerated() {
            guard case .object(let members) = value else {
                throw MutationReportError(message: "$.survivors[\(index)] is not an object")
            }
            func string(_ key: String) throws -> String {
                guard case .string(let text)? = members.first(where: { $0.key == key })?.value, !text.isEmpty else {
                    throw MutationReportError(message: "$.survivors[\(index)].\(key): expected a non-empty string")
                }
                return text
            }
            let verdict = try string("verdict")
            guard verdict == "equivalent" || verdict == "not-a-bug" else {
                throw MutationReportError(message: "$.survivors[\(index)].verdict: expected \"equivalent\" or \"not-a-bug\", got \"\(verdict)\"")
            }
            entries.append(Entry(file: try string("file"), mutationOperator: try string("operator"),
                                 diffLines: Self.lines(of: try string("diff")),
                                 accepted: AcceptedSurvivor(verdict: verdict, reason: try string("reason"))))
        }
    }

    /// The judgement for `result`, if an entry matches it.
    public func judgement(of result: MutantResult) -> AcceptedSurvivor? {
        let lines = Self.lines(of: result.diff)
        return entries.first { entry in
            entry.file == result.file && entry.mutationOperator == result.mutationOperator
                && entry.diffLines.allSatisfy(lines.contains)
        }?.accepted
    }

    private static func lines(of diff: String) -> [String] {
        diff.split(separator: "\n").map { line in
            let sign = line.first.map(String.init) ?? ""
            let body = line.dropFirst().drop(while: \.isWhitespace)
            return sign + String(body.reversed().drop(while: \.isWhitespace).reversed())
        }
    }
}
