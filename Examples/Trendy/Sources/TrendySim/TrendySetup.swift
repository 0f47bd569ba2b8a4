import AppVocabulary
import Scenarios

/// The Trendy phone a scenario starts from (`"device"`): whether onboarding was done on it,
/// Reduce Motion, and what the user answers to each system prompt (`online` is every app's).
/// The Trendy backend takes no settings (`NoSettings`).
struct TrendyDevice: Decodable {
    var onboardingComplete: Bool?
    var reduceMotion: Bool?
    var grantsNotifications: Bool?
    var grantsLocation: Bool?

    /// What the user answers to each system prompt, by permission; one not set is granted.
    var answers: [String: Bool] {
        var answers: [String: Bool] = [:]
        if let grantsNotifications { answers["notifications"] = grantsNotifications }
        if let grantsLocation { answers["location"] = grantsLocation }
        return answers
    }
}

extension TrendyDevice {
    /// `TrendyDevice` as JSON Schema, for `schema` and an editor (`TrendyApp.scenarioSchema`).
    static let schema = SchemaValue.object([
        ("onboardingComplete", SchemaValue.boolean("Onboarding was finished on this phone before the first launch.")),
        ("reduceMotion", SchemaValue.boolean("Reduce Motion is on (000 Pitfall 8).")),
        ("grantsNotifications", SchemaValue.boolean("false: the user answers Don't Allow to the notification prompt.")),
        ("grantsLocation", SchemaValue.boolean("false: the user answers Don't Allow to the location prompt.")),
        ("online", SchemaValue.boolean("false: start offline.")),
    ])
}
