import Testing
import AppVocabulary

/// Addresses compared as mail servers compare them: `CaseFolding.folded` is `lowercased()`, with
/// no new string for one that is lowercase ASCII already.
struct CaseFoldingTests {
    @Test(arguments: ["ada@example.com", "Ada@Example.COM", "o'brien@gmail.com", "ZOË@exämple.org", "", "ÀÉÎ", "new.user@example.com"])
    func foldingIsLowercasing(address: String) {
        #expect(CaseFolding.folded(address) == address.lowercased())
    }

    @Test func anInboxFindsACodeWhateverTheCaseOfTheAddress() {
        let inbox = Inbox()
        inbox.deliver(code: "111111", to: "Ada@Example.com")
        inbox.deliver(code: "222222", to: "bea@example.com")
        #expect(inbox.latestCode(for: "ada@example.COM") == "111111")
        #expect(inbox.latestCode(for: "BEA@example.com") == "222222")
        #expect(inbox.count(for: "ADA@EXAMPLE.COM") == 1 && inbox.latestCode(for: "cy@example.com") == nil)
    }
}
