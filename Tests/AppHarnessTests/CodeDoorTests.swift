import Testing
import AppVocabulary
import Scenarios
import Oracles

/// The shared oracles on a code screen of a team's own app (`CodeDoorApp`): each reads the roles
/// the app declares, stays quiet on the fixed app, and catches the bug it exists for.
@Suite struct CodeDoorTests {
    init() throws { try AppRegistry.register(CodeDoorApp()) }

    /// Email, Send, a wrong code, Back, Send again, the right code: the room.
    static let secondVisit = """
        {"format": 1, "app": "code-door", "name": "A second code screen starts empty",
         "guards": ["code-door-stale-code", "code-door-first-code-verified"],
         "steps": [{"launch": true}, {"action": "type-email", "input": "ada@example.com"}, {"wait": "100ms"}, {"action": "send"},
                   {"wait": "2s"}, {"action": "type-code", "input": "111111"}, {"wait": "100ms"}, {"action": "verify"},
                   {"wait": "2s"}, {"action": "back"}, {"wait": "1s"}, {"action": "send"}, {"wait": "2s"},
                   {"action": "type-code", "input": "123456"}, {"wait": "100ms"}, {"action": "verify"}, {"wait": "2s"}],
         "expect": {"finalRoute": "room"}}
        """

    /// The first send fails (a 503): the form says so; the second goes through.
    static let failedSend = """
        {"format": 1, "app": "code-door", "name": "A failed send keeps the form", "guards": ["code-door-screen-without-send"],
         "faults": [{"kind": "error", "endpoint": "send-code", "nth": 1, "status": 503}],
         "steps": [{"launch": true}, {"action": "type-email", "input": "ada@example.com"}, {"wait": "100ms"}, {"action": "send"},
                   {"wait": "2s"}, {"expect": {"finalRoute": "email", "errorShown": true}}, {"action": "send"}, {"wait": "2s"},
                   {"action": "type-code", "input": "123456"}, {"wait": "100ms"}, {"action": "verify"}, {"wait": "2s"}],
         "expect": {"finalRoute": "room"}}
        """

    /// Send, Back before the countdown ends, Send again: the second visit's countdown runs
    /// alone, and Resend comes 30 s after the second code; then Resend, and the code.
    static let countdown = """
        {"format": 1, "app": "code-door", "name": "Each code screen counts 30 s once",
         "guards": ["code-door-leaked-countdown", "code-door-early-resend"],
         "steps": [{"launch": true}, {"action": "type-email", "input": "ada@example.com"}, {"wait": "100ms"}, {"action": "send"},
                   {"wait": "5s"}, {"action": "back"}, {"wait": "1s"}, {"action": "send"}, {"wait": "40s"},
                   {"action": "resend"}, {"wait": "3s"},
                   {"action": "type-code", "input": "123456"}, {"wait": "100ms"}, {"action": "verify"}, {"wait": "2s"}],
         "expect": {"finalRoute": "room"}}
        """

    /// Email and Send, then `enterCode` (`entry`): the code from the mail, typed and sent.
    static func enteringTheCode(_ entry: String, finalRoute: String) -> String {
        """
        {"format": 1, "app": "code-door", "name": "The code from the mail",
         "steps": [{"launch": true}, {"action": "type-email", "input": "ada@example.com"}, {"wait": "100ms"}, {"action": "send"},
                   {"wait": "2s"}, {"enterCode": \(entry)}, {"wait": "2s"}],
         "expect": {"finalRoute": "\(finalRoute)"}}
        """
    }

    @Test func enterCodeTypesTheNewestCodeFromTheMailAndSendsIt() throws {
        let found = try run(Self.enteringTheCode("true", finalRoute: "room"))
        #expect(found.passed, "\(found.violations.map(\.message))")
        #expect(found.simulation.trace.canonicalText.contains(#"action type-code "123456""#))
        // Another address got no code: the user types a wrong one, and the door stays shut.
        let none = try run(Self.enteringTheCode(#""bob@example.com""#, finalRoute: "code"))
        #expect(none.passed, "\(none.violations.map(\.message))")
        #expect(none.simulation.trace.canonicalText.contains(#"action type-code "000000""#))
    }

    func run(_ text: String, mutants: [Mutant] = []) throws -> ScenarioResult {
        ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "code-door.json").get(), mutants: mutants)
    }

    @Test func theFixedAppPassesEverySharedOracle() throws {
        for text in [Self.secondVisit, Self.failedSend, Self.countdown] {
            let result = try run(text)
            #expect(result.passed, "\(result.violations.map(\.message))\n\(result.simulation.trace.canonicalText)")
        }
    }

    @Test func theCodeFieldShowsOnlyWhatTheUserTypedOnThisVisit() throws {
        let result = try run(Self.secondVisit, mutants: [CodeDoorApp.staleCode])
        #expect(result.violations.contains { $0.oracle == "codeFieldIsTheUsers" }, "\(result.violations.map(\.oracle))")
    }

    @Test func theCodeScreenFollowsASentCode() throws {
        let result = try run(Self.failedSend, mutants: [CodeDoorApp.screenWithoutSend])
        #expect(result.violations.contains { $0.oracle == "codeScreenFollowsASentCode" }, "\(result.violations.map(\.oracle))")
    }

    @Test func theVerificationCarriesTheCodeTheUserTyped() throws {
        let result = try run(Self.secondVisit, mutants: [CodeDoorApp.firstCodeVerified])
        #expect(result.violations.contains { $0.oracle == "requestsCarryWhatTheUserEntered" }, "\(result.violations.map(\.oracle))")
        #expect(result.simulation.trace.canonicalText.contains(#"request-carries id=4 verify-code email="ada@example.com" code="111111""#))
    }

    @Test func aCountdownLeftRunningWhenItsScreenWentIsCaught() throws {
        let result = try run(Self.countdown, mutants: [CodeDoorApp.leakedCountdown])
        #expect(result.violations.contains { $0.oracle == "noLeakedTimers" }, "\(result.violations.map(\.oracle))")
    }

    @Test func resendOfferedBeforeTheCountdownEndsIsCaught() throws {
        let result = try run(Self.countdown, mutants: [CodeDoorApp.earlyResend])
        #expect(result.violations.contains { $0.oracle == "resendAfterTheCountdown" }, "\(result.violations.map(\.oracle))")
    }

    @Test func theAppsListHasTheCodeScreenOracles() {
        let names = AppRegistry.oracles(for: CodeDoorApp.app).map(\.name)
        for oracle in ["codeFieldIsTheUsers", "codeScreenFollowsASentCode", "noLeakedTimers", "resendAfterTheCountdown"] {
            #expect(names.contains(oracle), "\(oracle)")
        }
    }

    /// Issue #63: a role declared without what it needs is refused when the app registers, with
    /// what to add, instead of failing every run of a correct app.
    @Test func anAppThatTypesACodeButGivesItsWorldNoInboxIsRefusedAtRegistration() {
        let refused = #expect(throws: AppRegistryError.self) { try AppRegistry.register(CodeDoorApp(givesNoInbox: true)) }
        #expect(refused?.message.contains("its world has no Inbox") == true, "\(String(describing: refused))")
        #expect(refused?.message.contains("AppHostWorld(..., inbox: inbox)") == true)
    }

    /// And account losses declared for a world whose backend never hears of them (not on
    /// `MockAuth`, no `lose`): every one drawn would be accepted and do nothing.
    @Test func anAppThatDeclaresAccountLossesItsBackendNeverHearsIsRefusedAtRegistration() {
        let refused = #expect(throws: AppRegistryError.self) { try AppRegistry.register(CodeDoorApp(declaresUnheardLosses: true)) }
        #expect(refused?.message.contains("its world's backend never hears of them") == true, "\(String(describing: refused))")
        #expect(refused?.message.contains("AppBackend on MockAuth") == true && refused?.message.contains("lose:") == true)
    }
}
