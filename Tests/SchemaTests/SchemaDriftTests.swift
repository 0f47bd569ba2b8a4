import Testing
import FixPlanSim
import PickupSim
import Foundation
@testable import Scenarios
import Oracles
import AppVocabulary
import OnboardingModel
import PickupModel
import ToolAppsForTests

/// The schema files in `docs/` are what `schema` prints (`ScenarioSchema`), and their keys and
/// lists are the decoders'.
@Suite struct SchemaDriftTests {
    init() { ToolApps.register() }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func theSchemaFilesInDocsAreWhatTheSchemaCommandPrints() throws {
        #expect(try Self.text(Paths.schema) == ScenarioSchema.text(for: [.fixPlan, .pickup]),
                "docs/scenario.schema.json: regenerate with `swift run onboarding-sim schema > docs/scenario.schema.json`")
        for app in [AppID.fixPlan, .pickup] {
            #expect(try Self.text(Paths.schema(of: app.rawValue)) == ScenarioSchema.text(for: [app]),
                    "regenerate with `swift run onboarding-sim schema --app \(app.rawValue) > docs/schemas/\(app.rawValue).schema.json`")
        }
    }

    static func definitions(_ path: String) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let root) = try JSONParser.parse(try text(path)),
              case .object(let definitions)? = root.first(where: { $0.key == "$defs" })?.value
        else { throw SchemaError.shape }
        return definitions
    }

    enum SchemaError: Error { case shape }

    /// Each definition of `path` lists exactly `keys` and refuses any other.
    static func expectKeys(_ expected: [(String, [String])], in path: String) throws {
        let definitions = try definitions(path)
        for (definition, keys) in expected {
            guard case .object(let members)? = definitions.first(where: { $0.key == definition })?.value,
                  case .object(let properties)? = members.first(where: { $0.key == "properties" })?.value else {
                Issue.record("\(path) has no object definition '\(definition)'")
                continue
            }
            #expect(properties.map(\.key).sorted() == Array(Set(keys)).sorted(), "definition \(definition)")
            #expect(members.contains { $0.key == "additionalProperties" && $0.value == .bool(false) },
                    "definition \(definition) must reject unknown keys, as the decoder does")
        }
    }

    @Test func everyObjectKindListsExactlyTheDecodersKeys() throws {
        let fixPlan: [(String, [String])] = [
            ("scenario", ScenarioKeys.top), ("network", ScenarioKeys.network), ("latency", ScenarioKeys.latency),
            ("timeouts", ScenarioKeys.timeouts(for: .fixPlan)), ("fault", ScenarioKeys.fault), ("step", ScenarioKeys.step(for: .fixPlan)),
            ("freeUser", ScenarioKeys.freeUser), ("limits", ScenarioKeys.limits),
            ("expect", FixPlanKeys.expect), ("stepExpect", FixPlanKeys.stepExpect),
            ("device", FixPlanKeys.device), ("cacheEntry", FixPlanKeys.cacheEntry), ("backend", FixPlanKeys.backend),
            ("account", FixPlanKeys.account), ("journey", FixPlanKeys.journey), ("policy", FixPlanKeys.policy),
            ("backendExpect", ["email"] + FixPlanPlugin().backendFacts.map(\.key)),
            ("budgets", ScenarioKeys.budgets(for: .fixPlan)),
        ]
        try Self.expectKeys(fixPlan, in: Paths.schema(of: "fix-plan"))
        // The pickup app's own objects are its plug-in's (`PickupDecoding`); the rest every app's,
        // less the checks its roles declare nothing for (no resume gate, no email typed), which
        // the decoder refuses with what to declare.
        let refused = ["resumeGate", "emailField"]
        let pickup: [(String, [String])] = [
            ("scenario", ScenarioKeys.top), ("network", ScenarioKeys.network), ("timeouts", ScenarioKeys.timeouts),
            ("fault", ScenarioKeys.fault), ("step", ScenarioKeys.step), ("expect", ScenarioKeys.expect.filter { !refused.contains($0) }),
            ("stepExpect", ScenarioKeys.stepExpect.filter { !refused.contains($0) }), ("device", PickupDecoding.deviceKeys),
            ("backend", PickupDecoding.backendKeys), ("account", PickupDecoding.accountKeys),
            ("budgets", ScenarioKeys.budgets(for: .pickup)),
        ]
        try Self.expectKeys(pickup, in: Paths.schema(of: "pickup"))
    }
}

/// The schema's lists of allowed values match the model's and the oracles'.
@Suite struct SchemaEnumDriftTests {
    init() { ToolApps.register() }
    func enumValues(_ path: [String], in file: String = Paths.schema(of: "fix-plan")) throws -> [String] {
        var value = try JSONParser.parse(try String(contentsOfFile: file, encoding: .utf8))
        for key in path {
            if let index = Int(key), case .array(let elements) = value {
                value = elements[index]
            } else if case .object(let members) = value, let next = members.first(where: { $0.key == key })?.value {
                value = next
            } else {
                throw SchemaDriftTests.SchemaError.shape
            }
        }
        guard case .array(let values) = value else { throw SchemaDriftTests.SchemaError.shape }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    @Test func oracleNamesMatchTheCatalogue() throws {
        let names = try enumValues(["$defs", "expect", "properties", "oracles", "oneOf", "1", "items", "enum"])
        #expect(names == AppRegistry.oracles(for: .fixPlan).map(\.name))
        let pickup = try enumValues(["$defs", "expect", "properties", "oracles", "oneOf", "1", "items", "enum"], in: Paths.schema(of: "pickup"))
        #expect(pickup == AppRegistry.oracles(for: .pickup).map(\.name))
        let core = Set(OracleCatalogue.names)
        #expect(core.isSubset(of: Set(names)) && core.isSubset(of: Set(pickup)), "every core oracle judges both apps")
        let own = FixPlanPlugin.ownOracles.map(\.name) + PickupPlugin.ownOracles.map(\.name)
        #expect(Set(names).union(pickup) == core.union(own), "and each app's own rules are in its list")
        #expect(core.isDisjoint(with: own), "an app's own rule is not in the core too")
    }

    @Test func endpointsActionsPhasesAndCatalogueIdsMatchTheModel() throws {
        #expect(try enumValues(["$defs", "fault", "properties", "endpoint", "enum"]) == FixPlanVocabulary.endpoints.map(\.rawValue) + ["any"])
        #expect(try enumValues(["$defs", "step", "properties", "action", "enum"]) == FixPlanVocabulary.actions.map(\.rawValue))
        #expect(try enumValues(["$defs", "cacheEntry", "properties", "phase", "enum"]) == OnboardingPhase.inOrder.map(\.rawValue))
        let fixPlanIDs = FixPlanCatalogue.entries.map(\.mutant.rawValue)
        #expect(try enumValues(["$defs", "scenario", "properties", "guards", "items", "enum"]) == fixPlanIDs)
        #expect(try enumValues(["$defs", "scenario", "properties", "mutants", "items", "enum"]) == fixPlanIDs)
        #expect(try enumValues(["$defs", "fault", "properties", "kind", "enum"]) == FixPlanKeys.faultKinds)
    }

    @Test func thePickupAppsActionsEndpointsAndCatalogueIdsMatchTheModel() throws {
        let file = Paths.schema(of: "pickup")
        let pickupIDs = PickupCatalogue.entries.map(\.mutant.rawValue)
        #expect(try enumValues(["$defs", "scenario", "properties", "guards", "items", "enum"], in: file) == pickupIDs)
        #expect(try enumValues(["$defs", "scenario", "properties", "mutants", "items", "enum"], in: file) == pickupIDs)
        #expect(try enumValues(["$defs", "step", "properties", "action", "enum"], in: file) == PickupVocabulary.actions.map(\.rawValue))
        #expect(try enumValues(["$defs", "fault", "properties", "endpoint", "enum"], in: file) == PickupVocabulary.endpoints.map(\.rawValue) + ["any"])
        #expect(try enumValues(["$defs", "fault", "properties", "kind", "enum"], in: file)
                == ScenarioKeys.networkFaultKinds + ["accountDeleted", "sessionRevoked"])
    }
}
