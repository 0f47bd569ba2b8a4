import Testing
import SimKernel
@testable import Oracles

@Suite struct EmailRuleTests {
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
}
