/// The addresses a person types into an email field, on any app: the same repertoire for the
/// bundled apps' drives and for the free user of an app known only by its vocabulary.
extension FreeUser {
    /// Addresses a person might mean instead: valid, of other shapes (002 §12: the fix "accepts
    /// anything with: non-whitespace-non-@ + @ + non-whitespace-non-@ + . + 2+ chars", letters
    /// beyond ASCII among them).
    public static let otherEmails = ["o'brien@gmail.com", "ana+test@example.co.uk", "li.wei@example.org", "new.user@example.com",
                                     "josé@example.com"]
    /// Addresses a person mistypes: each one must be refused on the device (a top-level domain of
    /// one letter is under §12's "2+ chars").
    public static let malformedEmails = ["new.user@example", "new.user.example.com", "new user@example.com", "@example.com",
                                         "new.user@example.c"]

    /// `email` as the phone's keyboard types it into a field that does not turn off
    /// auto-capitalisation: its first letter capitalised ("Ada@example.com"). Still a valid
    /// address (000 Pitfall 11's `TextField("Email")` with `.keyboardType(.emailAddress)`).
    public static func autocapitalised(_ email: String) -> String {
        guard let first = email.first else { return email }
        return first.uppercased() + email.dropFirst()
    }
}
