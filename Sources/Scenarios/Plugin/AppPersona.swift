import SimKernel
import AppVocabulary

/// A kind of user `explore` simulates on a plug-in app: a name (`--persona`), what it stands for,
/// and its starting world for a seed: the scenario's `device` and `backend` sections, drawn from
/// the persona's own seeded stream, so that one persona covers a family of starts.
public struct AppPersona: Sendable {
    public let name: String
    public let summary: String
    /// Whether the user has an account already (the free user's `returning`).
    public let returning: Bool
    public let setup: @Sendable (inout SeededRandom) -> AppSetup

    public init(name: String, summary: String, returning: Bool = false,
                setup: @escaping @Sendable (inout SeededRandom) -> AppSetup = { _ in AppSetup() }) {
        self.name = name
        self.summary = summary
        self.returning = returning
        self.setup = setup
    }
}
