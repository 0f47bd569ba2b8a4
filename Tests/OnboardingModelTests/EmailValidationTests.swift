import Testing
@testable import AppVocabulary
@testable import OnboardingModel
import SimKernel

/// The hand-written email matchers agree with the fix plan's regular expressions exactly.
@Suite struct EmailValidationTests {
    static let samples = [
        "o'brien@gmail.com", "new.user@example.com", "ana+test@example.co.uk", "a@b.c", "a@b.cd", "a@b.c.d",
        "a@b.cd.e", "a@.cd", "@b.cd", "a@b", "a b@c.de", "a@b@c.de", "a@b.c1", "a@b.1c", "a@b-c.de", "a_b@c.de",
        "a%b@c.de", "a@b..cd", "a@b.cd.", "é@b.cd", "a@é.cd", "a@b.éé", "", "@", "a@", "a@b.", "x@y.zz\t", "a@b.c d",
        "UPPER@CASE.COM", "dots.in.local@sub.domain.example", "a@b.-c", "a@-.cc", "a@..cc",
    ]

    @Test(arguments: samples)
    func theMatchersAgreeWithTheFixPlansRegexes(_ email: String) throws {
        let permissive = try Regex(EmailValidation.permissive)
        let strict = try Regex(EmailValidation.strict)
        #expect(EmailValidation.matchesPermissive(email) == (email.wholeMatch(of: permissive) != nil), "permissive: \(email)")
        #expect(EmailValidation.matchesStrict(email) == (email.wholeMatch(of: strict) != nil), "strict: \(email)")
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theASCIIPathAgreesWithTheCharacterPathOnSeededAddresses(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "emails")
        let alphabet = Array("ab.@ \t\r\n-'_\u{0B}\u{0C}")
        for _ in 0..<3_000 {
            let length = random.nextInt(in: 0...12)
            let email = String((0..<length).map { _ in alphabet[random.nextInt(in: 0...alphabet.count - 1)] })
            #expect(EmailValidation.matchesPermissive(ascii: email) == EmailValidation.matchesPermissive(characters: email),
                    "\(email.debugDescription)")
        }
        #expect(EmailValidation.matchesPermissive(ascii: "é@b.cd") == nil)
    }
}
