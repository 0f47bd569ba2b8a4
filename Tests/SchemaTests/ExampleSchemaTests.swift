import Testing
import Foundation
import Scenarios

/// Each example's schema, as its tool's `schema` prints it (CI compares the two), checks the
/// example's own scenario files as its tool does: each passes, and a misspelt key is refused,
/// in the app's own `device` and `backend` sections too.
@Suite struct ExampleSchemaTests {
    static let examples = ["Trendy", "MyOnboarding", "Umuve"]

    static func folder(_ example: String) -> URL { Paths.packageRoot.appendingPathComponent("Examples/\(example)") }

    static func scenarioFiles(of example: String) -> [String] {
        let root = folder(example).appendingPathComponent("scenarios")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).map(\.path).filter { $0.hasSuffix(".json") && !$0.hasSuffix("budgets.json") }.sorted()
    }

    /// `value` with its member `key` renamed `misspelt`.
    static func renaming(_ key: String, to misspelt: String, in value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.map { (key: $0.key == key ? misspelt : $0.key, value: $0.value) })
    }

    @Test(arguments: examples)
    func anExamplesSchemaTakesItsScenariosAndRefusesAMisspeltKey(_ example: String) throws {
        let path = Self.folder(example).appendingPathComponent("docs/scenario.schema.json").path
        let schema = try MiniJSONSchema(text: try String(contentsOfFile: path, encoding: .utf8))
        let files = Self.scenarioFiles(of: example)
        #expect(files.count >= 3, "\(example) has its scenarios")
        for file in files {
            let scenario = try JSONParser.parse(try String(contentsOfFile: file, encoding: .utf8))
            let problems = try schema.problems(of: scenario)
            #expect(problems.isEmpty, "\(file): \(problems.prefix(3))")
            #expect(try !schema.problems(of: Self.renaming("steps", to: "step", in: scenario)).isEmpty, "\(file) with $.step")
            // The app's own sections are its plug-in's (`scenarioSchema`): a misspelt key there is refused too.
            for section in ["device", "backend"] {
                guard case .object(let members) = scenario, let own = members.first(where: { $0.key == section })?.value,
                      case .object(let keys) = own, let key = keys.first?.key else { continue }
                let broken = JSONValue.object(members.map { $0.key == section ? (key: section, value: Self.renaming(key, to: key + "s", in: own)) : $0 })
                #expect(try !schema.problems(of: broken).isEmpty, "\(file) with $.\(section).\(key)s")
            }
            guard case .object(let members) = scenario, case .array(let steps)? = members.first(where: { $0.key == "steps" })?.value,
                  let first = steps.first, case .object(let step) = first, let kind = step.first?.key else { continue }
            let misspelt = Self.renaming(kind, to: kind + "s", in: first)
            let broken = JSONValue.object(members.map { $0.key == "steps" ? (key: "steps", value: .array([misspelt] + steps.dropFirst())) : $0 })
            #expect(try !schema.problems(of: broken).isEmpty, "\(file) with its first step \(kind)s")
        }
        // Whether or not its files set one: a `device` key the app does not read is refused.
        let first = try JSONParser.parse(try String(contentsOfFile: files[0], encoding: .utf8))
        guard case .object(let members) = first else { return }
        let offline = JSONValue.object(members.filter { $0.key != "device" } + [(key: "device", value: .object([(key: "online", value: .bool(false))]))])
        #expect(try schema.problems(of: offline).isEmpty, "\(example): device.online is every app's")
        let misspelt = JSONValue.object(members.filter { $0.key != "device" } + [(key: "device", value: .object([(key: "onlin", value: .bool(false))]))])
        #expect(try !schema.problems(of: misspelt).isEmpty, "\(example): device.onlin")
    }
}
