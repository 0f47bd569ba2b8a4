import Foundation
import Testing
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

/// A persona's phone as data (#63): a scenario's `device.phone` puts defaults (`@AppStorage`) and
/// keychain items on the phone before the first launch, with no device key of the glue's own.
@Suite struct PhoneContentsTests {
    init() throws { try AppRegistry.register(LatchApp()) }

    static func scenario(phone: String) -> String {
        """
        {"format": 1, "app": "latch", "name": "a phone set up before the first launch",
         "device": {"phone": \(phone)},
         "steps": [{"launch": true}, {"wait": "1s"}]}
        """
    }

    func run(phone: String, expect: String) throws -> ScenarioResult {
        let text = Self.scenario(phone: phone).replacingOccurrences(of: "\"steps\"", with: "\"expect\": \(expect), \"steps\"")
        return ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "phone.json").get())
    }

    @Test func aKeychainItemOnThePhoneIsTheSessionTheAppRestoresAtItsFirstLaunch() throws {
        let signedIn = try run(phone: #"{"keychain": {"user": "ann@example.com"}}"#, expect: #"{"finalRoute": "inside"}"#)
        #expect(signedIn.passed, "\(signedIn.violations.map(\.message))")
        #expect(signedIn.simulation.trace.canonicalText.contains("keychain set user"), "the write is on the record")
        let empty = try run(phone: "{}", expect: #"{"finalRoute": "inside"}"#)
        #expect(!empty.passed, "without the item the app starts signed out")
    }

    @Test func aDefaultOnThePhoneIsWhatTheAppReadsAtItsFirstLaunch() throws {
        let result = try run(phone: #"{"defaults": {"lastEmail": "bo@example.com", "launches": 3, "tags": ["a", {"b": 1.5}]}}"#,
                             expect: #"{"finalRoute": "outside", "emailField": "bo@example.com"}"#)
        #expect(result.passed, "\(result.violations.map(\.message))")
    }

    @Test func theSameScenarioWithAPhoneRunsByteIdentically() throws {
        let text = Self.scenario(phone: #"{"defaults": {"lastEmail": "bo@example.com"}, "keychain": {"user": "bo@example.com"}}"#)
        let first = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "phone.json").get())
        let second = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "phone.json").get())
        #expect(first.simulation.trace.canonicalText == second.simulation.trace.canonicalText)
    }

    @Test func aValueThePhoneCannotHoldIsRefusedAtItsPath() throws {
        let phone = #"{"defaults": {"gone": null}, "keychain": {"pin": 1234, "session": {"token": "t"}}, "sim": true}"#
        guard case .failure(let problems) = ScenarioDecoder.decode(Self.scenario(phone: phone), file: "phone.json") else {
            Issue.record("a phone with a null default and a number in the keychain was accepted")
            return
        }
        let errors = problems.errors
        #expect(errors.map(\.location).sorted() == [#"$.device.phone.defaults["gone"]"#, #"$.device.phone.keychain["pin"]"#, "$.device.phone.sim"])
        #expect(errors.contains { $0.message == "UserDefaults holds no null" && $0.suggestion?.contains("leave the key out") == true })
        #expect(errors.contains { $0.message.contains("expected a string (stored as its UTF-8 bytes) or an object or array") })
    }

    @Test func aKeychainObjectIsStoredAsItsJSONAndAStringAsItsBytes() throws {
        let setup = AppSetup(device: try JSONParser.parse(#"{"phone": {"keychain": {"s": {"b": 1, "a": "x"}, "t": "tok"}}}"#))
        let contents = try #require(setup.phoneContents)
        #expect(contents.keychain.map(\.key) == ["s", "t"])
        #expect(contents.keychain.map { String(decoding: $0.data, as: UTF8.self) } == [#"{"b": 1, "a": "x"}"#, "tok"])
        let decoded = try JSONSerialization.jsonObject(with: contents.keychain[0].data) as? [String: Any]
        #expect(decoded?["a"] as? String == "x", "what a Codable item's decoder reads back")
    }

    @Test func aPersonasPhoneIsWrittenAsDataAndItsSchemaListsThePhone() throws {
        let setup = AppSetup(device: .object([("online", .bool(false))])).withPhone(defaults: [("lastEmail", .string("x@example.com"))])
        #expect(setup.startsOffline, "the other device keys are kept")
        #expect(setup.phoneContents?.defaults.first?.value == .string("x@example.com"))
        let schema = JSONPrinter.compact(ScenarioSchema.document(for: [LatchApp.app]))
        #expect(schema.contains(#""phone": {"type": "object""#), "an editor completes device.phone for an app whose world keeps its stores")
    }
}
