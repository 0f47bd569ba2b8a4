import Testing
import Foundation
@testable import Scenarios
import ToolAppsForTests

/// `docs/scenario.schema.json`, which an editor checks a file against, and the decoder, which
/// the tool checks it with, give the same verdict: on every bundled scenario, on hand-written
/// variants of each rule, and on thousands of seeded mutations of the bundled files.
@Suite struct ScenarioSchemaAgreementTests {
    let agreement: SchemaAgreement

    init() throws {
        ToolApps.register()
        agreement = SchemaAgreement(schema: try MiniJSONSchema(text: try String(contentsOfFile: Paths.schema, encoding: .utf8)))
    }

    func decoderProblems(_ text: String) -> [String]? {
        switch ScenarioDecoder.decode(text, file: "variant.json") {
        case .success: nil
        case .failure(let problems): problems.errors.map(\.description)
        }
    }

    static func bundledFiles() throws -> [String] {
        let root = URL(fileURLWithPath: Paths.scenarios)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).map(\.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix("/budgets.json") }.sorted()
    }

    @Test func everyBundledScenarioPassesTheSchemaAndTheDecoder() throws {
        let files = try Self.bundledFiles()
        #expect(files.count >= 40)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(try agreement.verdict(on: text, decoderProblems: decoderProblems(text)) == .bothAccept, "\(file)")
        }
    }

    /// A scenario around `steps` (a JSON array's inside) with `extra` top-level members.
    static func scenario(_ steps: String = #"{"launch": true}"#, _ extra: String = "") -> String {
        #"{"format": 1, "name": "variant", "steps": [\#(steps)]\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    @Test(arguments: ScenarioVariants.accepted)
    func aVariantEveryoneAcceptsIsAcceptedByBoth(_ variant: ScenarioVariants.Variant) throws {
        let text = Self.scenario(variant.steps, variant.extra)
        #expect(try agreement.verdict(on: text, decoderProblems: decoderProblems(text)) == .bothAccept, "\(variant.label)")
    }

    @Test(arguments: ScenarioVariants.rejected)
    func aBrokenVariantIsRejectedByBoth(_ variant: ScenarioVariants.Variant) throws {
        let text = Self.scenario(variant.steps, variant.extra)
        #expect(try agreement.verdict(on: text, decoderProblems: decoderProblems(text)) == .bothReject, "\(variant.label)")
    }

    @Test(arguments: ScenarioVariants.beyondSchema)
    func aProblemJSONSchemaCannotStateIsTheDecodersAlone(_ variant: ScenarioVariants.Variant) throws {
        let text = Self.scenario(variant.steps, variant.extra)
        let verdict = try agreement.verdict(on: text, decoderProblems: decoderProblems(text),
                                            wholeNumberNotInDigits: variant.label.contains("1E2"))
        #expect(verdict == .beyondSchema, "\(variant.label)")
    }

    /// Every bundled file, mutated by the fuzzer's seeded mutator once per seed.
    @Test(arguments: 0..<4)
    func mutatedBundledScenariosGetTheSameVerdictFromBoth(batch: Int) throws {
        let files = try Self.bundledFiles().map { try String(contentsOfFile: $0, encoding: .utf8) }
        let tally = try agreement.tally(mutating: files, seeds: (batch * 25)..<(batch * 25 + 25), decoderProblems: decoderProblems)
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.prefix(5).joined(separator: "\n"))")
        // Not vacuous: most mutations break a file, and some leave it valid.
        #expect(tally.rejected >= 500 && tally.accepted >= 100, "\(tally)")
    }
}
