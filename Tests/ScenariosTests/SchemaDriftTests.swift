import Testing
import Foundation
@testable import Scenarios

/// `docs/scenario.schema.json` and the decoder accept exactly the same keys.
@Suite struct SchemaDriftTests {
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
        for (definition, keys) in ScenarioKeys.byDefinition {
            let schema = definitions.first { $0.key == definition }?.value
            guard case .object(let members)? = schema,
                  case .object(let properties)? = members.first(where: { $0.key == "properties" })?.value else {
                Issue.record("the schema has no object definition '\(definition)'")
                continue
            }
            #expect(properties.map(\.key).sorted() == keys.sorted(), "definition \(definition)")
            #expect(members.contains { $0.key == "additionalProperties" && $0.value == .bool(false) },
                    "definition \(definition) must reject unknown keys, as the decoder does")
        }
    }
}
