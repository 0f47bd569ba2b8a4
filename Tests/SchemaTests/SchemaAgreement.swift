import Foundation
@testable import Scenarios

/// Puts one file before a schema and a decoder and says whether their verdicts agree.
///
/// They agree when both accept or both reject. The decoder alone may reject only for a reason
/// JSON Schema cannot state, each listed in docs/scenario-format.md ("What the schema cannot
/// check"): a user without an account (a reference to another part of the file), a latency
/// minimum above its maximum (two values compared), a duration past about three years (a
/// number inside a string), and a whole number written with a fraction or an exponent (`1E2`,
/// which JSON Schema counts as the integer 100 and the decoder asks to be written in digits).
struct SchemaAgreement {
    let schema: MiniJSONSchema

    enum Verdict: Equatable {
        case bothAccept, bothReject
        /// Only the decoder rejects, for a reason beyond JSON Schema.
        case beyondSchema
        /// A disagreement, described.
        case disagree(String)
    }

    /// Decoder messages for problems JSON Schema cannot state.
    static let beyondSchemaMessages = ["has no account on the backend", "is above the maximum", Scenario.tooLongMessage]

    /// The verdicts on `text`; nil when it is not JSON (the schema has nothing to judge).
    /// `decoderProblems` is nil when the decoder accepts, else its messages.
    func verdict(on text: String, decoderProblems: [String]?, wholeNumberNotInDigits: Bool = false) throws -> Verdict? {
        guard let instance = try? JSONParser.parse(text) else { return nil }
        let schemaProblems = try schema.problems(of: instance)
        switch (decoderProblems, schemaProblems.isEmpty) {
        case (nil, true): return .bothAccept
        case (_?, false): return .bothReject
        case (nil, false):
            return .disagree("the decoder accepts, the schema rejects: \(schemaProblems.prefix(3).joined(separator: "; "))")
        case (let problems?, true):
            let beyond = problems.allSatisfy { message in Self.beyondSchemaMessages.contains { message.contains($0) } }
            return beyond || wholeNumberNotInDigits ? .beyondSchema
                : .disagree("the schema accepts, the decoder rejects: \(problems.prefix(3).joined(separator: "; "))")
        }
    }

    /// Whether a mutation (as `ScenarioMutator` names it) wrote a whole number other than in digits.
    static func wroteWholeNumberNotInDigits(_ mutation: String) -> Bool {
        guard mutation.hasPrefix("number "), let literal = mutation.dropFirst(7).split(separator: " ").first,
              let number = ExactNumber(String(literal)) else { return false }
        return number.isInteger && !literal.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
    }

    /// The verdicts on each of `originals` mutated once by the fuzzer's seeded mutator per seed
    /// of `seeds` (the mutator's own seed order: one per seed, over every file).
    func tally(mutating originals: [String], seeds: Range<Int>, decoderProblems: (String) -> [String]?) throws -> Tally {
        var tally = Tally()
        for seed in seeds {
            var mutator = ScenarioMutator(seed: UInt64(seed))
            for (index, original) in originals.enumerated() {
                let (bytes, mutation) = mutator.mutate(Array(original.utf8))
                guard case .success(let text) = JSONText.decode(bytes) else { continue }
                let verdict = try verdict(on: text, decoderProblems: decoderProblems(text),
                                          wholeNumberNotInDigits: Self.wroteWholeNumberNotInDigits(mutation))
                tally.add(verdict, "seed \(seed), file \(index), \(mutation)")
            }
        }
        return tally
    }

    /// Tallies verdicts, so a test can show it judged many files of each kind.
    struct Tally {
        var accepted = 0, rejected = 0, beyondSchema = 0
        var disagreements: [String] = []

        mutating func add(_ verdict: Verdict?, _ label: @autoclosure () -> String) {
            switch verdict {
            case .bothAccept?: accepted += 1
            case .bothReject?: rejected += 1
            case .beyondSchema?: beyondSchema += 1
            case .disagree(let why)?: disagreements.append("\(label()): \(why)")
            case nil: break
            }
        }
    }
}
