/// The backend's refusal of a refresh token reused after its reuse window, as the trace records
/// it against the refused request (`ModelEvent.faultApplied`): whose token, and which request's
/// answer rotated it away (-1: none known). Written by `MockAuth`, read by the session rules,
/// spelled in this one place.
public enum RefreshTokenReuse {
    /// How every such mark starts.
    public static let prefix = "refresh-token-reused "

    /// The mark for `user`'s token, rotated away by the answer to request `rotatedBy`.
    public static func mark(user: String, rotatedBy: Int) -> String { "\(prefix)user=\(user) rotated-by=\(rotatedBy)" }

    /// The user and the rotating request of a mark, or nil for any other fault.
    public static func parse(_ fault: String) -> (user: String, rotatedBy: Int)? {
        guard fault.hasPrefix(prefix) else { return nil }
        var user: String?
        var rotatedBy: Int?
        for field in fault.dropFirst(prefix.count).split(separator: " ") {
            if field.hasPrefix("user=") { user = String(field.dropFirst(5)) }
            if field.hasPrefix("rotated-by=") { rotatedBy = Int(field.dropFirst(11)) }
        }
        guard let user, let rotatedBy else { return nil }
        return (user, rotatedBy)
    }
}
