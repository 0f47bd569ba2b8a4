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
