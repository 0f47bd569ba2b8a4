import Testing
import Scenarios

/// A plug-in's `device` and `backend` sections read into its own `Decodable` types, each
/// problem at its JSON path.
@Suite struct SetupDecodingTests {
    struct Device: Decodable, Equatable {
        var locked: Bool?
        var visitors: [Visitor]?
        var floor: Int?
    }
    struct Visitor: Decodable, Equatable {
        var name: String
        var knocks: Int?
    }
    enum Mood: String, Decodable { case calm, busy }
    struct Backend: Decodable { var mood: Mood }

    func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    @Test func aSectionReadsIntoTheAppsOwnTypeAndAMissingOneIsNil() throws {
        let setup = AppSetup(device: try json(#"{"locked": true, "visitors": [{"name": "Ada", "knocks": 2}], "online": false}"#))
        #expect(setup.device(Device.self) == Device(locked: true, visitors: [Visitor(name: "Ada", knocks: 2)], floor: nil))
        #expect(setup.problems(device: Device.self, backend: NoSettings.self).isEmpty, "online is every app's key")
        #expect(AppSetup().device(Device.self) == nil)
    }

    @Test func eachProblemIsAtItsJSONPath() throws {
        func problems(device: String? = nil, backend: String? = nil) throws -> [AppSetupProblem] {
            try AppSetup(device: device.map(json), backend: backend.map(json)).problems(device: Device.self, backend: Backend.self)
        }
        #expect(try problems(device: #"{"locked": "yes"}"#)
                    == [AppSetupProblem(path: "$.device.locked", message: "expected true or false, found a string")])
        #expect(try problems(device: #"{"visitors": [{"name": "Ada"}, {"knocks": 1}]}"#)
                    == [AppSetupProblem(path: "$.device.visitors[1]", message: "missing \"name\"", suggestion: "add \"name\"")])
        #expect(try problems(device: #"{"floor": 2.5}"#).map(\.path) == ["$.device.floor"])
        #expect(try problems(device: #"{"lockd": true, "visitors": [{"name": "Ada", "nmae": "x"}]}"#)
                    == [AppSetupProblem(path: "$.device.lockd", message: "unknown key \"lockd\"", suggestion: "one of: locked, visitors, floor"),
                        AppSetupProblem(path: "$.device.visitors[0].nmae", message: "unknown key \"nmae\"", suggestion: "one of: name, knocks")])
        #expect(try problems(device: "[]").map(\.message) == ["expected an object, found an array"])
        #expect(try problems(backend: #"{"mood": "sleepy"}"#).map(\.path) == ["$.backend.mood"])
        #expect(try problems(backend: #"{"mood": "calm"}"#).isEmpty)
    }

    @Test func aSectionTheAppTakesNoSettingsInRefusesAnyValue() throws {
        let setup = AppSetup(device: try json(#"{"online": true}"#), backend: try json(#"{"mood": "calm"}"#))
        #expect(setup.problems(device: NoSettings.self, backend: NoSettings.self)
                    == [AppSetupProblem(path: "$.backend", message: "the app takes no settings in \"backend\" (found an object)",
                                        suggestion: "remove \"backend\"")])
    }
}
