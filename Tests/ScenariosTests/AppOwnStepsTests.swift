import Testing
import AppVocabulary
import Scenarios
import ToolAppsForTests

/// A team's app adds steps and timeouts of its own to the scenario format through its plug-in,
/// exactly as the fix plan's app adds `enterCode` and `launchCheck` (#46): read with located
/// errors, played, written back, and kept apart from every other app's.
@Suite struct AppOwnStepsTests {
    /// The door app with a doorbell: `{"ringBell": true}` taps Open for the user; `ringBell`
    /// takes true only. Its `unlockWait` timeout is its own.
    struct BellDoor: AppPlugin {
        var id = AppID("bell-door")
        var stepKinds = ["ringBell"]
        let summary = "the door app with a doorbell"
        let routes = DoorApp().routes
        let actions = DoorApp().actions
        let endpoints = DoorApp().endpoints
        let catalogue: [Mutant.Entry] = []
        let timeouts = [AppTimeout("unlockWait", default: .seconds(5))]

        func decodeStep(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> AppStep? {
            guard value == .bool(true) else {
                context.fail(path, "expected true", suggestion: "{\"ringBell\": true}")
                return nil
            }
            return AppStep(kind)
        }

        func play(_ step: AppStep, in world: any AppWorld, player: StepPlayer) async {
            await player.perform(UserAction("open"))
        }

        func makeWorld(_ start: AppStart) -> any AppWorld { DoorWorld(start) }
    }

    init() throws {
        ToolApps.register()
        try AppRegistry.register(BellDoor())
    }

    static let ringsTheBell = """
        {"format": 1, "app": "bell-door", "name": "The bell opens the door",
         "network": {"timeouts": {"unlockWait": "8s"}},
         "steps": [{"launch": true}, {"ringBell": true}, {"wait": "5s"}],
         "expect": {"finalRoute": "room"}}
        """

    @Test func aPluginsOwnStepIsReadPlayedAndWrittenBack() throws {
        let scenario = try ScenarioDecoder.decode(Self.ringsTheBell, file: "bell.json").get()
        #expect(scenario.steps[1] == .app(AppStep("ringBell")))
        #expect(scenario.appTimeouts["unlockWait"] == .seconds(8))
        let result = ScenarioRunner.run(scenario)
        #expect(result.passed, "\(result.violations)")
        let written = ScenarioEncoder.encode(scenario)
        #expect(written.contains("\"ringBell\": true") && written.contains("\"unlockWait\": \"8s\""), "\(written)")
        let again = try ScenarioDecoder.decode(written, file: "bell.json").get()
        #expect(again.steps == scenario.steps && again.appTimeouts == scenario.appTimeouts)
    }

    @Test func aPluginsOwnStepReportsItsProblemsAtTheirPlace() {
        let text = Self.ringsTheBell.replacingOccurrences(of: #"{"ringBell": true}"#, with: #"{"ringBell": 3}"#)
            .replacingOccurrences(of: #""8s""#, with: #""0s""#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "bell.json") else {
            Issue.record("accepted a doorbell rung 3 times and a zero timeout")
            return
        }
        #expect(problems.errors.map(\.location).sorted() == ["$.network.timeouts.unlockWait", "$.steps[1].ringBell"], "\(problems.errors)")
    }

    @Test func anotherAppsOwnStepIsRefusedNamingItsApp() {
        let text = Self.ringsTheBell.replacingOccurrences(of: #"{"ringBell": true}"#, with: #"{"corruptCache": true}"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "bell.json") else {
            Issue.record("accepted the fix plan's step in the bell door's file")
            return
        }
        #expect(problems.errors.contains { $0.location == "$.steps[1].corruptCache" && $0.message.contains("of the fix-plan app") },
                "\(problems.errors)")
    }

    @Test func enterCodeInTheFileOfAnAppWithNoCodeToTypeSaysWhatItLacks() {
        let text = Self.ringsTheBell.replacingOccurrences(of: #"{"ringBell": true}"#, with: #"{"enterCode": true}"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "bell.json") else {
            Issue.record("accepted enterCode for a door with no code")
            return
        }
        #expect(problems.errors.contains { $0.location == "$.steps[1].enterCode" && $0.message.contains("declare no action that types a code") },
                "\(problems.errors)")
    }

    /// Issue #63: an account loss in the file of an app whose world hears of none was accepted
    /// and did nothing; it is refused, saying what to add.
    @Test func anAccountLossInTheFileOfAnAppThatTakesNoneSaysWhatToAdd() {
        let text = Self.ringsTheBell.replacingOccurrences(of: #""network": {"#,
                                                          with: #""faults": [{"kind": "sessionRevoked", "at": "2s"}], "network": {"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "bell.json") else {
            Issue.record("accepted sessionRevoked for a door whose world hears of no account loss")
            return
        }
        #expect(problems.errors.contains { $0.location == "$.faults[0].kind" && $0.message.contains("takes no 'sessionRevoked' fault")
                    && ($0.suggestion ?? "").contains("MockAuth") }, "\(problems.errors)")
    }

    /// An offline banner checked in the file of an app that shows none could never fail (or never
    /// pass): refused, saying how to declare one; taken for an app that declares it.
    @Test func anOfflineBannerCheckInTheFileOfAnAppWithoutABannerSaysWhatToDeclare() {
        let text = Self.ringsTheBell.replacingOccurrences(of: #""expect": {"finalRoute": "room"}"#,
                                                          with: #""expect": {"finalRoute": "room", "offlineBanner": false}"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "bell.json") else {
            Issue.record("accepted an offline banner check for a door with no banner")
            return
        }
        #expect(problems.errors.count == 1 && problems.errors.contains { $0.location == "$.expect.offlineBanner"
                    && $0.message.contains("shows no offline banner") && ($0.suggestion ?? "").contains("offlineBanner: true") },
                "\(problems.errors)")
        let pickup = #"{"format": 1, "app": "pickup", "name": "banner", "steps": [{"launch": true}], "expect": {"offlineBanner": false}}"#
        #expect((try? ScenarioDecoder.decode(pickup, file: "banner.json").get()) != nil, "the pickup app declares its banner")
    }

    /// The same for a resume gate (#63's audit: only the fix plan shows one): refused for an app
    /// whose roles declare none, saying what to declare; taken for the fix plan, which declares it.
    @Test func aResumeGateCheckInTheFileOfAnAppWithoutAGateSaysWhatToDeclare() {
        let text = Self.ringsTheBell.replacingOccurrences(of: #"{"wait": "5s"}"#, with: #"{"wait": "5s"}, {"expect": {"resumeGate": false}}"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "bell.json") else {
            Issue.record("accepted a resume gate check for a door with no gate")
            return
        }
        #expect(problems.errors.count == 1 && problems.errors.contains { $0.location == "$.steps[3].expect.resumeGate"
                    && $0.message.contains("shows no resume gate") && ($0.suggestion ?? "").contains("resumeGate: true") },
                "\(problems.errors)")
        let pickup = #"{"format": 1, "app": "pickup", "name": "gate", "steps": [{"launch": true}], "expect": {"resumeGate": false}}"#
        #expect((try? ScenarioDecoder.decode(pickup, file: "gate.json").get()) == nil, "the pickup app shows no gate")
        let fixPlan = #"{"format": 1, "name": "gate", "steps": [{"launch": true}], "expect": {"resumeGate": false}}"#
        #expect((try? ScenarioDecoder.decode(fixPlan, file: "gate.json").get()) != nil, "the fix plan declares its gate")
    }

    /// The same for the email field of an app that types no email: refused, saying what to declare.
    @Test func anEmailFieldCheckInTheFileOfAnAppThatTypesNoEmailSaysWhatToDeclare() {
        let text = Self.ringsTheBell.replacingOccurrences(of: #"{"wait": "5s"}"#, with: #"{"wait": "5s"}, {"expect": {"emailField": ""}}"#)
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "bell.json") else {
            Issue.record("accepted an email field check for a door that types no email")
            return
        }
        #expect(problems.errors.count == 1 && problems.errors.contains { $0.location == "$.steps[3].expect.emailField"
                    && $0.message.contains("declares no action that types an email") && ($0.suggestion ?? "").contains(".input(.email)") },
                "\(problems.errors)")
    }

    /// An access tokens' expiry is refused the same way in the file of an app whose backend
    /// expires none (the pickup app's own backend), and taken by an app that declares it.
    @Test func anExpiryFaultIsRefusedWhereTheBackendExpiresNoTokens() {
        let text = #"{"format": 1, "app": "pickup", "name": "expiry", "faults": [{"kind": "accessTokenExpired", "at": "2s"}], "#
            + #""steps": [{"launch": true}]}"#
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "expiry.json") else {
            Issue.record("accepted accessTokenExpired for the pickup app, whose backend expires no token")
            return
        }
        #expect(problems.errors.contains { $0.location == "$.faults[0].kind" && $0.message.contains("takes no 'accessTokenExpired' fault")
                    && ($0.suggestion ?? "").contains(".accessTokenExpired") }, "\(problems.errors)")
    }

    @Test func aPluginCannotNameItsOwnStepOrTimeoutAsEveryAppsOwn() {
        var waits = BellDoor()
        waits.id = AppID("waiting-door")
        waits.stepKinds = ["wait"]
        let refused = #expect(throws: AppRegistryError.self) { try AppRegistry.register(waits) }
        #expect(refused?.message.contains("\"wait\" is a step every app has") == true)
        #expect(AppRegistry.plugin(for: waits.id) == nil)
    }
}
