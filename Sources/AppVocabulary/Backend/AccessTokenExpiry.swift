/// How a backend puts an access token's expiry on record, so that the oracles read it without
/// knowing the backend: the moment the account's access tokens expire (a note, `access-tokens-
/// expired user=u1`), and each request refused for carrying one (a fault on the request,
/// `access-token-expired user=u1`). `MockAuth` writes both.
public enum AccessTokenExpiry {
    /// The note that every access token of a user issued so far expired.
    public static let note = "access-tokens-expired"
    /// The start of the fault that refuses a request carrying an expired access token.
    public static let refusal = "access-token-expired"

    /// The note for `user`.
    public static func note(user: String) -> String { "\(note) user=\(user)" }
}
