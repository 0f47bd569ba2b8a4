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

/// `docs/scenario.schema.json` and the decoder accept exactly the same keys.
@Suite struct SchemaDriftTests {
    init() { ToolApps.register() }
    func definitions() throws -> [(key: String, value: JSONValue)] {
        let text = try String(contentsOfFile: Paths.schema, encoding: .utf8)
        guard case .object(let root) = try JSONParser.parse(text),
              case .object(let definitions)? = root.first(where: { $0.key == "$defs" })?.value
        else { throw SchemaError.shape }
        return definitions
    }

    enum SchemaError: Error { case shape }

    @Test func everyObjectKindListsExactlyTheDecodersKeys() throws {
        let definitions = try definitions()
        // The pickup app's own objects are its plug-in's (`PickupDecoding`), in the same schema.
        let pickup = [("pickupDevice", PickupDecoding.deviceKeys), ("pickupBackend", PickupDecoding.backendKeys),
                      ("pickupAccount", PickupDecoding.accountKeys)]
        // A scenario's budgets name every run's metrics and its app's screens: the schema's are both bundled apps'.
        let budgets = [("budgets", ScenarioKeys.budgets(for: FixPlanPlugin().id) + ScenarioKeys.budgets(for: PickupPlugin().id))]
        for (definition, keys) in ScenarioKeys.byDefinition + pickup + budgets {
            let schema = definitions.first { $0.key == definition }?.value
            guard case .object(let members)? = schema,
                  case .object(let properties)? = members.first(where: { $0.key == "properties" })?.value else {
                Issue.record("the schema has no object definition '\(definition)'")
                continue
            }
            #expect(properties.map(\.key).sorted() == Array(Set(keys)).sorted(), "definition \(definition)")
            #expect(members.contains { $0.key == "additionalProperties" && $0.value == .bool(false) },
                    "definition \(definition) must reject unknown keys, as the decoder does")
        }
    }
}

/// The schema's lists of allowed values match the model's and the oracles'.
@Suite struct SchemaEnumDriftTests {
    init() { ToolApps.register() }
    func enumValues(_ path: [String]) throws -> [String] {
        let text = try String(contentsOfFile: Paths.schema, encoding: .utf8)
        var value = try JSONParser.parse(text)
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
        let pickup = try enumValues(["$defs", "pickupExpect", "properties", "oracles", "oneOf", "1", "items", "enum"])
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
        #expect(try enumValues(["$defs", "cacheEntry", "properties", "phase", "enum"]) == OnboardingPhase.allCases.map(\.rawValue))
        let fixPlanIDs = FixPlanCatalogue.entries.map(\.mutant.rawValue)
        #expect(try enumValues(["$defs", "scenario", "else", "properties", "guards", "items", "enum"]) == fixPlanIDs)
        #expect(try enumValues(["$defs", "scenario", "else", "properties", "mutants", "items", "enum"]) == fixPlanIDs)
    }

    @Test func thePickupAppsActionsEndpointsAndCatalogueIdsMatchTheModel() throws {
        let pickupIDs = PickupCatalogue.entries.map(\.mutant.rawValue)
        #expect(try enumValues(["$defs", "scenario", "then", "properties", "guards", "items", "enum"]) == pickupIDs)
        #expect(try enumValues(["$defs", "scenario", "then", "properties", "mutants", "items", "enum"]) == pickupIDs)
        #expect(try enumValues(["$defs", "pickupStep", "properties", "action", "enum"]) == PickupVocabulary.actions.map(\.rawValue))
        #expect(try enumValues(["$defs", "pickupFault", "properties", "endpoint", "enum"]) == PickupVocabulary.endpoints.map(\.rawValue) + ["any"])
        #expect(try enumValues(["$defs", "pickupFault", "properties", "kind", "enum"]) == ScenarioKeys.pickupFaultKinds)
    }
}
