import Testing
import SimKernel
import AppVocabulary
import Scenarios
import ToolAppsForTests

/// `device.phone` (#63, nothing accepted and ignored): refused with what to add for an app whose
/// world keeps no phone stores, in a file at `validate` and in a persona at registration.
@Suite struct PhoneRefusalTests {
    init() throws { ToolApps.register(); try AppRegistry.register(DoorApp()) }

    /// The errors `text` is refused with; an issue recorded (and none returned) if it is accepted.
    func errors(of text: String, file: String, accepted: Comment) -> [ScenarioError] {
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: file) else {
            Issue.record(accepted)
            return []
        }
        return problems.errors
    }

    @Test func aFilesPhoneForAWorldWithoutStoresIsRefusedWithWhatToAdd() throws {
        let text = """
            {"format": 1, "app": "door", "name": "a phone the door cannot hold",
             "device": {"phone": {"defaults": {"seen": true}}}, "steps": [{"launch": true}]}
            """
        let errors = errors(of: text, file: "door.json", accepted: "a phone for a world without stores was accepted")
        #expect(errors.map(\.location) == ["$.device.phone"])
        #expect(errors.first?.message.contains("keeps no phone stores") == true)
        #expect(errors.first?.suggestion?.contains("AppHostWorld") == true)
    }

    @Test func aBundledAppRefusesThePhoneKeyAsNotOneOfItsOwn() throws {
        let text = #"{"format": 1, "name": "fix plan", "device": {"phone": {}}, "steps": [{"launch": true}]}"#
        let errors = errors(of: text, file: "fix.json", accepted: "the fix plan's device took a phone")
        #expect(errors.map(\.location) == ["$.device.phone"])
    }

    @Test func aPluginThatDecodesItsOwnSetupStillHasThePhoneJudged() throws {
        try AppRegistry.register(DoorWithItsOwnSetup())
        let text = """
            {"format": 1, "app": "door-with-its-own-setup", "name": "a phone its own decoder does not know",
             "device": {"phone": {"defaults": {"seen": true}}}, "steps": [{"launch": true}]}
            """
        let errors = errors(of: text, file: "door.json", accepted: "a phone that a plug-in's own decoder let through was accepted")
        #expect(errors.map(\.location) == ["$.device.phone"])
        #expect(errors.first?.message.contains("keeps no phone stores") == true)
        // Quiet without a phone.
        let plain = #"{"format": 1, "app": "door-with-its-own-setup", "name": "no phone", "steps": [{"launch": true}]}"#
        guard case .success = ScenarioDecoder.decode(plain, file: "door.json") else {
            Issue.record("a file with no phone was refused")
            return
        }
    }

    @Test func aPersonaWhosePhoneWouldNotReachTheAppIsRefusedAtRegistration() {
        #expect(throws: AppRegistryError.self) { try AppRegistry.register(DoorWithAPhone()) }
        do { try AppRegistry.register(DoorWithAPhone()) } catch {
            #expect(error.message.contains("its persona \"returning\" sets up the phone"))
            #expect(error.message.contains("AppHostWorld"))
        }
    }
}

/// The door, decoding its setup itself and knowing nothing of a phone.
private struct DoorWithItsOwnSetup: AppPlugin {
    let id = AppID("door-with-its-own-setup")
    let summary = "the door, with a setup decoder of its own"
    let routes = [RouteName("hall", kind: .onboarding), RouteName("room", kind: .main)]
    let actions = [UserAction("open"), UserAction("close")]
    let endpoints = [Endpoint("unlock")]
    let catalogue: [Mutant.Entry] = []
    func decodeSetup(_ setup: AppSetup, into scenario: inout Scenario) -> [AppSetupProblem] {
        scenario.setup = setup
        return []
    }
    func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
}

/// The door with a persona that puts a default on a phone the door's world does not keep.
private struct DoorWithAPhone: AppPlugin {
    let id = AppID("door-with-a-phone")
    let summary = "the door, with a persona whose phone has a default"
    let routes = [RouteName("hall", kind: .onboarding), RouteName("room", kind: .main)]
    let actions = [UserAction("open"), UserAction("close")]
    let endpoints = [Endpoint("unlock")]
    let catalogue: [Mutant.Entry] = []
    var personas: [AppPersona] {
        [AppPersona(name: "returning", summary: "has opened the door before",
                    setup: { _ in AppSetup().withPhone(defaults: [("seen", .bool(true))]) })]
    }
    func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
}
