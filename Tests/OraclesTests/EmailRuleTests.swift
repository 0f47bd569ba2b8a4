import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
@testable import Oracles
import ToolAppsForTests

@Suite struct EmailRuleTests {
    init() { ToolApps.register() }
    @Test(arguments: ["o'brien@gmail.com", "ana+test@example.co.uk", "a@b.cd", "a@.cd", "@b.cd", "a@b.c",
                      "a b@c.de", "a@@b.cd", "a@b@c.de", "a@b.cd\r\n", "ab.cd", "a@bc.", "a\t@b.cd"])
    func theASCIIReadingAgreesWithTheCharacterReadingOnKnownAddresses(email: String) {
        #expect(ValidEmailAccepted.isWellFormed(ascii: Array(email.utf8))
            == ValidEmailAccepted.isWellFormed(characters: email))
    }

    @Test func theASCIIReadingAgreesWithTheCharacterReadingOnRandomStrings() {
        // local @ domain . tld, each part 0-3 characters, then one character of the alphabet
        // (white space, a second @, a dot…) put somewhere half the time.
        let alphabet = Array("ab.@ '+\t\r\n-".utf8)
        var random = SeededRandom(seed: 2026, stream: "emails")
        func part() -> [UInt8] { (0..<random.nextInt(in: 0...3)).map { _ in alphabet[random.nextInt(in: 0...1)] } }
        var wellFormed = 0
        for _ in 0..<5000 {
            var bytes = part() + [UInt8(ascii: "@")] + part() + [UInt8(ascii: ".")] + part()
            if random.nextInt(in: 0...1) == 1 {
                bytes.insert(alphabet[random.nextInt(in: 0...(alphabet.count - 1))], at: random.nextInt(in: 0...bytes.count))
            }
            let email = String(decoding: bytes, as: UTF8.self)
            let expected = ValidEmailAccepted.isWellFormed(characters: email)
            #expect(ValidEmailAccepted.isWellFormed(ascii: bytes) == expected, "\(email.debugDescription)")
            if expected { wellFormed += 1 }
        }
        #expect(wellFormed > 50, "the random strings must include well-formed addresses to compare")
    }

    @Test func theTypedAddressIsReadBackFromTheActionDetailByteOrCharacter() {
        #expect(ValidEmailAccepted.unquote("\"o'brien@gmail.com\"") == "o'brien@gmail.com")
        #expect(ValidEmailAccepted.unquote("\"\"") == "")
        #expect(ValidEmailAccepted.unquote("\"") == nil)
        #expect(ValidEmailAccepted.unquote("plain") == nil)
        #expect(ValidEmailAccepted.unquote("\"zoë@example.com\"") == "zoë@example.com")
        // A combining mark after the quote makes one character that is not a quote.
        #expect(ValidEmailAccepted.unquote("\"\u{301}a@b.cd\"") == nil)
    }

    /// An app's own sign-up form: an email field on a screen of its own, and the button it names.
    func form(typed: String, offers buttons: [String], roles: AppRoles = FixPlanRoles.roles) -> RunObservation {
        var shown = ScreenState(route: .named(RouteName("sign-up", kind: .auth)))
        shown.emailField = typed
        shown.actions = buttons.map { UserAction($0) }
        var empty = shown
        empty.emailField = ""
        empty.actions = [.typeEmail]
        var trace = Trace()
        let start = SimulationInstant(nanoseconds: 0), typing = SimulationInstant(nanoseconds: 1_000_000_000)
        trace.append(ModelEvent.screen(empty), at: start)
        trace.append(ModelEvent.userAction(.typeEmail, detail: "\"\(typed)\""), at: typing)
        trace.append(ModelEvent.screen(shown), at: typing)
        return RunObservation(trace: trace, roles: roles)
    }

    @Test func anAppsOwnEmailFieldEnablesTheButtonItNamesForAWellFormedAddressOnly() {
        let oracle = ValidEmailAccepted(submit: UserAction("sign-up"))
        let settings = OracleSettings()
        #expect(oracle.check(form(typed: "Ada@example.com", offers: ["type-email", "sign-up"]), settings: settings).isEmpty)
        #expect(oracle.check(form(typed: "new.user@example", offers: ["type-email"]), settings: settings).isEmpty)
        let refused = oracle.check(form(typed: "josé@example.com", offers: ["type-email"]), settings: settings)
        #expect(refused.first?.message.contains("\"sign-up\" stayed disabled") == true)
        let accepted = oracle.check(form(typed: "new.user@example.c", offers: ["type-email", "sign-up"]), settings: settings)
        #expect(accepted.first?.message.contains("malformed but \"sign-up\" was enabled") == true)
        // By default, the buttons the app declares as sending the address: the fix plan's Send code
        // is not Sign up, so a form that offers neither is judged (and one with no such role is not).
        let declared = ValidEmailAccepted().check(form(typed: "Ada@example.com", offers: ["type-email"]), settings: settings)
        #expect(declared.first?.message.contains("\"send-code\" stayed disabled") == true)
        #expect(ValidEmailAccepted().check(form(typed: "Ada@example.com", offers: ["type-email"], roles: .none), settings: settings).isEmpty)
    }

    /// An email and password form (a newcomer's trial, 2026-12-06): Sign up waits for the password
    /// too, so a valid address alone leaves it disabled rightly; a malformed one must still not enable it.
    @Test func aFormWithAnotherFieldMayKeepItsButtonForThatField() {
        let password = UserAction("type-password")
        let roles = AppRoles(actions: [(.typeEmail, .input(.email)), (password, .input(.text)), (UserAction("sign-up"), .submit(.email))])
        let settings = OracleSettings()
        #expect(ValidEmailAccepted().check(form(typed: "Ada@example.com", offers: ["type-email", "type-password"], roles: roles),
                                           settings: settings).isEmpty)
        #expect(ValidEmailAccepted().check(form(typed: "new.user@example", offers: ["type-email", "type-password", "sign-up"], roles: roles),
                                           settings: settings).count == 1)
        // Without the other field on offer, the disabled button is still reported.
        #expect(ValidEmailAccepted().check(form(typed: "Ada@example.com", offers: ["type-email"], roles: roles), settings: settings).count == 1)
    }
}
