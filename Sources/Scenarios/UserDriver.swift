/// Who drives the personas in an exploration: the free user (the default) or the scripted
/// policy with one woven detour (kept so that the two can be compared).
public enum UserDriver: String, Sendable, CaseIterable {
    /// A seeded, weighted user who does anything a person can (`FreeUser`).
    case free
    /// The primary forward action every time, plus at most one detour from the swarm (`UserPolicy`).
    case scripted

    /// What `explore`, `replay`, `shrink` and `report` use unless told otherwise.
    public static let standard: UserDriver = .free

    /// The option's help text.
    public static let help = "who drives the personas: free (a seeded user who does anything a person can) "
        + "or scripted (the forward action, with the one detour an app's swarm may draw); default \(standard.rawValue)"
}
