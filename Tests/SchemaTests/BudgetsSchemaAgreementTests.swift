import Testing
import FixPlanSim
import PickupSim
import Foundation
import Scenarios
import Exploration
import ToolAppsForTests

/// `docs/budgets.schema.json` and the budgets decoder give the same verdict: on the bundled
/// budgets file, on hand-written variants, and on seeded mutations of the bundled file.
@Suite struct BudgetsSchemaAgreementTests {
    let agreement: SchemaAgreement

    init() throws {
        ToolApps.register()
        agreement = SchemaAgreement(schema: try MiniJSONSchema(text: try String(contentsOfFile: Paths.budgetsSchema, encoding: .utf8)))
    }

    func decoderProblems(_ text: String) -> [String]? {
        switch TimingBudgets.decode(fileBytes: Array(text.utf8), file: "budgets.json") {
        case .success: nil
        case .failure(let problems): problems.errors.map(\.description)
        }
    }

    func verdict(_ body: String, wholeNumberNotInDigits: Bool = false) throws -> SchemaAgreement.Verdict? {
        let text = #"{"$schema": "../docs/budgets.schema.json", "format": 1, "budgets": {\#(body)}}"#
        return try agreement.verdict(on: text, decoderProblems: decoderProblems(text), wholeNumberNotInDigits: wholeNumberNotInDigits)
    }

    @Test func theBundledBudgetsOfBothAppsPassTheSchemaAndTheDecoder() throws {
        for path in [Paths.budgets, Paths.pickupBudgets] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(try agreement.verdict(on: text, decoderProblems: decoderProblems(text)) == .bothAccept, "\(path)")
        }
    }

    @Test func theSchemaNamesEveryPersona() throws {
        let schema = try String(contentsOfFile: Paths.budgetsSchema, encoding: .utf8)
        for persona in Persona.allCases.map(\.rawValue) + PickupPersona.allCases.map(\.rawValue) {
            #expect(schema.contains("\"\(persona)\""), "\(persona)")
        }
    }

    @Test func validVariantsAreAcceptedByBoth() throws {
        for body in [#""all": {"waitMs": 0}"#, #""new-user": {}"#, #""flows/x.json": {"firstRouteMs": {"p50": 1, "maxGrowth": "10%"}}"#,
                     #""all": {"loadingMs": {"maxGrowth": "1000.00%"}}"#, #""all": {"loadingMs": {"max": 86400000, "maxGrowth": "0999.5%"}}"#,
                     #""user-switch": {"waitMs.goalReview": {"p99": -0}}"#] {
            #expect(try verdict(body) == .bothAccept, "\(body)")
        }
    }

    @Test func brokenVariantsAreRejectedByBoth() throws {
        for body in [#""all": {"loadingMs": {}}"#, #""all": {"loadingMs": {"maxGrowth": "1000.5%"}}"#,
                     #""all": {"loadingMs": {"maxGrowth": ".5%"}}"#, #""all": {"loadingMs": {"maxGrowth": "10.123%"}}"#,
                     #""all": {"loadingMs": {"maxGrowth": "10"}}"#, #""all": {"loadingMs": {"maxGrowth": "12345%"}}"#,
                     #""all": {"loadingMs": 86400001}"#, #""all": {"loadingMs": -1}"#, #""all": {"loadingMs": 1.5}"#,
                     #""everyone": {}"#, #""all": {"loadMs": 1}"#, #""all": {"loadingMs": {"p90": 1}}"#, #""all": []"#] {
            #expect(try verdict(body) == .bothReject, "\(body)")
        }
        let schemaNotAString = #"{"$schema": 5, "format": 1, "budgets": {}}"#
        #expect(try agreement.verdict(on: schemaNotAString, decoderProblems: decoderProblems(schemaNotAString)) == .bothReject)
        #expect(try verdict(#""all": {"loadingMs": 1E2}"#, wholeNumberNotInDigits: true) == .beyondSchema)
    }

    @Test func mutatedBundledBudgetsGetTheSameVerdictFromBoth() throws {
        let original = try String(contentsOfFile: Paths.budgets, encoding: .utf8)
        let tally = try agreement.tally(mutating: [original], seeds: 0..<300, decoderProblems: decoderProblems)
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.prefix(5).joined(separator: "\n"))")
        #expect(tally.rejected >= 50 && tally.accepted >= 20, "\(tally)")
    }
}
